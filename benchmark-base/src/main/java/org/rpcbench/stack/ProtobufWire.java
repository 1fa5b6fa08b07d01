package org.rpcbench.stack;

/** What an HTTP/2 call's content type says of its body, as gRPC and Dubbo's triple label protobuf. */
public final class ProtobufWire {

    /** The serializer's name, as every stack states it. */
    public static final String SERIALIZATION = "protobuf";

    private ProtobufWire() {
    }

    /** protobuf for the gRPC content types that carry it (with or without parameters); null for anything else. */
    public static String serializationOf(String contentType) {
        String type = MediaTypes.withoutParameters(contentType);
        return "application/grpc".equals(type) || "application/grpc+proto".equals(type) ? SERIALIZATION : null;
    }
}
