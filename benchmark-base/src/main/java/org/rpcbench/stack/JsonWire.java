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
        if (contentType == null) {
            return null;
        }
        int parameters = contentType.indexOf(';');
        String type = parameters < 0 ? contentType : contentType.substring(0, parameters).trim();
        return type.equalsIgnoreCase(CONTENT_TYPE) ? SERIALIZATION : null;
    }
}
