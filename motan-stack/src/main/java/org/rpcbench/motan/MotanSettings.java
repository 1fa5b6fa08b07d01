package org.rpcbench.motan;

import com.weibo.api.motan.codec.Serialization;
import com.weibo.api.motan.core.extension.ExtensionLoader;
import org.rpcbench.stack.ModuleProperties;

/**
 * A motan pair's configuration, its module's {@code motan.properties}: the serialization both sides use (motan's
 * name for it; hessian2 when unsaid) and the server's thread model ({@code threads}, as every stack reads it).
 *
 * @param serialization motan's name of the serializer
 */
record MotanSettings(String serialization) {

    static final String RESOURCE = "motan.properties";

    /**
     * @throws IllegalArgumentException when the serializer named is not one motan has on the class path: motan
     *                                  would otherwise fail only at the first call
     */
    static MotanSettings load() {
        String serialization = ModuleProperties.read(RESOURCE).getProperty("serialization", "hessian2").trim();
        if (ExtensionLoader.getExtensionLoader(Serialization.class).getExtensionClass(serialization) == null) {
            throw new IllegalArgumentException(RESOURCE + ": motan has no serialization '" + serialization
                    + "' on the class path");
        }
        return new MotanSettings(serialization);
    }
}
