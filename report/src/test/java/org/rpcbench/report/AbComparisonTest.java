package org.rpcbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.AbRecord;
import org.rpcbench.contract.AbVerdict;
import org.rpcbench.contract.ExitCode;

/** A/B runs written as benchmark.sh ab writes them (ab.json, a run directory per side and trial), then judged. */
class AbComparisonTest {

    private static final AbVerdict.Thresholds THRESHOLDS = new AbVerdict.Thresholds(3, 5, 1);
    /** getUser calls/s per trial: a spread of ±4% as between JVMs here. */
    private static final double[] THROUGHPUT = {10_000, 10_400, 9_600, 10_200, 9_800, 10_100};
    /** Server bytes per getUser per trial: a spread of ±0.2%. */
    private static final double[] ALLOCATION = {15_000, 15_030, 14_970, 15_010, 14_990, 15_000};

    @TempDir
    Path directory;

    /** One side's run-all of one trial: run.json and the pair's JMH JSON with one getUser result. */
    private void run(String name, String status, double callsPerSecond, double serverBytes) throws IOException {
        Path run = Files.createDirectories(directory.resolve(name));
        boolean passed = status.equals("passed");
        Files.writeString(run.resolve("run.json"), "{\"runId\": \"" + name + "\", \"pairs\": [{\"pair\":"
                + " \"dubbo-kryo\", \"status\": \"" + status + "\"" + (passed ? ", \"result\": \"dubbo-kryo.json\"}]}"
                        : ", \"message\": \"dubbo-kryo-client exited 1: wire check failed\"}]}"),
                StandardCharsets.UTF_8);
        if (passed) {
            Files.writeString(run.resolve("dubbo-kryo.json"), String.format(Locale.ROOT, "[{\"benchmark\":"
                    + " \"org.rpcbench.client.UserServiceBenchmark.getUser\", \"mode\": \"thrpt\", \"threads\": 32,"
                    + " \"primaryMetric\": {\"score\": %f, \"scoreError\": \"NaN\", \"scoreUnit\": \"ops/s\","
                    + " \"rawData\": [[%f]]}, \"secondaryMetrics\": {\"cost.server.alloc\": {\"score\": %f,"
                    + " \"scoreError\": \"NaN\", \"scoreUnit\": \"B/op\", \"rawData\": [[%f]]}}}]",
                    callsPerSecond, callsPerSecond, serverBytes, serverBytes), StandardCharsets.UTF_8);
        }
    }

    /**
     * Trials with the candidate's throughput and server bytes scaled by these factors; a trial listed in
     * {@code failedTrials} has the candidate's pair failed.
     */
    private void abRun(int trials, double throughputFactor, double allocationFactor, int... failedTrials)
            throws IOException {
        List<AbRecord.Trial> done = new ArrayList<>();
        for (int i = 0; i < trials; i++) {
            int number = i + 1;
            String prefix = String.format("trial-%02d-", number);
            boolean failed = Arrays.stream(failedTrials).anyMatch(trial -> trial == number);
            run(prefix + "baseline", "passed", THROUGHPUT[i], ALLOCATION[i]);
            // the candidate's trial is as noisy as the baseline's, differently
            run(prefix + "candidate", failed ? "failed" : "passed",
                    THROUGHPUT[(i + 2) % trials] * throughputFactor, ALLOCATION[(i + 3) % trials] * allocationFactor);
            done.add(new AbRecord.Trial(number, List.of("baseline", "candidate"), prefix + "baseline", 0,
                    prefix + "candidate", failed ? 1 : 0));
        }
        new AbRecord(new AbRecord.Side("HEAD~1", "0123456789abcdef0123", null, "/wt/a"),
                new AbRecord.Side("/work/main", "fedcba9876543210fedc", true, "/work/main"), List.of("dubbo-kryo"),
                "user", List.of("--forks", "1"), List.of(), 42, List.of("benchmark.sh", "ab"), "start", "end", done)
                .write(directory);
    }

    private record Judged(int exitCode, String out, String err) {
    }

    private Judged judge() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exitCode = AbComparison.judge(directory, THRESHOLDS, new PrintWriter(out), new PrintWriter(err));
        return new Judged(exitCode, out.toString(), err.toString());
    }

    private static String row(String markdown, String metric) {
        List<String> rows = markdown.lines().filter(line -> line.startsWith("| dubbo-kryo | getUser (32 threads) | "
                + metric + " |")).toList();
        assertEquals(1, rows.size(), metric + " in\n" + markdown);
        return rows.get(0);
    }

    @Test
    void theSameCodeTwiceIsWithinNoiseAndSaysWhatItCouldHaveSeen() throws IOException {
        abRun(6, 1.0, 1.0);

        Judged judged = judge();

        assertEquals(ExitCode.OK, judged.exitCode(), judged.out() + judged.err());
        String throughput = row(judged.out(), "thrpt (calls/s)");
        assertTrue(throughput.endsWith("| within noise |"), throughput);
        assertTrue(row(judged.out(), "server alloc (B/call)").endsWith("| within noise |"), judged.out());
        assertTrue(judged.out().contains("Baseline: HEAD~1 (0123456789ab)  \nCandidate: /work/main (fedcba987654,"
                + " with changes not committed)"), judged.out());
        assertTrue(judged.out().contains("6 trials ran both sides"), judged.out());
        assertTrue(judged.out().strip().endsWith("verdict: " + directory.resolve("verdict.md") + " and verdict.json"),
                judged.out());
        AbVerdict verdict = AbVerdict.read(directory);
        assertTrue(verdict.passed());
        AbVerdict.Line line = verdict.lines().get(0);
        assertEquals(AbVerdict.SCORE, line.metric());
        assertEquals(6, line.trials());
        assertTrue(line.low() < 1 && line.high() > 1, line.toString());
        assertTrue(line.detectable() > THRESHOLDS.time(), line.toString());
    }

    @Test
    void aSlowerCandidateIsARegressionAndABiggerOneOnlyInItsBytes() throws IOException {
        abRun(6, 0.8, 1.05);

        Judged judged = judge();

        assertEquals(ExitCode.FAILED, judged.exitCode(), judged.out());
        assertTrue(row(judged.out(), "thrpt (calls/s)").contains("| -2"), judged.out());
        assertTrue(row(judged.out(), "thrpt (calls/s)").endsWith("| **regression** |"), judged.out());
        assertTrue(row(judged.out(), "server alloc (B/call)").endsWith("| **regression** |"), judged.out());
        assertTrue(judged.out().contains("2 regressions, 0 improvements, 0 within noise"), judged.out());
        assertTrue(judged.out().strip().contains("**Gate: failed**"), judged.out());
        assertFalse(AbVerdict.read(directory).passed());
        assertTrue(Files.readString(directory.resolve("verdict.md")).contains("**Gate: failed**"));
    }

    @Test
    void aSmallChangeInsideTheIntervalIsNotARegressionButAFasterOneIsAnImprovement() throws IOException {
        abRun(6, 1.02, 0.97);

        Judged judged = judge();

        assertEquals(ExitCode.OK, judged.exitCode(), judged.out());
        assertTrue(row(judged.out(), "thrpt (calls/s)").endsWith("| within noise |"), judged.out());
        assertTrue(row(judged.out(), "server alloc (B/call)").endsWith("| improvement |"), judged.out());
    }

    @Test
    void aCandidatePairThatFailedInOneTrialFailsTheGate() throws IOException {
        abRun(6, 1.0, 1.0, 4);

        Judged judged = judge();

        assertEquals(ExitCode.FAILED, judged.exitCode(), judged.out());
        assertTrue(judged.out().contains("| dubbo-kryo |  |  |  |  |  |  |  | **pair failed** (trial 4:"
                + " dubbo-kryo-client exited 1: wire check failed) |"), judged.out());
        assertTrue(row(judged.out(), "thrpt (calls/s)").endsWith("| within noise |"),
                "the other five trials are still judged");
    }

    @Test
    void oneTrialIsNotJudgedAndFailsTheGate() throws IOException {
        abRun(1, 1.0, 1.0);

        Judged judged = judge();

        assertEquals(ExitCode.FAILED, judged.exitCode(), judged.out());
        assertTrue(row(judged.out(), "thrpt (calls/s)").endsWith("| **not judged** (1 trial with both sides: an"
                + " interval needs 2) |"), judged.out());
    }

    @Test
    void aDirectoryWithoutAbJsonIsUnusable() {
        Judged judged = judge();

        assertEquals(ExitCode.USAGE, judged.exitCode());
        assertTrue(judged.err().startsWith("error: " + directory + " has no ab.json"), judged.err());
    }
}
