package org.rpcbench.dubbo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;

import org.junit.jupiter.api.Test;

class JrmpHeadTest {

    /** What a JDK RMI client sends first: JRMP's header, its endpoint, then a call opening a Java stream. */
    private static byte[] rmiClientOpening(boolean javaStream) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeBytes("JRMI");
        out.writeShort(2);
        out.writeByte(0x4B);
        out.writeUTF("127.0.0.1");
        out.writeInt(0);
        out.writeByte(0x50);
        out.flush();
        if (javaStream) {
            new ObjectOutputStream(bytes).writeObject("a call");
        } else {
            bytes.write(new byte[] {'{', '"', 'a', '"', '}'});
        }
        return bytes.toByteArray();
    }

    private static JrmpHead read(byte[] arrived, int chunk) {
        JrmpHead head = new JrmpHead();
        for (int offset = 0; offset < arrived.length; offset += chunk) {
            head.add(arrived, offset, Math.min(chunk, arrived.length - offset));
        }
        return head;
    }

    @Test
    void aJdkRmiCallIsJrmpCarryingJavaSerialization() throws IOException {
        for (int chunk : new int[] {1, 3, 1000}) {
            JrmpHead head = read(rmiClientOpening(true), chunk);
            assertEquals("java", head.serialization(), "read " + chunk + " bytes at a time");
            assertEquals("JRMI v2 stream", head.protocol());
        }
    }

    @Test
    void whatIsNotJrmpOrNotJavaSerializationIsSaid() throws IOException {
        assertEquals("no Java serialization stream in the first call",
                read(concat(rmiClientOpening(false), new byte[JrmpHead.KEPT_BYTES]), 64).serialization());
        JrmpHead http = read(concat("POST / HTTP/1.1\r\n".getBytes(), new byte[JrmpHead.KEPT_BYTES]), 64);
        assertEquals("not JRMP (no JRMI header)", http.serialization());
        assertNull(http.protocol());
        assertNull(read(new byte[] {'J', 'R'}, 1).serialization(), "too little read to say yet");
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = new byte[first.length + second.length];
        System.arraycopy(first, 0, both, 0, first.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }
}
