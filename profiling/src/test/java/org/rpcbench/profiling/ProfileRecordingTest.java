package org.rpcbench.profiling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileRecordingTest {

    @TempDir
    Path directory;

    @Test
    void asyncProfilerLoadsOnThisPlatformAndItsSamplesNameTheBusyMethod() throws IOException {
        Path file = directory.resolve("busy.jfr");
        try (ProfileRecording recording = ProfileRecording.start(file)) {
            assertEquals(AsyncProfilerLibrary.loadable().isPresent(), recording.tool().startsWith("async-profiler"),
                    recording.tool());
            spin();
        }
        JfrStacks stacks = JfrStacks.read(file);
        if (AsyncProfilerLibrary.loadable().isPresent()) {
            assertTrue(stacks.engine().startsWith("async-profiler 4."), stacks.engine());
        }
        assertSampled(stacks);
    }

    @Test
    void theFlightRecorderFallbackGivesTheSameStacks() throws IOException {
        Path file = directory.resolve("fallback.jfr");
        try (ProfileRecording recording = ProfileRecording.startFlightRecorder(file)) {
            assertEquals(JfrStacks.FLIGHT_RECORDER, recording.tool());
            spin();
        }
        JfrStacks stacks = JfrStacks.read(file);
        assertEquals(JfrStacks.FLIGHT_RECORDER, stacks.engine());
        assertSampled(stacks);
    }

    @Test
    void aFileNameWithACommaIsRefusedBeforeAnythingStarts() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ProfileRecording.start(directory.resolve("a,b.jfr")));
        assertTrue(e.getMessage().contains("comma"), e.getMessage());
    }

    @Test
    void theLibraryIsFoundForEveryPlatformTheJarCarries() {
        assertEquals("linux-x64/libasyncProfiler.so", AsyncProfilerLibrary.resourceFor("Linux", "amd64").orElseThrow());
        assertEquals("linux-arm64/libasyncProfiler.so",
                AsyncProfilerLibrary.resourceFor("Linux", "aarch64").orElseThrow());
        assertEquals("macos/libasyncProfiler.so", AsyncProfilerLibrary.resourceFor("Mac OS X", "aarch64")
                .orElseThrow());
        assertTrue(AsyncProfilerLibrary.resourceFor("Windows 11", "amd64").isEmpty());
        assertTrue(AsyncProfilerLibrary.resourceFor("Linux", "s390x").isEmpty());
    }

    private static void assertSampled(JfrStacks stacks) {
        assertTrue(stacks.cpu().total() > 0, "no CPU samples");
        assertTrue(stacks.cpu().weights().keySet().stream()
                .anyMatch(stack -> stack.contains("ProfileRecordingTest.spin")), "spin() never sampled");
        assertTrue(stacks.allocation().weights().keySet().stream()
                .anyMatch(stack -> stack.contains("ProfileRecordingTest.spin") && stack.endsWith(" (allocated)")),
                "spin()'s allocations never sampled");
    }

    /** A second of work that both burns CPU and allocates, so both kinds of sample find it. */
    private static long spin() {
        long end = System.nanoTime() + 1_500_000_000L;
        long sum = 0;
        List<int[]> kept = new ArrayList<>();
        while (System.nanoTime() < end) {
            for (int i = 0; i < 10_000; i++) {
                sum += Integer.toString(i).hashCode();
            }
            kept.add(new int[256]);
            if (kept.size() > 1_000) {
                kept.clear();
            }
        }
        return sum + kept.size();
    }
}
