package org.rpcbench.dubbo;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.apache.dubbo.rpc.protocol.tri.TripleCustomerProtocolWrapper;

/**
 * What a triple request's wrapper message names, read off its bytes without decoding the rest: Dubbo's own
 * {@code TripleRequestWrapper.parseFrom} copies every argument, which for a 1 MiB echo is 1 MiB more per call.
 */
public final class TripleWrapper {

    /** The wrapper's serializer field; the others (arguments, their types) are skipped. */
    private static final int SERIALIZE_TYPE_FIELD = 1;
    /** Protobuf's wire type of a length-delimited field: every field of the wrapper is a string or bytes. */
    private static final int LENGTH_DELIMITED = 2;

    private TripleWrapper() {
    }

    /**
     * The serializer the wrapper names, as triple spells it (hessian2 is {@code hessian4}); null when it names none.
     *
     * @throws IllegalArgumentException when the bytes are not a wrapper message
     */
    public static String serializeType(byte[] wrapper) {
        ByteBuffer buffer = ByteBuffer.wrap(wrapper);
        while (buffer.hasRemaining()) {
            int tag = varint(buffer);
            if (TripleCustomerProtocolWrapper.extractWireTypeFromTag(tag) != LENGTH_DELIMITED) {
                throw notAWrapper("field tag " + tag + " is not a string's or bytes'");
            }
            int length = varint(buffer);
            if (length < 0 || length > buffer.remaining()) {
                throw notAWrapper("a field of " + length + " bytes with " + buffer.remaining() + " left");
            }
            if (TripleCustomerProtocolWrapper.extractFieldNumFromTag(tag) == SERIALIZE_TYPE_FIELD) {
                return new String(wrapper, buffer.position(), length, StandardCharsets.UTF_8);
            }
            buffer.position(buffer.position() + length);
        }
        return null;
    }

    private static int varint(ByteBuffer buffer) {
        try {
            return TripleCustomerProtocolWrapper.readRawVarint32(buffer);
        } catch (BufferUnderflowException e) {
            throw notAWrapper("it ends inside a number");
        }
    }

    private static IllegalArgumentException notAWrapper(String why) {
        return new IllegalArgumentException("not a triple request wrapper: " + why);
    }
}
