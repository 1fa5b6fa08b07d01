package org.rpcbench.gate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.rpcbench.contract.AbVerdict;
import org.rpcbench.results.Measurement;

/**
 * Where the variance of A/A runs lives, per metric: between the iterations of a fork, between trials (each a fresh
 * JVM start at another moment) of one side, and in the candidate-over-baseline ratio the gate judges. The ratio's
 * spread is what sets what the gate sees; it is smaller than one side's by what the two sides of a trial share (a
 * moment of machine load, a core's speed), which is why sides are paired in trials, and why running them at once
 * (a duet) can help. Spreads are coefficients of variation, pooled over the runs by their degrees of freedom, so
 * that runs of different days add nothing of their own.
 */
public final class AbVariance {

    /**
     * One metric's spreads, each a coefficient of variation.
     *
     * @param iterations    between the measured iterations of a fork
     * @param fromIterations what a trial's mean would spread by from its iterations alone: {@code iterations} over
     *                      the square root of the iterations a fork has
     * @param trials        between the trials' means of one side, as the gate judges them (CPU per call at one
     *                      machine speed, where the run probed it)
     * @param ratio         of the candidate's trial mean over the baseline's (as the log ratio's standard deviation)
     * @param trialMinutes  a trial's mean wall time, both sides' launchers
     */
    public record Row(AbComparison.Series series, int trialCount, double iterations, double fromIterations,
            double trials, double ratio, double trialMinutes) {

        /** The share of one side's trial-to-trial variance that the two sides of a trial share, so the ratio loses. */
        public double shared() {
            return trials > 0 ? Math.max(0, 1 - ratio * ratio / (2 * trials * trials)) : Double.NaN;
        }

        /** The ratio's spread over the mean of an hour of trials: what a design buys for the gate's time. */
        public double ratioOverAnHour() {
            return trialMinutes > 0 ? ratio * Math.sqrt(trialMinutes / 60) : Double.NaN;
        }
    }

    private AbVariance() {
    }

    /** Squared deviations and their degrees of freedom, added over groups: a pooled variance. */
    private static final class Pooled {
        private double squares;
        private int freedom;

        void add(double[] values) {
            if (values.length < 2) {
                return;
            }
            double mean = mean(values);
            for (double value : values) {
                squares += (value - mean) * (value - mean);
            }
            freedom += values.length - 1;
        }

        /** Each value over the group's mean, so the pool is of coefficients of variation. */
        void addRelative(double[] values) {
            double mean = mean(values);
            if (values.length >= 2 && mean != 0) {
                double[] relative = new double[values.length];
                for (int i = 0; i < values.length; i++) {
                    relative[i] = values[i] / mean;
                }
                add(relative);
            }
        }

        double deviation() {
            return freedom == 0 ? Double.NaN : Math.sqrt(squares / freedom);
        }
    }

    /**
     * One row per metric the runs judged, in the order of the first run that has it; runs at different fixed rates
     * pool, as in {@link AbPower}.
     */
    static List<Row> rows(List<AbComparison.Trials> runs, AbVerdict.Thresholds thresholds) {
        Map<String, AbComparison.Series> labels = new LinkedHashMap<>();
        List<Map<String, AbComparison.Series>> judged = new ArrayList<>();
        for (AbComparison.Trials run : runs) {
            Map<String, AbComparison.Series> byLabel = new LinkedHashMap<>();
            run.series(thresholds).forEach(series -> byLabel.put(series.poolLabel(), series));
            byLabel.forEach((label, series) -> labels.merge(label, series, AbComparison.Series::namedWith));
            judged.add(byLabel);
        }
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<String, AbComparison.Series> pooled : labels.entrySet()) {
            AbComparison.Series series = pooled.getValue();
            Pooled iterations = new Pooled();
            Pooled trials = new Pooled();
            Pooled ratio = new Pooled();
            int trialCount = 0;
            int forks = 0;
            int iterationCount = 0;
            double minutes = 0;
            for (int index = 0; index < runs.size(); index++) {
                AbComparison.Trials run = runs.get(index);
                // the trials' figures as the gate judges them: CPU per call at one machine speed, where it was
                AbComparison.Series figures = judged.get(index).get(pooled.getKey());
                if (figures == null) {
                    continue;
                }
                for (int trial : run.measuring(figures)) {
                    Measurement before = run.baseline().get(trial).get(figures.key());
                    Measurement after = run.candidate().get(trial).get(figures.key());
                    minutes += run.wallTimes().get(trial).toMillis() / 60_000.0;
                    for (Measurement side : List.of(before, after)) {
                        for (List<Double> fork : figures.forkIterations(side)) {
                            iterations.addRelative(fork.stream().mapToDouble(Double::doubleValue).toArray());
                            forks++;
                            iterationCount += fork.size();
                        }
                    }
                }
                double[] ratios = new double[figures.before().length];
                for (int trial = 0; trial < ratios.length; trial++) {
                    ratios[trial] = Math.log(figures.after()[trial] / figures.before()[trial]);
                }
                trialCount += ratios.length;
                trials.addRelative(figures.before());
                trials.addRelative(figures.after());
                ratio.add(ratios);
            }
            double perFork = forks == 0 ? Double.NaN : (double) iterationCount / forks;
            rows.add(new Row(series, trialCount, iterations.deviation(),
                    iterations.deviation() / Math.sqrt(perFork), trials.deviation(), ratio.deviation(),
                    trialCount == 0 ? 0 : minutes / trialCount));
        }
        return rows;
    }

    private static double mean(double[] values) {
        return Arrays.stream(values).average().orElseThrow();
    }
}
