package org.rpcbench.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MachineSpeedTest {

    private static final MachineSpeed SPEED = new MachineSpeed("a test's", 2, List.of(
            new MachineSpeed.Second(100, 100, 90), new MachineSpeed.Second(101, 50, 120),
            new MachineSpeed.Second(102, 100, 100), new MachineSpeed.Second(103, 100, 500)));

    @TempDir
    Path directory;

    @Test
    void aWindowsMeanWeighsTheSecondsWhollyWithinItBySamples() {
        assertEquals((50 * 120 + 100 * 100) / 150.0, SPEED.meanNanos(100_500, 103_000), 1e-9,
                "second 100 began before the window, 103 ends after it");
    }

    @Test
    void aWindowTheProbeBarelyCoveredHasNoFigure() {
        assertNull(SPEED.meanNanos(101_000, 102_000), "50 samples");
        assertNull(SPEED.meanNanos(200_000, 260_000), "none");
    }

    @Test
    void anAbRunWithoutTheFileHadNoProbe() {
        assertNull(MachineSpeed.read(directory));
        SPEED.write(directory);
        assertEquals(SPEED, MachineSpeed.read(directory));
    }
}
