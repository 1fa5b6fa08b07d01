package org.rpcbench.dubbo;

import java.util.Arrays;

/**
 * The first bytes a Java RMI client sent on a connection, as they arrived: JRMP's header ("JRMI", version 2, the
 * stream protocol), the client's endpoint, and its first call (message 0x50) whose arguments open a Java
 * serialization stream (magic 0xACED, version 5). Kept once per connection, so a call pays nothing after them.
 */
final class JrmpHead {

    /** JRMP's header, the client's endpoint (a host name and a port) and the first call's opening fit in this. */
    static final int KEPT_BYTES = 256;
    private static final byte[] JRMI = {'J', 'R', 'M', 'I'};
    private static final byte[] CALL_OF_JAVA_STREAM = {0x50, (byte) 0xAC, (byte) 0xED, 0x00, 0x05};

    private final byte[] kept = new byte[KEPT_BYTES];
    private int length;
    private volatile String serialization;

    /** Called with each read's bytes; once they have been read, at the cost of one volatile read. */
    void add(byte[] bytes, int offset, int count) {
        if (serialization == null && count > 0) {
            keep(bytes, offset, count);
        }
    }

    private synchronized void keep(byte[] bytes, int offset, int count) {
        if (serialization != null) {
            return;
        }
        int taken = Math.min(count, KEPT_BYTES - length);
        System.arraycopy(bytes, offset, kept, length, taken);
        length += taken;
        if (indexOf(CALL_OF_JAVA_STREAM) >= 0 || length == KEPT_BYTES) {
            serialization = read();
        }
    }

    /** "java" once the header and a call's Java stream were read; null before; what was wrong otherwise. */
    String serialization() {
        return serialization;
    }

    /** JRMP's header as read: "JRMI v2 stream". */
    synchronized String protocol() {
        if (length < 7 || !Arrays.equals(Arrays.copyOf(kept, 4), JRMI)) {
            return null;
        }
        int version = (kept[4] & 0xff) << 8 | kept[5] & 0xff;
        String protocol = switch (kept[6]) {
            case 0x4B -> "stream";
            case 0x4C -> "single-op";
            case 0x4D -> "multiplex";
            default -> String.format("0x%02x", kept[6]);
        };
        return "JRMI v" + version + " " + protocol;
    }

    private String read() {
        if (protocol() == null) {
            return "not JRMP (no JRMI header)";
        }
        return indexOf(CALL_OF_JAVA_STREAM) >= 0 ? WireSerialization.JAVA
                : "no Java serialization stream in the first call";
    }

    private int indexOf(byte[] sought) {
        outer:
        for (int i = 7; i + sought.length <= length; i++) {
            for (int j = 0; j < sought.length; j++) {
                if (kept[i + j] != sought[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
