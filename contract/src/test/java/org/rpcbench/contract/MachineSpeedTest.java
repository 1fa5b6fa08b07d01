package org.rpcbench.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.ArrayList;
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
    void aWindowWithASecondTheProbeWasStarvedInIsNamed() {
        List<MachineSpeed.Second> seconds = new ArrayList<>();
        for (long second = 100; second < 130; second++) {
            seconds.add(new MachineSpeed.Second(second, second == 112 ? 2 : second % 3 == 0 ? 96 : 100, 120));
        }
        seconds.remove(20);
        MachineSpeed speed = new MachineSpeed("a test's", 2, seconds);

        assertNull(speed.starvedIn(100_000, 110_000), "96 or more samples a second");
        assertEquals("took 2 of its usual 100 samples in a second", speed.starvedIn(105_000, 115_000));
        assertNull(speed.starvedIn(112_500, 113_000), "second 112 is not wholly within");
        assertEquals("took 0 of its usual 100 samples in a second", speed.starvedIn(115_000, 125_000),
                "second 120 has none");
        assertNull(speed.starvedIn(200_000, 220_000), "a window the probe did not cover");
        assertNull(speed.starvedIn(95_000, 105_000), "a window the probe began within");
    }

    @Test
    void aWindowWhollyWithinSecondsTheProbeKeptNoneOfIsStarved() {
        List<MachineSpeed.Second> seconds = new ArrayList<>();
        for (long second = 100; second < 130; second++) {
            if (second < 110 || second >= 118) {
                seconds.add(new MachineSpeed.Second(second, 100, 120));
            }
        }
        MachineSpeed speed = new MachineSpeed("a test's", 2, seconds);

        assertEquals("took 0 of its usual 100 samples in a second", speed.starvedIn(111_300, 114_300),
                "the probe's JVM held still for eight seconds, the window's three among them");
    }

    @Test
    void anAbRunWithoutTheFileHadNoProbe() {
        assertNull(MachineSpeed.read(directory));
        SPEED.write(directory);
        assertEquals(SPEED, MachineSpeed.read(directory));
    }
}
