package org.rpcbench.client.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

import org.junit.jupiter.api.Test;
import org.rpcbench.contract.JvmSample;
import org.rpcbench.contract.SoakReport;
import org.rpcbench.contract.SoakReport.Check;

class SoakJudgeTest {

    private static final long MB = 1024 * 1024;
    private static final long MINUTE = 60_000;
    /** A 10-minute soak sampled every 5 s, its first minute a warmup. */
    private static final SoakJudge TEN_MINUTES = new SoakJudge(SoakReport.Limits.DEFAULT, MINUTE, 10 * MINUTE,
            Duration.ofSeconds(5));

    /** A sample every 5 s over ten minutes; the live set measured every minute. */
    private static List<JvmSample> series(LongFunction<JvmSample> at) {
        List<JvmSample> series = new ArrayList<>();
        for (long t = 0; t <= 10 * MINUTE; t += 5000) {
            series.add(at.apply(t));
        }
        return series;
    }

    private static JvmSample sample(long at, long liveSet, long fullGcs, int threads, long openFiles,
            JvmSample.Load load) {
        return new JvmSample(at, 300 * MB, 200 * MB, 100 * MB, 150 * MB, at % MINUTE == 0 ? liveSet : -1,
                Map.of("G1 Young Generation", new JvmSample.Collector(at / 1000, at / 100_000)), fullGcs, threads,
                openFiles, at * 1_000_000, 400 * MB, 8 * MB, load);
    }

    private static JvmSample steady(long at) {
        return sample(at, 40 * MB + (at / MINUTE % 2) * MB, 0, 220, 20, null);
    }

    private static Check check(List<Check> checks, String criterion) {
        return checks.stream().filter(check -> check.criterion().equals(criterion)).findFirst().orElseThrow();
    }

    @Test
    void aSteadyJvmPassesEveryCheck() {
        List<Check> checks = TEN_MINUTES.jvmChecks(series(SoakJudgeTest::steady));
        assertTrue(checks.stream().allMatch(Check::passed), checks.toString());
        assertEquals(4, checks.size());
        assertTrue(check(checks, SoakReport.LIVE_SET).note().contains("through 10 full GCs"),
                check(checks, SoakReport.LIVE_SET).note());
    }

    @Test
    void aLeakIsTheLiveSetsFittedSlopeNotItsEnds() {
        // 3 MB a minute, but the last reading 15 MB low: its ends say 12 MB in nine minutes, the fit about 150 MB/h
        List<JvmSample> leaking = series(at -> sample(at, 40 * MB + at * 3 * MB / MINUTE
                - (at == 10 * MINUTE ? 15 * MB : 0), 0, 220, 20, null));
        Check liveSet = check(TEN_MINUTES.jvmChecks(leaking), SoakReport.LIVE_SET);
        assertFalse(liveSet.passed(), liveSet.toString());
        assertTrue(liveSet.measured() > 120, liveSet.toString());
    }

    @Test
    void growthWithinTheNoiseOfAShortWindowIsNotJudged() {
        // 4 MB in nine minutes is 27 MB/h, above the seed's 4 MB/h, but below the 8 MB a window this short can tell
        List<JvmSample> small = series(at -> sample(at, 40 * MB + at * 4 * MB / (10 * MINUTE), 0, 220, 20, null));
        Check liveSet = check(TEN_MINUTES.jvmChecks(small), SoakReport.LIVE_SET);
        assertTrue(liveSet.passed(), liveSet.toString());
        assertTrue(liveSet.measured() > SoakReport.Limits.DEFAULT.liveSetMbPerHour(), liveSet.toString());
        assertTrue(liveSet.note().contains("growth above 53 MB/h is judged"), liveSet.note());
    }

    @Test
    void fullGcsThreadsAndFilesAfterTheWarmupAreCounted() {
        List<JvmSample> troubled = series(at -> sample(at, 40 * MB, at > 5 * MINUTE ? 2 : 0,
                220 + (int) (at / MINUTE) * 3, 20 + at / MINUTE, null));
        List<Check> checks = TEN_MINUTES.jvmChecks(troubled);
        assertEquals(2, check(checks, SoakReport.FULL_GCS).measured());
        assertEquals(27, check(checks, SoakReport.THREADS).measured());
        assertEquals(9, check(checks, SoakReport.OPEN_FILES).measured());
        assertFalse(check(checks, SoakReport.FULL_GCS).passed());
        assertFalse(check(checks, SoakReport.THREADS).passed());
        assertFalse(check(checks, SoakReport.OPEN_FILES).passed());
        assertTrue(check(checks, SoakReport.LIVE_SET).passed());
    }

    @Test
    void aFallInThroughputIsBrokenARiseOnlyNotedAndTheLastShortIntervalLeftOut() {
        List<JvmSample> falling = new ArrayList<>(series(at -> sample(at, 40 * MB, 0, 220, 20,
                new JvmSample.Load(5, at < 5 * MINUTE ? 50_000 : 30_000, 0, 1, 2, 3))));
        falling.add(sample(10 * MINUTE, 40 * MB, 0, 220, 20, new JvmSample.Load(0.01, 1, 0, 1, 2, 3)));
        Check fall = check(TEN_MINUTES.loadChecks(falling, 0, false), SoakReport.DRIFT);
        assertFalse(fall.passed(), fall.toString());
        assertEquals(40, fall.measured());

        List<JvmSample> rising = series(at -> sample(at, 40 * MB, 0, 220, 20,
                new JvmSample.Load(5, at < 5 * MINUTE ? 30_000 : 50_000, 0, 1, 2, 3)));
        Check rise = check(TEN_MINUTES.loadChecks(rising, 0, false), SoakReport.DRIFT);
        assertTrue(rise.passed(), rise.toString());
        assertTrue(rise.note().contains("rose 67 %"), rise.note());

        Check errors = check(TEN_MINUTES.loadChecks(rising, 3, false), SoakReport.ERRORS);
        assertFalse(errors.passed());

        Check scheduled = check(TEN_MINUTES.loadChecks(falling, 0, true), SoakReport.DRIFT);
        assertTrue(scheduled.passed() && scheduled.note().startsWith("not judged: the string's size changes"),
                scheduled.toString());

        // a window of a few intervals compares one noisy interval with another: not judged
        List<JvmSample> shortFall = falling.subList(falling.size() - 6, falling.size());
        Check tooShort = check(TEN_MINUTES.loadChecks(shortFall, 0, false), SoakReport.DRIFT);
        assertTrue(tooShort.passed() && tooShort.note().contains("fewer than 10"), tooShort.toString());
    }

    @Test
    void tooFewMeasurementsAreSaidNotJudged() {
        SoakJudge shortWindow = new SoakJudge(SoakReport.Limits.DEFAULT, 9 * MINUTE + 50_000, 10 * MINUTE,
                Duration.ofSeconds(5));
        List<Check> checks = shortWindow.jvmChecks(series(SoakJudgeTest::steady));
        Check liveSet = check(checks, SoakReport.LIVE_SET);
        assertTrue(liveSet.passed());
        assertTrue(liveSet.note().startsWith("not judged: 1 live-set measurements"), liveSet.note());
        assertEquals("not judged", liveSet.verdict());

        SoakReport report = new SoakReport(0, 10 * MINUTE, 10 * MINUTE, 9 * MINUTE, 5000, 20, List.of("getUser"),
                SoakReport.Limits.DEFAULT, 100, 0, null, null,
                List.of(new SoakReport.JvmVerdict("client", "client.jsonl", 1, checks)), false, null);
        assertTrue(report.summary().contains("| client | " + SoakReport.LIVE_SET + " | "), report.summary());
        assertTrue(report.summary().contains(" | not judged |\n"), report.summary());
        long notJudged = checks.stream().filter(check -> !check.judged()).count();
        assertTrue(report.summary().endsWith("soak verdict: passed; " + notJudged + " of " + checks.size()
                + " checks not judged (too little measured after the warmup: see each)\n"), report.summary());
    }
}
