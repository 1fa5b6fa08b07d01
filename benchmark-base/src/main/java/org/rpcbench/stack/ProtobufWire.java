package org.rpcbench.stack;

/** What an HTTP/2 call's content type says of its body, as gRPC and Dubbo's triple label protobuf. */
public final class ProtobufWire {

    /** The serializer's name, as every stack states it. */
    public static final String SERIALIZATION = "protobuf";

    private ProtobufWire() {
    }

    /** protobuf for the gRPC content types that carry it (with or without parameters); null for anything else. */
    public static String serializationOf(String contentType) {
        if (contentType == null) {
            return null;
        }
        int parameters = contentType.indexOf(';');
        String type = parameters < 0 ? contentType : contentType.substring(0, parameters).trim();
        return type.equals("application/grpc") || type.equals("application/grpc+proto") ? SERIALIZATION : null;
    }
}
