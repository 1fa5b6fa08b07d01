package org.rpcbench.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.JvmSample;
import org.rpcbench.contract.JvmSeries;

class JvmSamplerTest {

    @TempDir
    Path dir;

    /** Four samples so far, two of them with the live set: with the one taken at the end, what the test asks. */
    private static boolean enough(Path file) {
        if (!Files.exists(file)) {
            return false;
        }
        List<JvmSample> series = JvmSeries.read(file);
        return series.size() >= 4 && series.stream().filter(sample -> sample.liveSetBytes() >= 0).count() >= 2;
    }

    @Test
    void samplesThisJvmAndMeasuresTheLiveSetWithoutCountingItsOwnFullGcs() throws InterruptedException {
        Path file = dir.resolve("test.jvm.jsonl");
        JvmSample.Load interval = new JvmSample.Load(0.05, 10, 0, 1, 2, 3);
        try (JvmSampler sampler = JvmSampler.start(file, Duration.ofMillis(50), () -> interval,
                Duration.ofMillis(120))) {
            // as many samples as 400 ms give an idle machine, waited for rather than assumed: a loaded one is slower
            long giveUpAt = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (!enough(file) && System.nanoTime() - giveUpAt < 0) {
                Thread.sleep(50);
            }
        }
        List<JvmSample> series = JvmSeries.read(file);
        assertTrue(series.size() >= 4, series.size() + " samples");
        JvmSample last = series.get(series.size() - 1);
        assertTrue(last.liveSetBytes() > 0, "the last sample measures the live set");
        assertTrue(series.stream().filter(sample -> sample.liveSetBytes() >= 0).count() >= 3,
                "the live set every 120 ms and at the end");
        assertTrue(last.heapAfterGcBytes() > 0, "the sampler's own full GCs are collections it heard of");
        assertEquals(0, last.fullGcs(), "full GCs the sampler asked for are not counted as the JVM's");
        assertTrue(last.threads() > 0);
        assertTrue(last.processCpuNanos() > 0);
        assertTrue(last.rssBytes() > 0 && last.openFiles() > 0, "Linux reports RSS and open files");
        assertTrue(last.collectors().size() >= 1);
        assertEquals(interval, last.load());
        assertTrue(series.get(0).epochMillis() <= last.epochMillis());
    }

    @Test
    void aSystemGcTheSamplerDidNotAskForIsTheJvmsFullGc() throws InterruptedException {
        // RMI's distributed GC calls System.gc() too: the cause alone does not make a collection the sampler's
        try (JvmSampler sampler = JvmSampler.start(dir.resolve("dgc.jvm.jsonl"), Duration.ofSeconds(10), null,
                Duration.ofSeconds(10))) {
            System.gc();
            long giveUp = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (sampler.fullGcs() == 0 && System.nanoTime() - giveUp < 0) {
                Thread.sleep(20);
            }
            assertEquals(1, sampler.fullGcs());
        }
        List<JvmSample> series = JvmSeries.read(dir.resolve("dgc.jvm.jsonl"));
        JvmSample last = series.get(series.size() - 1);
        assertEquals(1, last.fullGcs(), "the sampler's own closing full GC is still left out");
        assertTrue(last.liveSetBytes() > 0, "the live set, as the sampler's collection reported it");
    }

    @Test
    void aServerSeriesHasNoLoadAndNoLiveSetUnlessAsked() {
        Path file = dir.resolve("server.jvm.jsonl");
        JvmSampler.start(file, Duration.ofSeconds(10), null, null).close();
        List<JvmSample> series = JvmSeries.read(file);
        assertEquals(2, series.size(), "the first sample at start, the last at close");
        assertNull(series.get(1).load());
        assertEquals(-1, series.get(1).liveSetBytes());
    }
}
