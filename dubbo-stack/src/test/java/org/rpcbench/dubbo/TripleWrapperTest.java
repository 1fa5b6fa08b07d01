package org.rpcbench.dubbo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.apache.dubbo.rpc.protocol.tri.TripleCustomerProtocolWrapper.TripleRequestWrapper;
import org.junit.jupiter.api.Test;

class TripleWrapperTest {

    /** A request as triple's consumer wraps it: serializer, the arguments' bytes, their types. */
    private static byte[] wrapped(String serializer, byte[] argument) {
        return TripleRequestWrapper.Builder.newBuilder().setSerializeType(serializer).addArgs(argument)
                .addArgTypes("java.lang.Object").build().toByteArray();
    }

    /** One length-delimited protobuf field: tag, length, bytes (lengths and tags under 128 here). */
    private static void field(ByteArrayOutputStream out, int number, byte[] value) {
        out.write(number << 3 | 2);
        out.write(value.length);
        out.writeBytes(value);
    }

    @Test
    void theSerializerIsReadAsDubbosOwnParserReadsIt() {
        byte[] wrapper = wrapped("hessian4", new byte[70_000]);
        assertEquals(TripleRequestWrapper.parseFrom(wrapper).getSerializeType(), TripleWrapper.serializeType(wrapper));
        byte[] json = wrapped("fastjson2", "{}".getBytes(StandardCharsets.UTF_8));
        assertEquals("fastjson2", TripleWrapper.serializeType(json));
    }

    @Test
    void fieldsBeforeTheSerializerAreSkippedAndAWrapperWithoutOneNamesNone() {
        ByteArrayOutputStream argumentsFirst = new ByteArrayOutputStream();
        field(argumentsFirst, 2, new byte[100]);
        field(argumentsFirst, 3, "long".getBytes(StandardCharsets.UTF_8));
        field(argumentsFirst, 1, "hessian4".getBytes(StandardCharsets.UTF_8));
        assertEquals("hessian4", TripleWrapper.serializeType(argumentsFirst.toByteArray()));

        ByteArrayOutputStream noSerializer = new ByteArrayOutputStream();
        field(noSerializer, 2, new byte[3]);
        assertNull(TripleWrapper.serializeType(noSerializer.toByteArray()));
    }

    @Test
    void bytesThatAreNoWrapperAreRefusedNamingWhy() {
        byte[] wrapper = wrapped("hessian4", new byte[10]);
        IllegalArgumentException truncated = assertThrows(IllegalArgumentException.class,
                () -> TripleWrapper.serializeType(Arrays.copyOf(wrapper, 3)));
        assertTrue(truncated.getMessage().contains("a field of 8 bytes with 1 left"), truncated.getMessage());
        IllegalArgumentException varint = assertThrows(IllegalArgumentException.class,
                () -> TripleWrapper.serializeType(new byte[] {(byte) 0x08}));
        assertTrue(varint.getMessage().contains("is not a string's or bytes'"), varint.getMessage());
        IllegalArgumentException endsInANumber = assertThrows(IllegalArgumentException.class,
                () -> TripleWrapper.serializeType(new byte[] {(byte) 0x8A}));
        assertTrue(endsInANumber.getMessage().contains("ends inside a number"), endsInANumber.getMessage());
    }
}
