package org.rpcbench.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.AbRecord;
import org.rpcbench.contract.AbVerdict;
import org.rpcbench.contract.CallCost;
import org.rpcbench.contract.MachineSpeed;
import org.rpcbench.results.InputException;

/**
 * ab over open-loop trials: each call at its fixed rate is judged as a JMH result is, with its costs, its median
 * response time beside its mean, and its mean as its window's median second's where both sides kept their seconds.
 */
class AbOpenLoopTest {

    private static final AbVerdict.Thresholds THRESHOLDS = new AbVerdict.Thresholds(3, 3, 3, 3, 1, 80);
    /** getUser's server CPU per call at 8,000 calls/s, trial by trial: a spread of about 1%, as measured here. */
    private static final double[] SERVER_CPU = {71.0, 71.8, 70.2, 70.9, 71.5, 70.4, 71.2, 70.7};

    @TempDir
    Path directory;

    /** The verdict of one of getUser's costs at its rate. */
    private static Verdict verdict(AbComparison comparison, CallCost cost) {
        return verdict(comparison, cost.label());
    }

    /** The verdict of getUser's metric at its rate, by the verdict line's name for it. */
    private static Verdict verdict(AbComparison comparison, String metric) {
        List<AbComparison.Judged> lines = comparison.lines().stream()
                .filter(judged -> judged.key().call().equals("getUser (rate=8000, 32 threads)")
                        && judged.line().metric().equals(metric))
                .toList();
        assertEquals(1, lines.size(), metric + " in " + comparison.lines());
        return lines.get(0).verdict();
    }

    @Test
    void aFivePercentServerCostAtAFixedRateIsFlaggedOnThatLineAlone() throws Exception {
        double[] candidate = Arrays.stream(SERVER_CPU).map(cpu -> cpu * 1.05).toArray();
        AbRuns.writeOpenLoop(directory, rotated(SERVER_CPU), candidate);

        AbComparison judged = AbComparison.of(directory, THRESHOLDS);

        assertFalse(judged.passed());
        assertEquals(Verdict.REGRESSION, verdict(judged, CallCost.SERVER_CPU));
        assertEquals(Verdict.REGRESSION, verdict(judged, CallCost.SERVER_THREADS_CPU));
        assertEquals(Verdict.WITHIN_NOISE, verdict(judged, CallCost.CLIENT_CPU));
        assertEquals(Verdict.WITHIN_NOISE, verdict(judged, AbVerdict.SCORE), "the mean response time");
    }

    @Test
    void aSlowerMedianIsFlaggedAtItsOwnThresholdWhereTheMeanIsNot() throws Exception {
        AbRuns.writeOpenLoop(directory, SERVER_CPU, rotated(SERVER_CPU), 1.08);

        AbComparison judged = AbComparison.of(directory, THRESHOLDS);
        AbComparison lenientOnTheMedian = AbComparison.of(directory, new AbVerdict.Thresholds(3, 10, 3, 3, 1, 80));

        assertFalse(judged.passed());
        assertEquals(Verdict.REGRESSION, verdict(judged, AbVerdict.MEDIAN));
        assertEquals(Verdict.WITHIN_NOISE, verdict(judged, AbVerdict.SCORE), "the mean response time");
        assertTrue(lenientOnTheMedian.passed(), lenientOnTheMedian.lines().toString());
        assertEquals(Verdict.WITHIN_NOISE, verdict(lenientOnTheMedian, AbVerdict.MEDIAN));
    }

    @Test
    void eachSidesCpuIsJudgedAtThatSidesThreshold() throws Exception {
        double[] candidate = Arrays.stream(SERVER_CPU).map(cpu -> cpu * 1.05).toArray();
        AbRuns.writeOpenLoop(directory, rotated(SERVER_CPU), candidate);

        AbComparison lenientOnTheServer = AbComparison.of(directory, new AbVerdict.Thresholds(3, 3, 10, 1, 1, 80));
        AbComparison lenientOnTheClient = AbComparison.of(directory, new AbVerdict.Thresholds(3, 3, 1, 10, 1, 80));

        assertTrue(lenientOnTheServer.passed(), lenientOnTheServer.lines().toString());
        assertEquals(Verdict.WITHIN_NOISE, verdict(lenientOnTheServer, CallCost.SERVER_THREADS_CPU));
        assertEquals(Verdict.REGRESSION, verdict(lenientOnTheClient, CallCost.SERVER_CPU));
        assertEquals(Verdict.REGRESSION, verdict(lenientOnTheClient, CallCost.SERVER_THREADS_CPU));
    }

    @Test
    void theSameCodeTwiceAtAFixedRatePasses() throws Exception {
        AbRuns.writeOpenLoop(directory, SERVER_CPU, rotated(SERVER_CPU));

        AbComparison judged = AbComparison.of(directory, THRESHOLDS);

        assertTrue(judged.passed(), judged.lines().toString());
        assertEquals(Verdict.WITHIN_NOISE, verdict(judged, CallCost.SERVER_CPU));
        assertEquals(Verdict.WITHIN_NOISE, verdict(judged, AbVerdict.MEDIAN));
    }

    @Test
    void aMachineSpeedThatMovesFromWindowToWindowIsTakenOutOfTheCpu() throws Exception {
        writeOnMachine(1, FASTER_OR_SLOWER);
        Files.delete(directory.resolve(MachineSpeed.FILE_NAME));
        AbComparison withoutTheProbe = AbComparison.of(directory, THRESHOLDS);
        writeOnMachine(1, FASTER_OR_SLOWER);

        AbComparison judged = AbComparison.of(directory, THRESHOLDS);

        assertTrue(judged.passed(), judged.lines().toString());
        AbComparison.Judged serverCpu = line(judged, CallCost.SERVER_CPU);
        assertEquals(1, serverCpu.line().ratio(), 0.01);
        assertTrue(serverCpu.line().note().contains("the machine's speed taken out (beta "),
                serverCpu.line().note());
        assertTrue(serverCpu.line().detectable()
                < line(withoutTheProbe, CallCost.SERVER_CPU).line().detectable() / 2,
                "the machine's 3-5% per window taken out: " + serverCpu.line() + " against "
                        + line(withoutTheProbe, CallCost.SERVER_CPU).line());
        assertEquals("", line(judged, AbVerdict.MEDIAN).line().note(), "time is not taken to one speed");
    }

    @Test
    void aRealCostStandsOnceTheMachinesSpeedIsTakenOut() throws Exception {
        writeOnMachine(1.05, FASTER_OR_SLOWER);

        AbComparison judged = AbComparison.of(directory, THRESHOLDS);

        assertEquals(Verdict.REGRESSION, verdict(judged, CallCost.SERVER_THREADS_CPU));
        assertEquals(1.05, line(judged, CallCost.SERVER_CPU).line().ratio(), 0.01);
        assertEquals(Verdict.WITHIN_NOISE, verdict(judged, CallCost.CLIENT_CPU));
    }

    @Test
    void aProbeSlowerInEveryCandidateWindowIsNotTakenOut() throws Exception {
        writeOnMachine(1.05, SLOWER_IN_EVERY_TRIAL);

        AbComparison judged = AbComparison.of(directory, THRESHOLDS);

        AbComparison.Judged serverCpu = line(judged, CallCost.SERVER_CPU);
        assertEquals(Verdict.REGRESSION, serverCpu.verdict());
        assertEquals(1.05 * Math.sqrt(1.08), serverCpu.line().ratio(), 0.01, "as measured, not 1.05");
        assertTrue(serverCpu.line().note().contains("the machine's speed not taken out: ab's probe's time was +8."),
                serverCpu.line().note());
    }

    @Test
    void aTrialTheMachineStalledInIsSetAsideNotJudged() throws Exception {
        double[] candidate = rotated(SERVER_CPU);
        candidate[2] *= 1.6; // what a window the host took the CPUs in read here: a fifth to a half more
        double[] probe = {100, 101, 99, 100, 102, 98, 100, 101};
        AbRuns.writeOpenLoopWithSpeed(directory, SERVER_CPU, candidate, probe, probe);
        AbComparison asMeasured = AbComparison.of(directory, THRESHOLDS);
        AbRuns.starveProbe(directory, 2, AbRecord.CANDIDATE);

        AbComparison judged = AbComparison.of(directory, THRESHOLDS);

        assertTrue(line(asMeasured, CallCost.SERVER_CPU).line().ratio() > 1.05, asMeasured.lines().toString());
        assertEquals(7, judged.trials());
        assertEquals(List.of(3), List.copyOf(AbComparison.setAside(directory).keySet()), "what ab runs again");
        assertEquals(1, line(judged, CallCost.SERVER_CPU).line().ratio(), 0.01);
        assertTrue(judged.passed(), judged.lines().toString());
        assertTrue(line(judged, AbVerdict.MEDIAN).line().note().contains("trial 3 set aside: the machine stalled in"
                + " the candidate's getUser window (ab's probe took 2 of its usual 100 samples in a second)"),
                line(judged, AbVerdict.MEDIAN).line().note());
    }

    @Test
    void aDuetTrialBothSidesFellBehindInIsSetAsideNotFailed() throws Exception {
        AbRuns.writeOpenLoopDuet(directory, SERVER_CPU, rotated(SERVER_CPU), 2, AbRecord.BASELINE,
                AbRecord.CANDIDATE);

        AbComparison judged = AbComparison.of(directory, THRESHOLDS);

        assertEquals(7, judged.trials());
        assertEquals(List.of(3), List.copyOf(AbComparison.setAside(directory).keySet()), "what ab runs again");
        assertEquals(0, judged.count(Verdict.PAIR_FAILED), judged.lines().toString());
        assertTrue(judged.passed(), judged.lines().toString());
        assertTrue(line(judged, AbVerdict.MEDIAN).line().note().contains("trial 3 set aside: both sides fell behind"
                + " dubbo-kryo's rate on getUser at once"), line(judged, AbVerdict.MEDIAN).line().note());
    }

    @Test
    void aDuetTrialBothSidesBeganBehindInIsSetAsideThoughOnlyOneFailedTheRate() throws Exception {
        // as aa-st-466's sixth trial: both began existUser's window seconds behind, the baseline caught up in it
        AbRuns.writeOpenLoopDuetBegunBehind(directory, SERVER_CPU, rotated(SERVER_CPU), 2,
                List.of(AbRecord.BASELINE), AbRecord.CANDIDATE);

        AbComparison judged = AbComparison.of(directory, THRESHOLDS);

        assertEquals(List.of(3), List.copyOf(AbComparison.setAside(directory).keySet()), "what ab runs again");
        assertEquals(0, judged.count(Verdict.PAIR_FAILED), judged.lines().toString());
        assertTrue(judged.passed(), judged.lines().toString());
    }

    @Test
    void aDuetTrialBothSidesWarmedBehindInIsSetAsideThoughOneKeptItsWindowsRate() throws Exception {
        // as aa-td-481's sixth trial: both warmups of existUser ended 4 s behind; the baseline's window then began
        // 267 ms behind and kept the rate, the candidate's did not
        AbRuns.writeOpenLoopDuetWarmedBehind(directory, SERVER_CPU, rotated(SERVER_CPU), 2,
                List.of(AbRecord.BASELINE, AbRecord.CANDIDATE), AbRecord.CANDIDATE);

        AbComparison judged = AbComparison.of(directory, THRESHOLDS);

        assertEquals(List.of(3), List.copyOf(AbComparison.setAside(directory).keySet()), "what ab runs again");
        assertEquals(0, judged.count(Verdict.PAIR_FAILED), judged.lines().toString());
        assertTrue(judged.passed(), judged.lines().toString());
    }

    @Test
    void aDuetTrialOnlyTheCandidateWarmedBehindInFailsItsPair() throws Exception {
        AbRuns.writeOpenLoopDuetWarmedBehind(directory, SERVER_CPU, rotated(SERVER_CPU), 2,
                List.of(AbRecord.CANDIDATE), AbRecord.CANDIDATE);

        AbComparison judged = AbComparison.of(directory, THRESHOLDS);

        assertTrue(AbComparison.setAside(directory).isEmpty());
        assertEquals(1, judged.count(Verdict.PAIR_FAILED), judged.lines().toString());
        assertFalse(judged.passed());
    }

    @Test
    void aStageSetAsideTrialsLeftWithTwoIsNotJudgedAndFailsTheGate() throws Exception {
        // as the re-judged aa-st-464, whose two trials left flagged six lines: two pairs are no interval
        double[] threeTrials = Arrays.copyOf(SERVER_CPU, 3);
        AbRuns.writeOpenLoopDuetBegunBehind(directory, threeTrials, rotated(threeTrials), 1,
                List.of(AbRecord.BASELINE, AbRecord.CANDIDATE));

        AbComparison judged = AbComparison.of(directory, THRESHOLDS);

        assertEquals(List.of(2), List.copyOf(AbComparison.setAside(directory).keySet()));
        assertEquals(0, judged.count(Verdict.REGRESSION), judged.lines().toString());
        assertEquals(0, judged.compared(), judged.lines().toString());
        assertTrue(judged.lines().stream().allMatch(line -> line.verdict() == Verdict.NOT_JUDGED
                && line.line().note().contains("2 trials with both sides: an interval needs 3")),
                judged.lines().toString());
        assertFalse(judged.passed());
    }

    @Test
    void aDuetTrialOneSideBeganBehindInStands() throws Exception {
        AbRuns.writeOpenLoopDuetBegunBehind(directory, SERVER_CPU, rotated(SERVER_CPU), 2,
                List.of(AbRecord.CANDIDATE));

        AbComparison judged = AbComparison.of(directory, THRESHOLDS);

        assertTrue(AbComparison.setAside(directory).isEmpty());
        assertEquals(8, judged.trials());
    }

    @Test
    void aDuetTrialOnlyTheCandidateFellBehindInFailsItsPair() throws Exception {
        AbRuns.writeOpenLoopDuet(directory, SERVER_CPU, rotated(SERVER_CPU), 2, AbRecord.CANDIDATE);

        AbComparison judged = AbComparison.of(directory, THRESHOLDS);

        assertTrue(AbComparison.setAside(directory).isEmpty());
        assertEquals(1, judged.count(Verdict.PAIR_FAILED), judged.lines().toString());
        assertFalse(judged.passed());
    }

    @Test
    void aRunWhoseEveryTrialTheMachineStalledInIsNotJudged() {
        double[] probe = {100, 101, 99, 100, 102, 98, 100, 101};
        AbRuns.writeOpenLoopWithSpeed(directory, SERVER_CPU, rotated(SERVER_CPU), probe, probe);
        for (int trial = 0; trial < probe.length; trial++) {
            AbRuns.starveProbe(directory, trial, AbRecord.BASELINE);
        }

        InputException thrown = assertThrows(InputException.class, () -> AbComparison.of(directory, THRESHOLDS));

        assertEquals(probe.length, AbComparison.setAside(directory).size(), "what ab runs again");
        assertTrue(thrown.getMessage().contains("on a machine that kept running: trial 1 set aside: the machine"
                + " stalled in the baseline's getUser window"), thrown.getMessage());
    }

    @Test
    void aSecondTheSenderWasHeldUpInMovesTheMeanNotTheMedianSecondsMean() throws Exception {
        double[][] baseline = seconds(1, -1);
        double[][] candidate = seconds(1, 1);
        for (int trial = 0; trial < candidate.length; trial += 2) {
            candidate[trial][trial + 3] = 12; // a 10-ms hold-up's calls, timed from their due times: +55% on the mean
        }
        AbRuns.writeOpenLoopSeconds(directory, baseline, candidate);

        AbComparison judged = AbComparison.of(directory, THRESHOLDS);

        assertTrue(judged.passed(), judged.lines().toString());
        assertEquals(Verdict.WITHIN_NOISE, verdict(judged, AbVerdict.SECOND_MEANS_MEDIAN));
        assertEquals(1.0, line(judged, AbVerdict.SECOND_MEANS_MEDIAN).line().ratio(), 0.01);
        assertTrue(judged.lines().stream().noneMatch(line -> line.line().metric().equals(AbVerdict.SCORE)),
                "judged in the mean's stead: " + judged.lines());
    }

    @Test
    void aCallSlowerInEverySecondIsFlaggedOnItsMedianSecondsMean() throws Exception {
        AbRuns.writeOpenLoopSeconds(directory, seconds(1, -1), seconds(1.08, 1));

        AbComparison judged = AbComparison.of(directory, THRESHOLDS);

        assertFalse(judged.passed());
        assertEquals(Verdict.REGRESSION, verdict(judged, AbVerdict.SECOND_MEANS_MEDIAN));
        assertEquals(1.08, line(judged, AbVerdict.SECOND_MEANS_MEDIAN).line().ratio(), 0.01);
    }

    @Test
    void aBaselineFromBeforeTheSecondsWereKeptIsJudgedOnTheMean() throws Exception {
        AbRuns.writeOpenLoopSeconds(directory, null, seconds(1, 1));

        AbComparison judged = AbComparison.of(directory, THRESHOLDS);

        assertTrue(judged.passed(), judged.lines().toString());
        assertEquals(Verdict.WITHIN_NOISE, verdict(judged, AbVerdict.SCORE));
        assertTrue(judged.lines().stream().noneMatch(line -> line.line().metric()
                .equals(AbVerdict.SECOND_MEANS_MEDIAN)), judged.lines().toString());
    }

    /**
     * Eight trials' windows of twenty seconds, each second's mean {@code level} ms and a wobble of up to 1%, a
     * trial's first second 20% slower, the wobble's sign turned by {@code sign}.
     */
    private static double[][] seconds(double level, int sign) {
        double[][] trials = new double[8][20];
        for (int trial = 0; trial < trials.length; trial++) {
            for (int second = 0; second < 20; second++) {
                trials[trial][second] = level * (1 + sign * 0.01 * (((trial + second) % 5) - 2) / 2.0
                        + (second == 0 ? 0.2 : 0));
            }
        }
        return trials;
    }

    /**
     * The machine's speed in the candidate's windows against the baseline's, trial by trial: 6-10% slower in some and
     * faster in others, as the sides' random order leaves it.
     */
    private static final double[] FASTER_OR_SLOWER = {1.10, 0.94, 1.09, 0.93, 1.08, 0.90, 1.06, 0.91};
    /** 6-10% slower in every trial: what no random order does, but a candidate that moved the probe can. */
    private static final double[] SLOWER_IN_EVERY_TRIAL = {1.10, 1.06, 1.09, 1.07, 1.08, 1.10, 1.06, 1.09};

    /**
     * Trials (the candidate's CPU times {@code cost}) whose candidate windows met the machine at {@code speeds} of the
     * baseline's by the probe, which moved both sides' server CPU per call by half as much, and the client's not at
     * all.
     */
    private void writeOnMachine(double cost, double[] speeds) throws Exception {
        double[] baselineProbe = {100, 101, 99, 100, 102, 98, 100, 101};
        double[] candidateProbe = new double[speeds.length];
        double[] baseline = new double[speeds.length];
        double[] candidate = new double[speeds.length];
        double[] rotated = rotated(SERVER_CPU);
        for (int trial = 0; trial < speeds.length; trial++) {
            candidateProbe[trial] = baselineProbe[trial] * speeds[trial];
            baseline[trial] = SERVER_CPU[trial] * Math.sqrt(baselineProbe[trial] / 100);
            candidate[trial] = rotated[trial] * cost * Math.sqrt(candidateProbe[trial] / 100);
        }
        AbRuns.writeOpenLoopWithSpeed(directory, baseline, candidate, baselineProbe, candidateProbe);
    }

    private static AbComparison.Judged line(AbComparison comparison, CallCost cost) {
        return line(comparison, cost.label());
    }

    private static AbComparison.Judged line(AbComparison comparison, String metric) {
        return comparison.lines().stream().filter(judged -> judged.line().metric().equals(metric)).findFirst()
                .orElseThrow();
    }

    /** The same values, each trial's taken from the next: as noisy, differently. */
    private static double[] rotated(double[] values) {
        double[] rotated = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            rotated[i] = values[(i + 3) % values.length];
        }
        return rotated;
    }
}
