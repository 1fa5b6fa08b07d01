package org.rpcbench.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.AbRecord;
import org.rpcbench.contract.AbVerdict;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.gate.AbRuns;

/**
 * A/B runs written as benchmark.sh ab writes them (ab.json, a run directory per side and trial), judged as ab judges
 * them: verdict.md, verdict.json, what it prints and its exit code.
 */
class AbComparisonMarkdownTest {

    private static final AbVerdict.Thresholds THRESHOLDS = new AbVerdict.Thresholds(3, 3, 5, 5, 1, 80);

    @TempDir
    Path directory;

    private void abRun(int trials, double throughputFactor, double allocationFactor, int... failedTrials)
            throws IOException {
        AbRuns.write(directory, trials, throughputFactor, allocationFactor, failedTrials);
    }

    private record Judged(int exitCode, String out, String err) {
    }

    private Judged judge() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exitCode = AbReports.judge(directory, THRESHOLDS, new PrintWriter(out), new PrintWriter(err));
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
    void aSideWhoseJvmsWereGivenOptionsSaysWhichInItsHeader() throws IOException {
        abRun(3, 1.0, 1.0);
        AbRecord r = AbRecord.read(directory);
        new AbRecord(r.baseline(), r.candidate(), r.pairs(), r.scenario(), r.clientArgs(), r.candidateServerArgs(),
                r.candidateClientArgs(), r.seed(), r.command(), r.start(), r.end(), r.trials(), r.confirmationFrom(),
                r.confirmationTrials(), r.duetCpus(), r.rateProbe(), List.of(),
                List.of("--server-jvm-args", "-XX:+UseZGC -Xmx1g")).write(directory);

        Judged judged = judge();

        assertTrue(judged.out().contains("Baseline: HEAD~1 (0123456789ab)  \nCandidate: /work/main (fedcba987654,"
                + " with changes not committed), its JVMs `--server-jvm-args \"-XX:+UseZGC -Xmx1g\"`\n"),
                judged.out());
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
    void aChangeCountsOnlyWhenTheConfirmationTrialsAloneShowItToo() throws IOException {
        double[] throughputFactors = {0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 1, 1, 1, 1, 1, 1};
        AbRuns.write(directory, throughputFactors, 1.05, 7);

        Judged judged = judge();

        assertEquals(ExitCode.FAILED, judged.exitCode(), judged.out());
        assertTrue(judged.out().contains("12 trials ran both sides"), judged.out());
        assertTrue(judged.out().contains("The first 6 flagged a regression, so 6 confirmation trials followed: a"
                + " change counts only when the first trials and the confirmation trials, each judged alone (the"
                + " confirmation trials by their 80% interval), both show it"), judged.out());
        assertTrue(row(judged.out(), "thrpt (calls/s)").endsWith("| within noise (not confirmed: regression in the"
                + " first 6 trials, within noise in the 6 confirmation trials) |"), judged.out());
        assertTrue(row(judged.out(), "server alloc (B/call)").endsWith("| **regression** (confirmed: regression in"
                + " the first 6 trials, regression in the 6 confirmation trials) |"), judged.out());
        AbVerdict verdict = AbVerdict.read(directory);
        assertEquals(7, verdict.confirmationFrom());
        assertEquals(12, verdict.lines().get(0).trials(), "the figures are over every trial");
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

    /** Six trials: the baseline's and the candidate's sides each as {@code candidate} makes them from its trial. */
    private void abRun(java.util.function.IntFunction<AbRuns.Side> baseline,
            java.util.function.IntFunction<AbRuns.Side> candidate) throws IOException {
        List<AbRuns.Side> before = new java.util.ArrayList<>();
        List<AbRuns.Side> after = new java.util.ArrayList<>();
        for (int i = 0; i < 6; i++) {
            before.add(baseline.apply(i));
            after.add(candidate.apply(i));
        }
        AbRuns.write(directory, before, after, null);
    }

    @Test
    void aCandidatePairSkippedBecauseItsServerRefusedWhatItWasGivenFailsTheGate() throws IOException {
        abRun(AbRuns::baseline, i -> AbRuns.Side.notPassed("skipped", "dubbo-kryo-server cannot run this: Unknown"
                + " option: '--inject-costs'"));

        Judged judged = judge();

        assertEquals(ExitCode.FAILED, judged.exitCode(), judged.out());
        assertTrue(judged.out().contains("| dubbo-kryo |  |  |  |  |  |  |  | **pair failed** (trial 1: status skipped:"
                + " dubbo-kryo-server cannot run this: Unknown option: '--inject-costs'; trial 2: "), judged.out());
        assertTrue(judged.out().contains("Nothing was compared"), judged.out());
        assertFalse(AbVerdict.read(directory).passed());
    }

    @Test
    void aBenchmarkTheCandidateLostFailsTheGate() throws IOException {
        abRun(i -> AbRuns.baseline(i).withListUser(), i -> AbRuns.candidate(i, 1.0, 1.0));

        Judged judged = judge();

        assertEquals(ExitCode.FAILED, judged.exitCode(), judged.out());
        assertTrue(judged.out().contains("| dubbo-kryo | listUser (32 threads) | thrpt (calls/s) |  |  |  |  |  |"
                + " **only in baseline** |"), judged.out());
        assertTrue(row(judged.out(), "thrpt (calls/s)").endsWith("| within noise |"), judged.out());
    }

    @Test
    void aCostTheCandidateStoppedReportingFailsTheGate() throws IOException {
        abRun(AbRuns::baseline, i -> AbRuns.candidate(i, 1.0, 1.0).withoutServerBytes());

        Judged judged = judge();

        assertEquals(ExitCode.FAILED, judged.exitCode(), judged.out());
        assertTrue(row(judged.out(), "server alloc (B/call)").endsWith("| **only in baseline** (the candidate"
                + " reported none) |"), judged.out());
        assertTrue(row(judged.out(), "thrpt (calls/s)").endsWith("| within noise |"), judged.out());
    }

    @Test
    void aRunWhoseBaselineNeverFinishedComparesNothingAndFails() throws IOException {
        abRun(i -> AbRuns.Side.notPassed("failed", "interrupted"), i -> AbRuns.candidate(i, 1.0, 1.0));

        Judged judged = judge();

        assertEquals(ExitCode.FAILED, judged.exitCode(), judged.out());
        assertTrue(judged.out().contains("Nothing was compared: no benchmark and metric ran on both sides of a"
                + " trial."), judged.out());
        assertTrue(judged.out().strip().contains("**Gate: failed**"), judged.out());
    }

    @Test
    void theDetectableChangeIsTheRulesWhenTheRunWasGivenConfirmationTrials() throws IOException {
        List<AbRuns.Side> baseline = new java.util.ArrayList<>();
        List<AbRuns.Side> candidate = new java.util.ArrayList<>();
        for (int i = 0; i < 6; i++) {
            baseline.add(AbRuns.baseline(i));
            candidate.add(AbRuns.candidate(i, 1.0, 1.0));
        }
        AbRuns.write(directory, baseline, candidate, null, 0);
        double oneStage = judgedLine().detectable();
        AbRuns.write(directory, baseline, candidate, null, 6);
        Judged judged = judge();
        double bothStages = AbVerdict.read(directory).lines().get(0).detectable();

        assertEquals(ExitCode.OK, judged.exitCode(), judged.out());
        assertTrue(bothStages > oneStage, "passing in its first trials, it would have needed the confirmation's too: "
                + bothStages + " against " + oneStage);
        assertTrue(judged.out().contains("sees nine times in ten, by the rule it is judged by (the first trials and"
                + " the confirmation trials, at 80%, must each flag it)."), judged.out());
    }

    private AbVerdict.Line judgedLine() {
        judge();
        return AbVerdict.read(directory).lines().get(0);
    }

    @Test
    void twoTrialsAreNotJudgedAndFailTheGate() throws IOException {
        abRun(2, 1.0, 1.0);

        Judged judged = judge();

        assertEquals(ExitCode.FAILED, judged.exitCode(), judged.out());
        assertTrue(row(judged.out(), "thrpt (calls/s)").endsWith("| **not judged** (2 trials with both sides: an"
                + " interval needs 3) |"), judged.out());
    }

    @Test
    void aDirectoryWithoutAbJsonIsUnusable() {
        Judged judged = judge();

        assertEquals(ExitCode.USAGE, judged.exitCode());
        assertTrue(judged.err().startsWith("error: " + directory + " has no ab.json"), judged.err());
    }
}
