package org.rpcbench.motan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import com.weibo.api.motan.serialize.FastJsonSerialization;
import com.weibo.api.motan.serialize.Hessian2Serialization;
import org.junit.jupiter.api.Test;

class WireFormatsTest {

    @Test
    void eachOfMotansSerializersWritesTheMarkerItsOwnWay() {
        Map<String, byte[]> markers = WireFormats.markerBytes();
        assertTrue(markers.keySet().containsAll(List.of("hessian2", "fastjson")), markers.keySet().toString());
        for (Map.Entry<String, byte[]> one : markers.entrySet()) {
            for (Map.Entry<String, byte[]> other : markers.entrySet()) {
                if (!one.getKey().equals(other.getKey())) {
                    assertTrue(!Arrays.equals(one.getValue(), other.getValue()),
                            one.getKey() + " and " + other.getKey() + " write the marker alike");
                }
            }
        }
    }

    @Test
    void theBytesNameTheSerializerThatWroteThem() throws Exception {
        assertEquals("hessian2", WireFormats.writerOf(new Hessian2Serialization().serialize(WireFormats.PROBE_MARKER)));
        assertEquals("fastjson", WireFormats.writerOf(new FastJsonSerialization().serialize(WireFormats.PROBE_MARKER)));
        assertEquals("unknown (first bytes 7270632062656e63)",
                WireFormats.writerOf("rpc bench".getBytes(StandardCharsets.UTF_8)));
    }
}
