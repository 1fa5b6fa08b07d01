package org.rpcbench.dubbo;

import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.remoting.Constants;
import org.apache.dubbo.remoting.transport.CodecSupport;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * Serializer names and the ids that travel in every Dubbo header. Dubbo maps an unknown name (misspelt, or its jar
 * missing) silently to hessian2; here an unknown name is an error.
 */
public final class WireSerialization {

    /** The URL parameter that names a provider's or consumer's serializer. */
    public static final String URL_KEY = Constants.SERIALIZATION_KEY;

    private WireSerialization() {
    }

    /** The id of a serializer this JVM can load, or an exception that says why it cannot. */
    public static byte idOf(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalStateException("no serialization is configured: set it explicitly on both sides");
        }
        if (!FrameworkModel.defaultModel().getExtensionLoader(Serialization.class).hasExtension(name)) {
            throw new IllegalStateException("serialization '" + name + "' is not available in this JVM: the name is"
                    + " misspelt or its jar is missing from the class path (Dubbo would silently use hessian2)");
        }
        return CodecSupport.getIDByName(name);
    }

    /** The serializer name behind a wire id, as Dubbo registers it. */
    public static String nameOf(byte id) {
        for (String name : FrameworkModel.defaultModel().getExtensionLoader(Serialization.class)
                .getSupportedExtensions()) {
            Byte nameId = CodecSupport.getIDByName(name);
            if (nameId != null && nameId == id) {
                return name;
            }
        }
        return "unknown serialization id " + id;
    }
}
