package org.rpcbench.dubbo;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.remoting.Constants;
import org.apache.dubbo.remoting.transport.CodecSupport;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.rpcbench.stack.JsonWire;

/**
 * Serializer names and the ids that travel in every Dubbo header. Dubbo maps an unknown name (misspelt, or its jar
 * missing) silently to hessian2; here an unknown name is an error.
 */
public final class WireSerialization {

    /** The URL parameter that names a provider's or consumer's serializer. */
    public static final String URL_KEY = Constants.SERIALIZATION_KEY;

    /**
     * The URL parameter of a provider whose measured calls travel in a format that is no Dubbo serializer: json for
     * REST over triple, whose HTTP message codec reads the body by its content type.
     */
    public static final String WIRE_KEY = "rpcbench.wire";

    /** Dubbo's name for the JDK's own serialization, which Java RMI marshals every call with. */
    static final String JAVA = "java";

    private static final Map<Byte, String> NAMES_BY_ID = new ConcurrentHashMap<>();

    private WireSerialization() {
    }

    /** What a provider accepts on the wire: the format its {@link #WIRE_KEY} names, else its Dubbo serializer. */
    static String configured(URL url) {
        return url.getParameter(WIRE_KEY, url.getParameter(URL_KEY));
    }

    /**
     * Checks that this JVM can read and write what a provider is configured for: a Dubbo serializer by its
     * extension, REST's JSON by the JSON framework triple is told to use.
     *
     * @throws IllegalStateException saying why it cannot
     */
    static void checkAvailable(String configured) {
        if (JsonWire.SERIALIZATION.equals(configured)) {
            RestJson.framework();
        } else {
            idOf(configured);
        }
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

    /**
     * The serializer name behind a wire id, as Dubbo registers it; looked up once per id, since the wire filter asks
     * on every call and Dubbo copies its extension names for each lookup.
     */
    public static String nameOf(byte id) {
        return NAMES_BY_ID.computeIfAbsent(id, WireSerialization::lookUpName);
    }

    private static String lookUpName(byte id) {
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
