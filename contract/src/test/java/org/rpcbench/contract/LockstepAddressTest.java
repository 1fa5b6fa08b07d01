package org.rpcbench.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The meeting point's address reads back as it was written: as host:port, and as the record its host writes. */
class LockstepAddressTest {

    @Test
    void hostPortReadsBackAsItWasFormatted() {
        for (LockstepAddress address : new LockstepAddress[] {new LockstepAddress("10.2.0.10", 40123),
                new LockstepAddress("fd00::2", 80), new LockstepAddress("client-0.example", 1)}) {
            assertEquals(address, LockstepAddress.parse(address.toString()));
        }
        assertEquals("[fd00::2]:80", new LockstepAddress("fd00::2", 80).toString());
    }

    @Test
    void whatIsNotHostPortIsRefusedSayingSo() {
        for (String text : new String[] {"10.2.0.10", "10.2.0.10:", ":80", "/tmp/meetings", "a b:80", "fd00::2:80"}) {
            assertEquals("'" + text + "' is not host:port",
                    assertThrows(IllegalArgumentException.class, () -> LockstepAddress.parse(text)).getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> LockstepAddress.parse("10.2.0.10:70000"));
    }

    @Test
    void theRecordItsHostWritesReadsBack(@TempDir Path run) {
        Path file = run.resolve("dubbo-kryo-client1.lockstep.json");
        RecordFiles.write(file, new LockstepAddress("10.2.0.10", 40123));
        assertEquals(new LockstepAddress("10.2.0.10", 40123), RecordFiles.read(file, LockstepAddress.class));
    }
}
