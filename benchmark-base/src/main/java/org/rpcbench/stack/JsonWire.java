package org.rpcbench.stack;

/** What an HTTP call's content type says of its body when it is JSON, as REST clients and servers label it. */
public final class JsonWire {

    /** The format's name, as every stack states it (REST has no serializer of its own, only a JSON framework). */
    public static final String SERIALIZATION = "json";

    /** The media type a REST client sends and reads. */
    public static final String CONTENT_TYPE = "application/json";

    private JsonWire() {
    }

    /** json for JSON's media type (with or without parameters such as a charset); null for anything else. */
    public static String serializationOf(String contentType) {
        return CONTENT_TYPE.equalsIgnoreCase(MediaTypes.withoutParameters(contentType)) ? SERIALIZATION : null;
    }
}
