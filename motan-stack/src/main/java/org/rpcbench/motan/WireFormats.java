package org.rpcbench.motan;

import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;

import com.weibo.api.motan.codec.Serialization;
import com.weibo.api.motan.core.extension.SpiMeta;

/**
 * Which of motan's serializers wrote an argument, told from its bytes: each serializer motan has (found as motan
 * finds them) writes the probe's marker its own way, so the bytes that arrived name the one that wrote them.
 */
final class WireFormats {

    /**
     * The probe's one argument: a string every serializer writes, each differently; over 31 characters, since
     * hessian2 and breeze write a shorter one byte for byte alike.
     */
    static final String PROBE_MARKER = "rpcbench wire probe, written by the client's serializer";

    /** Each serializer's name and its bytes of the marker. */
    private static final Map<String, byte[]> MARKERS = markers();

    private WireFormats() {
    }

    private static Map<String, byte[]> markers() {
        Map<String, byte[]> markers = new LinkedHashMap<>();
        for (Serialization serialization : ServiceLoader.load(Serialization.class)) {
            SpiMeta meta = serialization.getClass().getAnnotation(SpiMeta.class);
            try {
                markers.put(meta.name(), serialization.serialize(PROBE_MARKER));
            } catch (IOException | RuntimeException e) {
                // a serializer that cannot write a string could not have written the marker either
            }
        }
        return markers;
    }

    /** The serializers that can be told apart, by name. */
    static Map<String, byte[]> markerBytes() {
        return MARKERS;
    }

    /** The serializer whose bytes of the marker these are, or "unknown (first bytes ...)". */
    static String writerOf(byte[] argument) {
        if (argument == null) {
            return "none (the probe carried no argument)";
        }
        for (Map.Entry<String, byte[]> marker : MARKERS.entrySet()) {
            if (Arrays.equals(marker.getValue(), argument)) {
                return marker.getKey();
            }
        }
        StringBuilder first = new StringBuilder();
        for (int i = 0; i < Math.min(8, argument.length); i++) {
            first.append(String.format("%02x", argument[i]));
        }
        return "unknown (first bytes " + first + ")";
    }
}
