package org.rpcbench.dubbo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class DecodedSerializersTest {

    @Test
    void theFilterTakesWhatTheDecoderNotedOnce() {
        Object[] arguments = {1L};
        DecodedSerializers.note(arguments, "fastjson2");
        assertEquals("fastjson2", DecodedSerializers.take(arguments));
        assertNull(DecodedSerializers.take(arguments));
    }

    @Test
    void equalArgumentsOfAnotherCallFindNothing() {
        Object[] decoded = {1L};
        DecodedSerializers.note(decoded, "hessian2");
        assertNull(DecodedSerializers.take(new Object[] {1L}));
        assertNull(DecodedSerializers.take(null));
        assertEquals("hessian2", DecodedSerializers.take(decoded));
    }
}
