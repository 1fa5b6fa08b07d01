package org.rpcbench.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.AbRecord;
import org.rpcbench.contract.AbVerdict;
import org.rpcbench.contract.CallCost;
import org.rpcbench.contract.MachineSpeed;

class AbVarianceTest {

    private static final AbVerdict.Thresholds THRESHOLDS = new AbVerdict.Thresholds(3, 3, 5, 5, 1, 80);

    @TempDir
    Path directory;

    private AbVariance.Row throughput(List<AbComparison.Trials> runs) {
        return AbVariance.rows(runs, THRESHOLDS).stream().filter(row -> row.series().cost() == null).findFirst()
                .orElseThrow();
    }

    private static double coefficientOfVariation(double[] values) {
        double mean = Arrays.stream(values).average().orElseThrow();
        double squares = Arrays.stream(values).map(value -> (value / mean - 1) * (value / mean - 1)).sum();
        return Math.sqrt(squares / (values.length - 1));
    }

    @Test
    void sidesThatMoveTogetherLeaveTheRatioNothing() throws Exception {
        List<AbRuns.Side> baseline = new ArrayList<>();
        List<AbRuns.Side> candidate = new ArrayList<>();
        for (double callsPerSecond : AbRuns.THROUGHPUT) {
            baseline.add(AbRuns.Side.passed(callsPerSecond, 15_000.0));
            candidate.add(AbRuns.Side.passed(callsPerSecond * 1.01, 15_000.0));
        }
        AbRuns.write(directory, baseline, candidate, null);

        AbVariance.Row row = throughput(List.of(AbComparison.Trials.load(directory)));

        assertEquals(AbRuns.THROUGHPUT.length, row.trialCount());
        assertEquals(coefficientOfVariation(AbRuns.THROUGHPUT), row.trials(), 1e-9);
        assertEquals(0, row.ratio(), 1e-9, "a constant ratio does not spread");
        assertEquals(1, row.shared(), 1e-9);
        assertEquals(AbRuns.ITERATION_SPREAD, row.iterations(), 1e-9, "iterations 2% below, at and above the mean");
        assertEquals(AbRuns.ITERATION_SPREAD / Math.sqrt(3), row.fromIterations(), 1e-9);
        assertEquals(2, row.trialMinutes(), 1e-9);
    }

    @Test
    void sidesThatMoveApartShareNothingAndTheRatioSpreadsByBoth() throws Exception {
        double mean = Arrays.stream(AbRuns.THROUGHPUT).average().orElseThrow();
        List<AbRuns.Side> baseline = new ArrayList<>();
        List<AbRuns.Side> candidate = new ArrayList<>();
        double[] ratios = new double[AbRuns.THROUGHPUT.length];
        for (int i = 0; i < ratios.length; i++) {
            // the candidate as far below the mean as the baseline is above it, trial by trial
            double mirrored = 2 * mean - AbRuns.THROUGHPUT[i];
            baseline.add(AbRuns.Side.passed(AbRuns.THROUGHPUT[i], 15_000.0));
            candidate.add(AbRuns.Side.passed(mirrored, 15_000.0));
            ratios[i] = Math.log(mirrored / AbRuns.THROUGHPUT[i]);
        }
        AbRuns.write(directory, baseline, candidate, null);

        AbVariance.Row row = throughput(List.of(AbComparison.Trials.load(directory)));

        double ratioMean = Arrays.stream(ratios).average().orElseThrow();
        double expected = Math.sqrt(Arrays.stream(ratios).map(r -> (r - ratioMean) * (r - ratioMean)).sum()
                / (ratios.length - 1));
        assertEquals(expected, row.ratio(), 1e-9);
        assertEquals(2 * row.trials(), row.ratio(), 0.002, "both sides' spreads add up in the ratio");
        assertEquals(0, row.shared(), 1e-9);
        assertEquals(row.ratio() * Math.sqrt(2.0 / 60), row.ratioOverAnHour(), 1e-9);
    }

    @Test
    void aTrialTakesWhatItsOwnTimesSayWhereTheRecordHasThem() throws Exception {
        AbRuns.write(directory, 6, 1, 1);
        AbRecord record = AbRecord.read(directory);
        // each trial's launchers took three minutes, a minute more than its runs' own times
        record.withTrials(record.trials().stream().map(trial -> new AbRecord.Trial(trial.number(), trial.order(),
                trial.baselineRun(), trial.baselineExit(), trial.candidateRun(), trial.candidateExit(),
                "2026-11-29T10:00:00Z", "2026-11-29T10:03:00Z")).toList(), record.end()).write(directory);

        assertEquals(3, throughput(List.of(AbComparison.Trials.load(directory))).trialMinutes(), 1e-9);
    }

    @Test
    void runsArePooledByTheirDegreesOfFreedomNotConcatenated(@TempDir Path slower) throws Exception {
        AbRuns.write(directory, 6, 1, 1);
        List<AbRuns.Side> baseline = new ArrayList<>();
        List<AbRuns.Side> candidate = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            // another day's machine, half as fast: the same spread around another level
            AbRuns.Side before = AbRuns.baseline(i);
            AbRuns.Side after = AbRuns.candidate(i, 1, 1);
            baseline.add(AbRuns.Side.passed(before.callsPerSecond() / 2, before.serverBytes()));
            candidate.add(AbRuns.Side.passed(after.callsPerSecond() / 2, after.serverBytes()));
        }
        AbRuns.write(slower, baseline, candidate, null);

        AbVariance.Row one = throughput(List.of(AbComparison.Trials.load(directory)));
        AbVariance.Row both = throughput(List.of(AbComparison.Trials.load(directory),
                AbComparison.Trials.load(slower)));

        assertEquals(12, both.trialCount());
        assertEquals(one.trials(), both.trials(), 1e-9, "the two levels are not spread");
        assertEquals(one.ratio(), both.ratio(), 1e-9);
    }

    @Test
    void eachMetricHasARow() throws Exception {
        AbRuns.write(directory, 6, 1, 1);

        List<AbVariance.Row> rows = AbVariance.rows(List.of(AbComparison.Trials.load(directory)), THRESHOLDS);

        assertEquals(2, rows.size(), rows.toString());
        AbVariance.Row throughput = rows.get(0);
        assertEquals("getUser (32 threads)", throughput.series().key().call());
        assertEquals("thrpt", throughput.series().key().mode());
        assertEquals(6, throughput.trialCount());
        assertEquals(0.020, throughput.iterations(), 0.0005);
        assertEquals(0.012, throughput.fromIterations(), 0.0005);
        assertEquals(CallCost.SERVER_ALLOCATION, rows.get(1).series().cost());
        assertEquals(6, rows.get(1).trialCount());
    }

    @Test
    void theRatiosSpreadIsOfTheFiguresTheGateJudges() throws Exception {
        double[] baselineProbe = {100, 104, 97, 101, 99, 103};
        double[] candidateProbe = {106, 99, 104, 97, 108, 101};
        double[] baseline = Arrays.stream(baselineProbe).map(nanos -> 70 * Math.sqrt(nanos / 100)).toArray();
        double[] candidate = Arrays.stream(candidateProbe).map(nanos -> 70 * Math.sqrt(nanos / 100)).toArray();
        AbRuns.writeOpenLoopWithSpeed(directory, baseline, candidate, baselineProbe, candidateProbe);

        double taken = serverCpuRatio();
        Files.delete(directory.resolve(MachineSpeed.FILE_NAME));
        double measured = serverCpuRatio();

        assertEquals(0, taken, 1e-9, "server CPU that moved with the machine's speed alone");
        assertTrue(measured > 0.02, "as measured: " + measured);
    }

    private double serverCpuRatio() throws Exception {
        return AbVariance.rows(List.of(AbComparison.Trials.load(directory)), THRESHOLDS).stream()
                .filter(row -> row.series().cost() == CallCost.SERVER_CPU).findFirst().orElseThrow().ratio();
    }

    @Test
    void aRunWithoutSecondsAddsNoTrialsToTheSecondsMedian(@TempDir Path before) throws Exception {
        double[][] seconds = new double[4][20];
        for (int trial = 0; trial < seconds.length; trial++) {
            for (int second = 0; second < 20; second++) {
                seconds[trial][second] = 1 + 0.01 * ((trial + second) % 5);
            }
        }
        AbRuns.writeOpenLoopSeconds(directory, seconds, seconds);
        AbRuns.writeOpenLoopSeconds(before, null, seconds);

        AbVariance.Row row = AbVariance.rows(List.of(AbComparison.Trials.load(directory),
                AbComparison.Trials.load(before)), THRESHOLDS).stream()
                .filter(one -> one.series().metric().equals(AbVerdict.SECOND_MEANS_MEDIAN)).findFirst().orElseThrow();

        assertEquals(4, row.trialCount(), "the four trials whose sides both kept their seconds");
        assertTrue(Double.isFinite(row.iterations()), "the seconds' spread, from those trials alone: " + row);
    }
}
