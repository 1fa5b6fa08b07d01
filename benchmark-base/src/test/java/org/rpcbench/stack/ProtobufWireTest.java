package org.rpcbench.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class ProtobufWireTest {

    @Test
    void onlyGrpcsProtobufContentTypesAreReadAsProtobuf() {
        assertEquals("protobuf", ProtobufWire.serializationOf("application/grpc"));
        assertEquals("protobuf", ProtobufWire.serializationOf("application/grpc+proto"));
        assertEquals("protobuf", ProtobufWire.serializationOf("application/grpc+proto; charset=utf-8"));
        assertNull(ProtobufWire.serializationOf("application/grpc+json"));
        assertNull(ProtobufWire.serializationOf("application/json"));
        assertNull(ProtobufWire.serializationOf(null));
    }
}
