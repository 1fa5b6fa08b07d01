package org.rpcbench.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.IntFunction;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.AbVerdict;
import org.rpcbench.contract.CallCost;
import org.rpcbench.results.InputException;

/** A/B runs written as benchmark.sh ab writes them (ab.json, a run directory per side and trial), then judged. */
class AbComparisonTest {

    private static final AbVerdict.Thresholds THRESHOLDS = new AbVerdict.Thresholds(3, 3, 5, 5, 1, 80);
    private static final String GET_USER = "getUser (32 threads)";

    @TempDir
    Path directory;

    private void abRun(int trials, double throughputFactor, double allocationFactor, int... failedTrials)
            throws IOException {
        AbRuns.write(directory, trials, throughputFactor, allocationFactor, failedTrials);
    }

    /** Six trials: the baseline's and the candidate's sides each as these make them from its trial. */
    private void abRun(IntFunction<AbRuns.Side> baseline, IntFunction<AbRuns.Side> candidate) throws IOException {
        List<AbRuns.Side> before = new ArrayList<>();
        List<AbRuns.Side> after = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            before.add(baseline.apply(i));
            after.add(candidate.apply(i));
        }
        AbRuns.write(directory, before, after, null);
    }

    private AbComparison judge() throws InputException {
        return AbComparison.of(directory, THRESHOLDS);
    }

    /** The one line of a call's metric: its score (cost null) or a cost. */
    private static AbComparison.Judged line(AbComparison comparison, String call, CallCost cost) {
        List<AbComparison.Judged> lines = comparison.lines().stream()
                .filter(judged -> judged.line().benchmark() != null && judged.key().call().equals(call)
                        && Objects.equals(judged.cost(), cost))
                .toList();
        assertEquals(1, lines.size(), call + " " + cost + " in " + comparison.lines());
        return lines.get(0);
    }

    private static Verdict verdict(AbComparison comparison, CallCost cost) {
        return line(comparison, GET_USER, cost).verdict();
    }

    private static AbComparison.Judged pairFailed(AbComparison comparison) {
        List<AbComparison.Judged> lines = comparison.lines().stream()
                .filter(judged -> judged.verdict() == Verdict.PAIR_FAILED).toList();
        assertEquals(1, lines.size(), comparison.lines().toString());
        assertEquals("dubbo-kryo", lines.get(0).line().pair());
        assertNull(lines.get(0).line().benchmark(), "a pair's line, no benchmark's");
        return lines.get(0);
    }

    @Test
    void theSameCodeTwiceIsWithinNoiseAndSaysWhatItCouldHaveSeen() throws Exception {
        abRun(6, 1.0, 1.0);

        AbComparison judged = judge();

        assertTrue(judged.passed(), judged.lines().toString());
        assertEquals(Verdict.WITHIN_NOISE, verdict(judged, null));
        assertEquals(Verdict.WITHIN_NOISE, verdict(judged, CallCost.SERVER_ALLOCATION));
        assertEquals("HEAD~1 (0123456789ab)", AbComparison.describe(judged.record().baseline()));
        assertEquals("/work/main (fedcba987654, with changes not committed)",
                AbComparison.describe(judged.record().candidate()));
        assertEquals(6, judged.trials());
        AbVerdict verdict = judged.verdict();
        assertTrue(verdict.passed());
        AbVerdict.Line line = verdict.lines().get(0);
        assertEquals(AbVerdict.SCORE, line.metric());
        assertEquals(6, line.trials());
        assertTrue(line.low() < 1 && line.high() > 1, line.toString());
        assertTrue(line.detectable() > THRESHOLDS.time(), line.toString());
    }

    @Test
    void aSlowerCandidateIsARegressionAndABiggerOneOnlyInItsBytes() throws Exception {
        abRun(6, 0.8, 1.05);

        AbComparison judged = judge();

        assertFalse(judged.passed());
        AbVerdict.Line throughput = line(judged, GET_USER, null).line();
        assertTrue(throughput.ratio() > 0.7 && throughput.ratio() <= 0.8, "a change of -2x%: " + throughput);
        assertEquals(Verdict.REGRESSION, verdict(judged, null));
        assertEquals(Verdict.REGRESSION, verdict(judged, CallCost.SERVER_ALLOCATION));
        assertEquals(List.of(2L, 0L, 0L), List.of(judged.count(Verdict.REGRESSION),
                judged.count(Verdict.IMPROVEMENT), judged.count(Verdict.WITHIN_NOISE)));
        assertFalse(judged.verdict().passed());
    }

    @Test
    void aSmallChangeInsideTheIntervalIsNotARegressionButAFasterOneIsAnImprovement() throws Exception {
        abRun(6, 1.02, 0.97);

        AbComparison judged = judge();

        assertTrue(judged.passed(), judged.lines().toString());
        assertEquals(Verdict.WITHIN_NOISE, verdict(judged, null));
        assertEquals(Verdict.IMPROVEMENT, verdict(judged, CallCost.SERVER_ALLOCATION));
    }

    @Test
    void aChangeCountsOnlyWhenTheConfirmationTrialsAloneShowItToo() throws Exception {
        double[] throughputFactors = {0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 1, 1, 1, 1, 1, 1};
        AbRuns.write(directory, Arrays.copyOf(throughputFactors, 6), 1.05, null);
        assertTrue(AbComparison.failsOnRegressionsAlone(directory, THRESHOLDS), "the first six trials flag both");
        AbRuns.write(directory, throughputFactors, 1.05, 7);

        AbComparison judged = judge();

        assertFalse(judged.passed());
        assertEquals(12, judged.trials());
        assertEquals(6, judged.confirmationTrials(), "the first 6 flagged a regression, so 6 followed");
        AbComparison.Judged throughput = line(judged, GET_USER, null);
        assertEquals(Verdict.WITHIN_NOISE, throughput.verdict());
        assertEquals("not confirmed: regression in the first 6 trials, within noise in the 6 confirmation trials",
                throughput.line().note());
        AbComparison.Judged bytes = line(judged, GET_USER, CallCost.SERVER_ALLOCATION);
        assertEquals(Verdict.REGRESSION, bytes.verdict());
        assertEquals("confirmed: regression in the first 6 trials, regression in the 6 confirmation trials",
                bytes.line().note());
        AbVerdict verdict = judged.verdict();
        assertEquals(7, verdict.confirmationFrom());
        assertEquals(12, verdict.lines().get(0).trials(), "the figures are over every trial");
    }

    @Test
    void theConfirmationTrialsJudgeAtTheirOwnConfidence() throws Exception {
        double[] throughputFactors = {0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.85, 0.99, 0.87, 0.97, 0.86, 0.98};
        AbRuns.write(directory, throughputFactors, 1, 7);

        AbComparison.Judged atEighty = line(judge(), GET_USER, null);
        AbComparison.Judged atNinetyFive = line(AbComparison.of(directory, new AbVerdict.Thresholds(3, 3, 5, 5, 1,
                95)), GET_USER, null);

        assertEquals(Verdict.REGRESSION, atEighty.verdict(), atEighty.line().note());
        assertEquals(Verdict.WITHIN_NOISE, atNinetyFive.verdict(), atNinetyFive.line().note());
        assertTrue(atEighty.line().detectable() < atNinetyFive.line().detectable(),
                "the rule that confirms more readily sees a smaller change");
    }

    @Test
    void onlyARunFailedByRegressionsAloneHasAnythingToConfirm() throws IOException {
        abRun(6, 1.0, 1.0);
        assertFalse(AbComparison.failsOnRegressionsAlone(directory, THRESHOLDS), "passed");
        abRun(6, 0.8, 1.0, 4);
        assertFalse(AbComparison.failsOnRegressionsAlone(directory, THRESHOLDS), "a pair failed: confirming cannot"
                + " clear it");
    }

    @Test
    void aCandidatePairThatFailedInOneTrialFailsTheGate() throws Exception {
        abRun(6, 1.0, 1.0, 4);

        AbComparison judged = judge();

        assertFalse(judged.passed());
        assertEquals("trial 4: dubbo-kryo-client exited 1: wire check failed", pairFailed(judged).line().note());
        assertEquals(Verdict.WITHIN_NOISE, verdict(judged, null), "the other five trials are still judged");
    }

    @Test
    void aCandidatePairSkippedBecauseItsServerRefusedWhatItWasGivenFailsTheGate() throws Exception {
        abRun(AbRuns::baseline, i -> AbRuns.Side.notPassed("skipped", "dubbo-kryo-server cannot run this: Unknown"
                + " option: '--inject-costs'"));

        AbComparison judged = judge();

        assertFalse(judged.passed());
        assertTrue(pairFailed(judged).line().note().startsWith("trial 1: status skipped: dubbo-kryo-server cannot"
                + " run this: Unknown option: '--inject-costs'; trial 2: "), judged.lines().toString());
        assertEquals(0, judged.compared(), "nothing was compared");
        assertFalse(judged.verdict().passed());
    }

    @Test
    void aBenchmarkTheCandidateLostFailsTheGate() throws Exception {
        abRun(i -> AbRuns.baseline(i).withListUser(), i -> AbRuns.candidate(i, 1.0, 1.0));

        AbComparison judged = judge();

        assertFalse(judged.passed());
        AbComparison.Judged lost = line(judged, "listUser (32 threads)", null);
        assertEquals(Verdict.ONLY_IN_BASELINE, lost.verdict());
        assertEquals("thrpt", lost.key().mode());
        assertEquals("calls/s", lost.line().unit());
        assertNull(lost.line().baseline(), "no figure on either side");
        assertEquals(Verdict.WITHIN_NOISE, verdict(judged, null));
    }

    @Test
    void aCostTheCandidateStoppedReportingFailsTheGate() throws Exception {
        abRun(AbRuns::baseline, i -> AbRuns.candidate(i, 1.0, 1.0).withoutServerBytes());

        AbComparison judged = judge();

        assertFalse(judged.passed());
        AbComparison.Judged bytes = line(judged, GET_USER, CallCost.SERVER_ALLOCATION);
        assertEquals(Verdict.ONLY_IN_BASELINE, bytes.verdict());
        assertEquals("the candidate reported none", bytes.line().note());
        assertEquals(Verdict.WITHIN_NOISE, verdict(judged, null));
    }

    @Test
    void aRunWhoseBaselineNeverFinishedComparesNothingAndFails() throws Exception {
        abRun(i -> AbRuns.Side.notPassed("failed", "interrupted"), i -> AbRuns.candidate(i, 1.0, 1.0));

        AbComparison judged = judge();

        assertEquals(0, judged.compared(), judged.lines().toString());
        assertFalse(judged.passed());
        assertFalse(AbComparison.failsOnRegressionsAlone(directory, THRESHOLDS), "nothing for confirmation to clear");
    }

    @Test
    void theDetectableChangeIsTheRulesWhenTheRunWasGivenConfirmationTrials() throws Exception {
        sixTrials(1.0, 0);
        double oneStage = judge().lines().get(0).line().detectable();
        sixTrials(1.0, 6);
        AbComparison judged = judge();
        double bothStages = judged.lines().get(0).line().detectable();

        assertTrue(judged.passed(), judged.lines().toString());
        assertTrue(bothStages > oneStage, "passing in its first trials, it would have needed the confirmation's too: "
                + bothStages + " against " + oneStage);
        assertEquals(6, judged.record().confirmationTrials(), "the rule it is judged by");
    }

    @Test
    void anImprovementTheConfirmationTrialsDidNotRunForIsNotCalled() throws Exception {
        sixTrials(1.3, 0);
        AbComparison withoutConfirmation = judge();
        sixTrials(1.3, 6);

        AbComparison judged = judge();

        assertEquals(Verdict.IMPROVEMENT, line(withoutConfirmation, GET_USER, null).verdict(), "a rule of one stage");
        AbComparison.Judged throughput = line(judged, GET_USER, null);
        assertEquals(Verdict.WITHIN_NOISE, throughput.verdict());
        assertEquals("not confirmed: improvement in the first 6 trials, whose confirmation trials run only after a"
                + " regression", throughput.line().note());
        assertTrue(judged.passed(), judged.lines().toString());
    }

    /** Six trials, the candidate's throughput scaled by a factor, the run given confirmation trials not run. */
    private void sixTrials(double throughputFactor, int confirmationTrials) throws IOException {
        List<AbRuns.Side> baseline = new ArrayList<>();
        List<AbRuns.Side> candidate = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            baseline.add(AbRuns.baseline(i));
            candidate.add(AbRuns.candidate(i, throughputFactor, 1.0));
        }
        AbRuns.write(directory, baseline, candidate, null, confirmationTrials);
    }

    @Test
    void twoTrialsAreNotJudgedAndFailTheGate() throws Exception {
        abRun(2, 1.0, 1.0);

        AbComparison judged = judge();

        assertFalse(judged.passed());
        AbComparison.Judged throughput = line(judged, GET_USER, null);
        assertEquals(Verdict.NOT_JUDGED, throughput.verdict());
        assertEquals("2 trials with both sides: an interval needs 3", throughput.line().note());
    }

    @Test
    void aDirectoryWithoutAbJsonIsUnusable() {
        InputException e = assertThrows(InputException.class, this::judge);

        assertTrue(e.getMessage().startsWith(directory + " has no ab.json"), e.getMessage());
    }
}
