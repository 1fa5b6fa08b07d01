package org.rpcbench.dubbo;

import org.apache.dubbo.common.config.ConfigurationUtils;
import org.apache.dubbo.common.extension.ExtensionLoader;
import org.apache.dubbo.common.json.JsonUtil;
import org.apache.dubbo.rpc.Constants;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * The JSON framework triple's REST codec reads and writes bodies with. Unnamed, Dubbo takes whichever it finds
 * first on the class path, so a REST provider must name it, and the name is checked as Dubbo will load it.
 */
final class RestJson {

    private RestJson() {
    }

    /** @throws IllegalStateException when no framework is named, or the named one cannot be loaded */
    static String framework() {
        FrameworkModel framework = FrameworkModel.defaultModel();
        String key = Constants.H2_SETTINGS_JSON_FRAMEWORK_NAME;
        String name = ConfigurationUtils.getGlobalConfiguration(framework.defaultApplication()).getString(key, null);
        if (name == null) {
            throw new IllegalStateException("REST's JSON framework is not named (" + key + "): Dubbo would use"
                    + " whichever it finds first");
        }
        ExtensionLoader<JsonUtil> frameworks = framework.getExtensionLoader(JsonUtil.class);
        if (!frameworks.hasExtension(name) || !frameworks.getExtension(name).isSupport()) {
            throw new IllegalStateException("REST's JSON framework '" + name + "' is not available in this JVM: the"
                    + " name is misspelt or its jar is missing from the class path");
        }
        return name;
    }
}
