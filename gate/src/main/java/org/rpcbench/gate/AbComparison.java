package org.rpcbench.gate;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.rpcbench.contract.AbRecord;
import org.rpcbench.contract.AbVerdict;
import org.rpcbench.contract.CallCost;
import org.rpcbench.contract.MachineSpeed;
import org.rpcbench.contract.OpenLoopReport;
import org.rpcbench.contract.RunRecord;
import org.rpcbench.results.BenchmarkKey;
import org.rpcbench.results.InputException;
import org.rpcbench.results.Measurement;
import org.rpcbench.results.Run;
import org.rpcbench.results.Welch;

/**
 * The verdict of an A/B run ({@code benchmark.sh ab}): per benchmark and metric, the candidate's mean over the
 * baseline's across the trials that ran both sides, with a {@link PairedBootstrap} interval. A change is a regression
 * (or an improvement) only when the whole interval lies beyond the threshold; each line also says how large a change
 * a run this noisy would have seen, so that "within noise" reads as "nothing larger than that". The score is judged
 * per mode; what a call cost on each side once per call, as {@link Comparison} does. When the run added confirmation
 * trials ({@link AbRecord#confirmationFrom()}), a change counts only when the first trials and the confirmation
 * trials, each judged on their own, both show it: a replication, which a chance draw of the first trials (a JVM that
 * settled at a slower level in most of one side's runs) rarely survives and a real change does. The confirmation
 * trials are judged by an interval of lower confidence ({@link AbVerdict.Thresholds#confirmationConfidence()}):
 * they must rule out that the first trials' flag was chance, not prove the change a second time.
 *
 * @param directory the A/B run's, where its ab.json lies
 * @param trials    the trials that ran both sides
 * @param confirmationTrials of {@code trials}, those from {@link AbRecord#confirmationFrom()} on; 0 when none ran
 */
public record AbComparison(Path directory, AbRecord record, AbVerdict.Thresholds thresholds, int trials,
        int confirmationTrials, List<Judged> lines) {

    /** A call's trials below this do not fit or take the machine's speed out of its CPU per call. */
    static final int MIN_SPEED_TRIALS = 3;
    /**
     * A call whose probe times differ between the sides beyond this two-sided chance is not taken to one speed: the
     * sides alternate in random order, so only chance, or the candidate itself, sets the probe apart on one side.
     */
    static final double SPEED_BALANCE_P = 0.01;

    /** How the intervals are estimated, as verdict.json and its page say. */
    public static final String INTERVAL = String.format(Locale.ROOT, "%.0f%%, expanded percentile bootstrap over"
            + " the paired trials (%,d resamples)", PairedBootstrap.CONFIDENCE * 100, PairedBootstrap.RESAMPLES);

    /**
     * A judged line: its record in verdict.json, with the benchmark and the cost it judged.
     *
     * @param cost null for the benchmark's score
     */
    public record Judged(BenchmarkKey key, CallCost cost, Verdict verdict, AbVerdict.Line line) {
    }

    /**
     * Whether the A/B run in {@code directory} fails the gate on regressions alone, so that confirmation trials
     * could clear it: no pair failed, nothing was lost and every benchmark was judged. False when it cannot be judged
     * at all.
     */
    public static boolean failsOnRegressionsAlone(Path directory, AbVerdict.Thresholds thresholds) {
        try {
            AbComparison comparison = of(directory, thresholds);
            return comparison.count(Verdict.REGRESSION) > 0 && comparison.lines().stream().map(Judged::verdict)
                    .filter(Verdict::fails).allMatch(verdict -> verdict == Verdict.REGRESSION);
        } catch (InputException e) {
            return false;
        }
    }

    /**
     * The trials of the A/B run in {@code directory} a judgement sets aside, by number, each with why (the machine
     * stalled under one of their windows); none for a directory without a readable A/B run, which judging names.
     */
    public static Map<Integer, String> setAside(Path directory) {
        try {
            return Trials.read(directory).setAside();
        } catch (InputException e) {
            return Map.of();
        }
    }

    /**
     * Judges the A/B run in {@code directory}.
     *
     * @throws InputException when it holds no A/B run, or no trial that ran both sides
     */
    public static AbComparison of(Path directory, AbVerdict.Thresholds thresholds) throws InputException {
        Trials trials = Trials.load(directory);
        Integer confirmationFrom = trials.record().confirmationFrom();
        Trials first = confirmationFrom == null ? null : trials.stage(Integer.MIN_VALUE, confirmationFrom);
        Trials confirmation = confirmationFrom == null ? null : trials.stage(confirmationFrom, Integer.MAX_VALUE);
        int confirmationTrials = confirmation == null ? 0 : confirmation.numbers().size();
        Integer given = trials.record().confirmationTrials();
        return new AbComparison(directory, trials.record(), thresholds, trials.baseline().size(), confirmationTrials,
                judge(trials, first, confirmation, given != null ? given : confirmationTrials, thresholds,
                        new Random(trials.record().seed())));
    }

    /**
     * An A/B run's trials that ran both sides: their numbers, their wall times (the trial's own, or in records from
     * before it was kept, the first run's start to the last run's end), each side's measurements by key, trial by
     * trial, and the pairs that failed on either side; and why each trial set aside was (the machine stalled under a
     * window, by the probe): its figures measured the stall, not either side, and with one such trial in 24 the
     * simulated gate saw a tenth more server CPU on the call it hit in three runs of four, not nine of ten.
     */
    record Trials(AbRecord record, List<Integer> numbers, List<Duration> wallTimes,
                  List<Map<BenchmarkKey, Measurement>> baseline, List<Map<BenchmarkKey, Measurement>> candidate,
                  List<Map<BenchmarkKey, Double>> baselineSpeed, List<Map<BenchmarkKey, Double>> candidateSpeed,
                  Map<String, List<String>> candidateFailures, Map<String, List<Integer>> baselineFailures,
                  Map<Integer, String> setAside) {

        static Trials load(Path directory) throws InputException {
            Trials trials = read(directory);
            if (trials.baseline().isEmpty()) {
                throw new InputException("no trial in " + directory + " ran both sides to the end"
                        + (trials.setAside().isEmpty() ? "" : " on a machine that kept running: "
                                + String.join("; ", trials.setAside().values())));
            }
            return trials;
        }

        /** The trials in {@code directory}, none when no trial ran both sides on a machine that kept running. */
        private static Trials read(Path directory) throws InputException {
            if (!Files.isRegularFile(directory.resolve(AbRecord.FILE_NAME))) {
                throw new InputException(directory + " has no " + AbRecord.FILE_NAME + ": give the directory of an"
                        + " A/B run (benchmark.sh ab --out)");
            }
            AbRecord record;
            MachineSpeed speed;
            try {
                record = AbRecord.read(directory);
                speed = MachineSpeed.read(directory);
            } catch (UncheckedIOException e) {
                throw new InputException(e.getMessage());
            }
            Trials trials = new Trials(record, new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
                    new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new LinkedHashMap<>(),
                    new LinkedHashMap<>(), new LinkedHashMap<>());
            for (AbRecord.Trial trial : record.trials()) {
                Run before = sideRun(directory, trial, AbRecord.BASELINE);
                Run after = sideRun(directory, trial, AbRecord.CANDIDATE);
                if (before == null || after == null) {
                    continue;
                }
                String setAsideWhy = stalled(before, AbRecord.BASELINE, speed);
                setAsideWhy = setAsideWhy != null ? setAsideWhy : stalled(after, AbRecord.CANDIDATE, speed);
                setAsideWhy = setAsideWhy != null || !record.duet() ? setAsideWhy : behindTogether(before, after);
                if (setAsideWhy != null) {
                    trials.setAside().put(trial.number(), "trial " + trial.number() + " set aside: " + setAsideWhy);
                    continue;
                }
                trials.numbers().add(trial.number());
                trials.wallTimes().add(wallTime(trial.start(), trial.end(), before.info(), after.info()));
                trials.baseline().add(byKey(before));
                trials.candidate().add(byKey(after));
                trials.baselineSpeed().add(speeds(before, speed));
                trials.candidateSpeed().add(speeds(after, speed));
                Set<String> baselinePassed = new LinkedHashSet<>();
                before.info().pairs().stream().filter(RunRecord.Pair::passed)
                        .forEach(pair -> baselinePassed.add(pair.pair()));
                for (RunRecord.Pair pair : after.info().pairs()) {
                    // a pair the candidate skipped (its server refused what it was given) measured nothing the
                    // baseline did: as much a failure as one that broke, as compare counts it
                    if (pair.failsTheRun()) {
                        trials.candidateFailures().computeIfAbsent(pair.pair(), p -> new ArrayList<>())
                                .add("trial " + trial.number() + ": " + pair.message());
                    } else if (!pair.passed() && baselinePassed.contains(pair.pair())) {
                        trials.candidateFailures().computeIfAbsent(pair.pair(), p -> new ArrayList<>())
                                .add("trial " + trial.number() + ": status " + pair.status()
                                        + (pair.message() == null ? "" : ": " + pair.message()));
                    }
                }
                for (RunRecord.Pair pair : before.info().pairs()) {
                    if (pair.failsTheRun()) {
                        trials.baselineFailures().computeIfAbsent(pair.pair(), p -> new ArrayList<>())
                                .add(trial.number());
                    }
                }
            }
            return trials;
        }

        /** How the machine stalled under one of a side's open-loop windows, by the probe; null when it did not. */
        private static String stalled(Run run, String side, MachineSpeed speed) {
            if (speed == null) {
                return null;
            }
            for (Measurement measured : run.openLoopMeasurements()) {
                OpenLoopReport.Window window = run.openLoopWindow(measured);
                String starved = window == null ? null
                        : speed.starvedIn(window.startEpochMillis(), window.endEpochMillis());
                if (starved != null) {
                    return "the machine stalled in the " + side + "'s " + measured.benchmark() + " window (ab's"
                            + " probe " + starved + ")";
                }
            }
            return null;
        }

        /**
         * Why a duet's trial is the machine's: both sides fell behind the same call's rate in it (did not keep it,
         * began its window with a backlog, or ended its warmup a quarter of a second's calls behind or more); null
         * when they did not. Both sides meet the same machine at the same moment there, so it could not carry the
         * two, as when it stalled (here existUser, measured first, in 13 trials of 68 at 20% of the probe's
         * capacity). A candidate that cannot keep the rate falls behind alone; one whose load sinks both sides in
         * every trial leaves no trial to judge, which fails the run.
         */
        private static String behindTogether(Run before, Run after) {
            for (RunRecord.Pair pair : before.info().pairs()) {
                List<String> candidateBehind = after.callsBehindTheirRate(pair.pair());
                for (String call : before.callsBehindTheirRate(pair.pair())) {
                    if (candidateBehind.contains(call)) {
                        return "both sides fell behind " + pair.pair() + "'s rate on " + call + " at once, on the"
                                + " machine they share";
                    }
                }
            }
            return null;
        }

        /** The trials numbered from {@code first} up to, not including, {@code end}. */
        Trials stage(int first, int end) {
            Trials stage = new Trials(record, new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
                    new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), candidateFailures, baselineFailures,
                    setAside);
            for (int trial = 0; trial < numbers.size(); trial++) {
                if (numbers.get(trial) >= first && numbers.get(trial) < end) {
                    stage.numbers().add(numbers.get(trial));
                    stage.wallTimes().add(wallTimes.get(trial));
                    stage.baseline().add(baseline.get(trial));
                    stage.candidate().add(candidate.get(trial));
                    stage.baselineSpeed().add(baselineSpeed.get(trial));
                    stage.candidateSpeed().add(candidateSpeed.get(trial));
                }
            }
            return stage;
        }

        /** Whether a call's costs are judged under this key: its mode is the one {@link Comparison} prefers. */
        boolean costsJudgedUnder(BenchmarkKey key) {
            int preferred = keys().stream().filter(other -> Comparison.call(other).equals(Comparison.call(key)))
                    .mapToInt(other -> Comparison.MODE_PREFERENCE.indexOf(other.mode())).max().orElseThrow();
            return preferred == Comparison.MODE_PREFERENCE.indexOf(key.mode());
        }

        /** The costs the baseline reported for a key in some trial and the candidate in none. */
        List<CallCost> costsLost(BenchmarkKey key) {
            return CallCost.JUDGED.stream()
                    .filter(cost -> reports(baseline, key, cost) && !reports(candidate, key, cost))
                    .toList();
        }

        private static boolean reports(List<Map<BenchmarkKey, Measurement>> side, BenchmarkKey key, CallCost cost) {
            return side.stream().map(trial -> trial.get(key))
                    .anyMatch(measurement -> measurement != null && measurement.costs().containsKey(cost)
                            && measurement.costs().get(cost).score() > 0);
        }

        /** Every benchmark key either side measured, in the order measured. */
        Set<BenchmarkKey> keys() {
            Set<BenchmarkKey> keys = new LinkedHashSet<>();
            baseline.forEach(trial -> keys.addAll(trial.keySet()));
            candidate.forEach(trial -> keys.addAll(trial.keySet()));
            return keys;
        }

        /** The trials (by index) in which both sides measured a metric ({@link Series#measuredIn}). */
        List<Integer> measuring(Series metric) {
            List<Integer> trials = new ArrayList<>();
            for (int trial = 0; trial < baseline.size(); trial++) {
                Measurement before = baseline.get(trial).get(metric.key());
                Measurement after = candidate.get(trial).get(metric.key());
                if (before != null && after != null && metric.measuredIn(before, after)) {
                    trials.add(trial);
                }
            }
            return trials;
        }

        /**
         * Every metric judged, over the trials both sides measured it in: each benchmark's score (an open-loop call's
         * mean response time as the median of its window's per-second means, where both sides kept them), an
         * open-loop call's median response time, and each call's costs once, in the mode
         * {@link Comparison#MODE_PREFERENCE} puts first among those the call ran; CPU per call with the machine's speed
         * taken out where the probe saw every trial.
         */
        List<Series> series(AbVerdict.Thresholds thresholds) {
            return speedAdjusted(measuredSeries(thresholds));
        }

        private List<Series> measuredSeries(AbVerdict.Thresholds thresholds) {
            List<Series> series = new ArrayList<>();
            for (BenchmarkKey key : keys()) {
                Measurement first = IntStream.range(0, baseline.size())
                        .filter(trial -> candidate.get(trial).containsKey(key))
                        .mapToObj(trial -> baseline.get(trial).get(key)).filter(Objects::nonNull).findFirst()
                        .orElse(null);
                if (first == null) {
                    continue;
                }
                // a side from before the seconds were kept (a baseline older than them) is judged on its mean
                boolean bySeconds = Measurement.OPEN_LOOP.equals(key.mode()) && addMeasured(series, new Series(key,
                        null, Figure.SECOND_MEANS_MEDIAN, first.unit(), null, null, true, thresholds.time(), null));
                if (!bySeconds) {
                    addMeasured(series, new Series(key, null, Figure.SCORE, first.unit(), null, null,
                            !first.higherIsBetter(), thresholds.time(), null));
                }
                if (Measurement.OPEN_LOOP.equals(key.mode())) {
                    addMeasured(series, new Series(key, null, Figure.MEDIAN, first.unit(), null, null, true,
                            thresholds.median(), null));
                }
                if (!costsJudgedUnder(key)) {
                    continue;
                }
                for (CallCost cost : CallCost.JUDGED) {
                    addMeasured(series, new Series(key, cost, null, cost.unit(), null, null, true,
                            thresholds.of(cost), null));
                }
            }
            return series;
        }

        /**
         * Adds a metric (a series without figures) with both sides' figures, when some trial measured it on both;
         * whether it did. A trial that measured a call's score has its median too: an open-loop measurement always
         * keeps its percentiles.
         */
        private boolean addMeasured(List<Series> series, Series metric) {
            List<Integer> trials = measuring(metric);
            if (!trials.isEmpty()) {
                series.add(metric.withFigures(values(baseline, metric, trials), values(candidate, metric, trials)));
            }
            return !trials.isEmpty();
        }

        private static double[] values(List<Map<BenchmarkKey, Measurement>> side, Series metric,
                                       List<Integer> trials) {
            return trials.stream().mapToDouble(trial -> metric.value(side.get(trial).get(metric.key()))).toArray();
        }

        /**
         * The series with each CPU cost's figures taken to one machine speed: a trial's figure divided by the probe's
         * time in its window over their mean over the series, to the power beta. Beta is fitted per cost over the
         * calls whose every trial the probe saw: the slope of a trial's log ratio, candidate over baseline, on its
         * windows' log ratio of probe times, each call's trials centred on their own means, so that a real change of
         * one call (the same in every trial) does not fit it. Held within 0 to 1, as CPU time for the same work can
         * slow at most as much as the probe's own work does: on a few trials a fit beyond that is noise. A call whose
         * probe times one side's windows apart from the other's beyond chance is left as measured: the adjustment
         * holds only for a covariate the change cannot move (a balance check), and one that moved would take part of
         * the change out, or put one in. Time is not taken to one speed: its waits and queues follow the machine's
         * load, not its speed alone.
         */
        private List<Series> speedAdjusted(List<Series> measured) {
            List<Series> adjusted = new ArrayList<>(measured);
            for (CallCost cost : CallCost.JUDGED) {
                if (cost.kind() != CallCost.Kind.CPU) {
                    continue;
                }
                Map<Integer, double[][]> speeds = new LinkedHashMap<>();
                for (int index = 0; index < measured.size(); index++) {
                    Series series = measured.get(index);
                    if (cost.equals(series.cost()) && series.before().length >= MIN_SPEED_TRIALS) {
                        double[][] seen = windowSpeeds(series);
                        String moved = seen == null ? null : probeMovedBySide(seen[0], seen[1]);
                        if (moved != null) {
                            adjusted.set(index, series.withSpeedNote(moved));
                        } else if (seen != null) {
                            speeds.put(index, seen);
                        }
                    }
                }
                double covariance = 0;
                double variance = 0;
                for (Map.Entry<Integer, double[][]> entry : speeds.entrySet()) {
                    Series series = measured.get(entry.getKey());
                    double[] ratios = logRatios(series.before(), series.after());
                    double[] speedRatios = logRatios(entry.getValue()[0], entry.getValue()[1]);
                    double meanRatio = Arrays.stream(ratios).average().orElseThrow();
                    double meanSpeedRatio = Arrays.stream(speedRatios).average().orElseThrow();
                    for (int trial = 0; trial < ratios.length; trial++) {
                        covariance += (ratios[trial] - meanRatio) * (speedRatios[trial] - meanSpeedRatio);
                        variance += (speedRatios[trial] - meanSpeedRatio) * (speedRatios[trial] - meanSpeedRatio);
                    }
                }
                if (!(variance > 0)) {
                    continue;
                }
                double beta = Math.max(0, Math.min(1, covariance / variance));
                speeds.forEach((index, seen) -> adjusted.set(index, measured.get(index).atOneSpeed(beta, seen[0],
                        seen[1])));
            }
            return adjusted;
        }

        /**
         * Why a call's probe times may not take its figures to one speed: their log ratio, candidate over baseline, is
         * away from none beyond {@link #SPEED_BALANCE_P} (Student's t over the trials); null when it is not.
         */
        private static String probeMovedBySide(double[] before, double[] after) {
            double[] ratios = logRatios(before, after);
            double p = Welch.ofMean(ratios).p();
            if (p >= SPEED_BALANCE_P) {
                return null;
            }
            double mean = Arrays.stream(ratios).average().orElseThrow();
            return String.format(Locale.ROOT, "the machine's speed not taken out: ab's probe's time was %+.1f%% in the"
                    + " candidate's windows against the baseline's, beyond chance (p %.3f), so the candidate may have"
                    + " moved it", 100 * Math.expm1(mean), p);
        }

        /** The probe's time in each trial's windows of a series, baseline's and candidate's; null when one is not. */
        private double[][] windowSpeeds(Series series) {
            List<Integer> trials = measuring(series);
            double[][] speeds = new double[2][trials.size()];
            for (int index = 0; index < trials.size(); index++) {
                Double before = baselineSpeed.get(trials.get(index)).get(series.key());
                Double after = candidateSpeed.get(trials.get(index)).get(series.key());
                if (before == null || after == null) {
                    return null;
                }
                speeds[0][index] = before;
                speeds[1][index] = after;
            }
            return speeds;
        }

        private static double[] logRatios(double[] before, double[] after) {
            double[] ratios = new double[before.length];
            for (int trial = 0; trial < before.length; trial++) {
                ratios[trial] = Math.log(after[trial] / before[trial]);
            }
            return ratios;
        }
    }

    /** Which of a benchmark's own figures a series judges, when it judges no cost. */
    public enum Figure {
        /** The benchmark's score: its throughput or its time, an open-loop call's mean response time. */
        SCORE(AbVerdict.SCORE),
        /** An open-loop call's median response time. */
        MEDIAN(AbVerdict.MEDIAN),
        /**
         * An open-loop call's mean response time as the median of its window's per-second means (a median of means):
         * a second in which the client's sender was held up moves the window's mean, not this.
         */
        SECOND_MEANS_MEDIAN(AbVerdict.SECOND_MEANS_MEDIAN);

        private final String metric;

        Figure(String metric) {
            this.metric = metric;
        }
    }

    /**
     * One metric of one benchmark over the trials that ran both sides, with the threshold that judges it.
     *
     * @param cost          null for one of the benchmark's own figures
     * @param figure        that figure; null for a cost
     * @param worseIfHigher a time or a cost (higher is worse), not a throughput
     * @param speedNote     what was done about the machine's speed (taken out, and by what power, or why not); null
     *                      when the probe did not see the trials
     */
    public record Series(BenchmarkKey key, CallCost cost, Figure figure, String unit, double[] before,
            double[] after, boolean worseIfHigher, double threshold, String speedNote) {

        /** The percentile an open-loop measurement keeps its median under. */
        static final double MEDIAN_PERCENTILE = 50.0;

        /** As a verdict line names it: its figure's {@link AbVerdict} metric or the cost's label. */
        public String metric() {
            return cost != null ? cost.label() : figure.metric;
        }

        /**
         * Whether both sides' measurements of a benchmark in a trial have this metric: a cost counts where the
         * baseline's is above zero; the seconds' median only where both kept their seconds.
         */
        boolean measuredIn(Measurement before, Measurement after) {
            if (cost != null) {
                return before.costs().containsKey(cost) && after.costs().containsKey(cost)
                        && before.costs().get(cost).score() > 0;
            }
            return figure != Figure.SECOND_MEANS_MEDIAN
                    || !before.secondMeans().isEmpty() && !after.secondMeans().isEmpty();
        }

        /** A measurement's figure for this series' metric: its score, its median, its seconds' or the cost's. */
        double value(Measurement measured) {
            if (cost != null) {
                return measured.costs().get(cost).score();
            }
            return switch (figure) {
                case SCORE -> measured.score();
                case MEDIAN -> measured.percentiles().get(MEDIAN_PERCENTILE);
                case SECOND_MEANS_MEDIAN -> median(measured.secondMeans());
            };
        }

        private static double median(List<Double> values) {
            double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            int middle = sorted.length / 2;
            return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
        }

        /** The same metric with other figures. */
        Series withFigures(double[] baselineFigures, double[] candidateFigures) {
            return new Series(key, cost, figure, unit, baselineFigures, candidateFigures, worseIfHigher, threshold,
                    speedNote);
        }

        /** The same figures, with what was done about the machine's speed. */
        Series withSpeedNote(String note) {
            return new Series(key, cost, figure, unit, before, after, worseIfHigher, threshold, note);
        }

        /**
         * The figures as at one machine speed: each divided by the probe's time in its window over their geometric
         * mean on both sides, to the power {@code beta}; a window on a slower machine (a longer probe time) counts
         * less.
         */
        Series atOneSpeed(double beta, double[] beforeSpeed, double[] afterSpeed) {
            double meanLog = (Arrays.stream(beforeSpeed).map(Math::log).sum()
                    + Arrays.stream(afterSpeed).map(Math::log).sum()) / (beforeSpeed.length + afterSpeed.length);
            double[] beforeAdjusted = new double[before.length];
            double[] afterAdjusted = new double[after.length];
            for (int trial = 0; trial < before.length; trial++) {
                beforeAdjusted[trial] = before[trial] * Math.exp(beta * (meanLog - Math.log(beforeSpeed[trial])));
                afterAdjusted[trial] = after[trial] * Math.exp(beta * (meanLog - Math.log(afterSpeed[trial])));
            }
            return new Series(key, cost, figure, unit, beforeAdjusted, afterAdjusted, worseIfHigher, threshold,
                    String.format(Locale.ROOT, "the machine's speed taken out (beta %.2f)", beta));
        }

        /**
         * The metric's measured iterations, fork by fork: an open loop's window is one, its median too; the seconds'
         * median has the window's seconds.
         */
        List<List<Double>> forkIterations(Measurement measured) {
            if (cost != null) {
                return measured.costs().get(cost).forkIterations();
            }
            return switch (figure) {
                case SCORE -> measured.forkIterations();
                case MEDIAN -> List.of(List.of(value(measured)));
                case SECOND_MEANS_MEDIAN -> List.of(measured.secondMeans());
            };
        }

        /** The benchmark and the metric: what names this series among a run's. */
        String label() {
            return key + " " + metric();
        }

        /**
         * What names it in a pool of A/A runs: its label but for a fixed rate, which each run's probe finds anew, so
         * that runs of ab's default design pool though their rates differ.
         */
        String poolLabel() {
            return pooledKey() + " " + metric();
        }

        /** Its benchmark without a fixed rate. */
        private BenchmarkKey pooledKey() {
            SortedMap<String, String> params = new TreeMap<>(key.params());
            params.remove(Measurement.RATE);
            return new BenchmarkKey(key.pair(), key.benchmark(), key.mode(), key.threads(), params);
        }

        /** This series named as a pool of it and another run's: without the rate when theirs differ. */
        Series namedWith(Series other) {
            return key.equals(other.key) ? this
                    : new Series(pooledKey(), cost, figure, unit, before, after, worseIfHigher, threshold, speedNote);
        }

        Verdict verdict(PairedBootstrap.Interval interval) {
            return regression(interval) ? Verdict.REGRESSION
                    : improvement(interval) ? Verdict.IMPROVEMENT : Verdict.WITHIN_NOISE;
        }

        /** Whether an interval of the candidate over the baseline lies wholly beyond the threshold, worse. */
        boolean regression(PairedBootstrap.Interval interval) {
            return worseIfHigher ? interval.low() > 1 + threshold / 100 : interval.high() < 1 - threshold / 100;
        }

        /** The same, better. */
        boolean improvement(PairedBootstrap.Interval interval) {
            return worseIfHigher ? interval.high() < 1 - threshold / 100 : interval.low() > 1 + threshold / 100;
        }
    }

    /** A side's run of a trial, or null when it did not end or left no run.json (its launcher refused or broke). */
    private static Run sideRun(Path directory, AbRecord.Trial trial, String side) throws InputException {
        String run = trial.run(side);
        Integer exit = trial.exit(side);
        if (run == null || exit == null || !Files.isRegularFile(directory.resolve(run).resolve(Run.RUN_JSON))) {
            return null;
        }
        return Run.load(List.of(directory.resolve(run)));
    }

    /**
     * What a trial took: its own start to end, both launchers, or without them the earlier start to the later end
     * of its two runs; zero when neither is there.
     */
    private static Duration wallTime(String trialStart, String trialEnd, RunRecord one, RunRecord other) {
        Instant start = instant(trialStart);
        Instant end = instant(trialEnd);
        if (start == null || end == null) {
            List<Instant> starts = Stream.of(one.start(), other.start()).map(AbComparison::instant).toList();
            List<Instant> ends = Stream.of(one.end(), other.end()).map(AbComparison::instant).toList();
            if (starts.contains(null) || ends.contains(null)) {
                return Duration.ZERO;
            }
            start = Collections.min(starts);
            end = Collections.max(ends);
        }
        return Duration.between(start, end);
    }

    /** An instant as a record writes it; null when it wrote none or something else. */
    private static Instant instant(String text) {
        try {
            return text == null ? null : Instant.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /**
     * The probe's mean time in each open-loop call's window of a run, by key; empty when the run had no probe or its
     * files kept no window.
     */
    private static Map<BenchmarkKey, Double> speeds(Run run, MachineSpeed speed) {
        Map<BenchmarkKey, Double> speeds = new LinkedHashMap<>();
        if (speed == null) {
            return speeds;
        }
        for (Measurement measured : run.openLoopMeasurements()) {
            OpenLoopReport.Window window = run.openLoopWindow(measured);
            Double nanos = window == null ? null : speed.meanNanos(window.startEpochMillis(), window.endEpochMillis());
            if (nanos != null) {
                speeds.put(BenchmarkKey.of(measured, measured.pair()), nanos);
            }
        }
        return speeds;
    }

    private static Map<BenchmarkKey, Measurement> byKey(Run run) {
        Map<BenchmarkKey, Measurement> byKey = new LinkedHashMap<>();
        Stream.concat(run.measurements().stream(), run.openLoopMeasurements().stream())
                .forEach(measurement -> byKey.put(BenchmarkKey.of(measurement, measurement.pair()), measurement));
        return byKey;
    }

    /**
     * @param first, confirmation the trials before the confirmation and the confirmation's; null when none ran
     * @param confirmationTrials the confirmation trials the run was given, whether or not they ran: the rule
     */
    private static List<Judged> judge(Trials trials, Trials first, Trials confirmation, int confirmationTrials,
            AbVerdict.Thresholds thresholds, Random random) {
        List<Judged> lines = new ArrayList<>();
        trials.candidateFailures().forEach((pair, failures) -> lines.add(new Judged(
                new BenchmarkKey(pair, "", "", 0, new TreeMap<>()), null, Verdict.PAIR_FAILED,
                new AbVerdict.Line(pair, null, null, 0, new TreeMap<>(), null, null, failures.size(), null, null,
                        null, null, null, null, Verdict.PAIR_FAILED.toString(), String.join("; ", failures)))));
        Map<BenchmarkKey, List<Series>> seriesByKey = new LinkedHashMap<>();
        trials.series(thresholds).forEach(series -> seriesByKey.computeIfAbsent(series.key(), k -> new ArrayList<>())
                .add(series));
        Map<String, Series> firstStage = first == null ? Map.of() : byLabel(first.series(thresholds));
        Map<String, Series> confirmationStage = confirmation == null ? Map.of()
                : byLabel(confirmation.series(thresholds));
        for (BenchmarkKey key : trials.keys()) {
            boolean inBaseline = trials.baseline().stream().anyMatch(trial -> trial.containsKey(key));
            boolean inCandidate = trials.candidate().stream().anyMatch(trial -> trial.containsKey(key));
            if (!inCandidate && trials.candidateFailures().containsKey(key.pair())) {
                continue;
            }
            List<Integer> baselineFailed = trials.baselineFailures().get(key.pair());
            String note = joined(String.join("; ", trials.setAside().values()), baselineFailed == null ? ""
                    : "baseline failed in trial " + String.join(", ", baselineFailed.stream().map(String::valueOf)
                            .toList()));
            if (!inBaseline || !inCandidate) {
                Verdict verdict = inBaseline ? Verdict.ONLY_IN_BASELINE : Verdict.ONLY_IN_CANDIDATE;
                String unit = (inBaseline ? trials.baseline() : trials.candidate()).stream()
                        .map(trial -> trial.get(key)).filter(measured -> measured != null)
                        .map(Measurement::unit).findFirst().orElse(null);
                lines.add(new Judged(key, null, verdict, line(key, AbVerdict.SCORE, unit, 0, null, null, null,
                        verdict, note)));
                continue;
            }
            if (trials.costsJudgedUnder(key)) {
                for (CallCost cost : trials.costsLost(key)) {
                    lines.add(new Judged(key, cost, Verdict.ONLY_IN_BASELINE, line(key, cost.label(), cost.unit(), 0,
                            null, null, null, Verdict.ONLY_IN_BASELINE, joined(note,
                                    "the candidate reported none"))));
                }
            }
            List<Series> keySeries = seriesByKey.getOrDefault(key, List.of());
            if (keySeries.isEmpty()) {
                // both sides measured it, never in the same trial
                Measurement measured = trials.baseline().stream().map(trial -> trial.get(key))
                        .filter(m -> m != null).findFirst().orElseThrow();
                keySeries = List.of(new Series(key, null, Figure.SCORE, measured.unit(), new double[0], new double[0],
                        !measured.higherIsBetter(), thresholds.time(), null));
            }
            keySeries.forEach(series -> lines.add(judged(series, note, random, firstStage.get(series.label()),
                    confirmationStage.get(series.label()), confirmationTrials,
                    thresholds.confirmationConfidence() / 100)));
        }
        return List.copyOf(lines);
    }

    private static Map<String, Series> byLabel(List<Series> series) {
        Map<String, Series> byLabel = new LinkedHashMap<>();
        series.forEach(one -> byLabel.put(one.label(), one));
        return byLabel;
    }

    /**
     * One metric of one benchmark over the paired trials; with confirmation trials, its first and its confirmation
     * trials apart (null when none ran). Its detectable change is the rule's: where the run was given confirmation
     * trials, a change must show in the first trials and in the confirmation trials, each judged alone, the
     * confirmation trials at {@code confirmationConfidence} (a fraction).
     */
    private static Judged judged(Series series, String note, Random random, Series first, Series confirmation,
            int confirmationTrials, double confirmationConfidence) {
        BenchmarkKey key = series.key();
        if (series.speedNote() != null) {
            note = joined(note, series.speedNote());
        }
        double[] before = series.before();
        double[] after = series.after();
        Double baselineMean = before.length == 0 ? null : Arrays.stream(before).average().orElseThrow();
        Double candidateMean = after.length == 0 ? null : Arrays.stream(after).average().orElseThrow();
        if (before.length < AbVerdict.MIN_TRIALS) {
            String why = before.length + " trial" + (before.length == 1 ? "" : "s") + " with both sides: an interval"
                    + " needs " + AbVerdict.MIN_TRIALS;
            return new Judged(key, series.cost(), Verdict.NOT_JUDGED, line(key, series.metric(), series.unit(),
                    before.length, baselineMean, candidateMean, null, Verdict.NOT_JUDGED,
                    joined(note, why)));
        }
        PairedBootstrap.Interval interval = PairedBootstrap.ratio(before, after, random);
        Verdict verdict = series.verdict(interval);
        double detectable;
        if (confirmation == null) {
            // the trials judged are the first ones; confirmation trials the run was given would be as noisy, per
            // trial, and their interval wider or narrower by the square root of their count against these
            detectable = confirmationTrials == 0 ? interval.detectable(series.threshold())
                    : PairedBootstrap.detectableByBoth(series.threshold(), interval,
                            interval.projected(before.length, confirmationTrials, confirmationConfidence));
            if (confirmationTrials > 0 && verdict == Verdict.IMPROVEMENT) {
                // the rule calls a change only when both halves show it, and the second half runs after a regression
                verdict = Verdict.WITHIN_NOISE;
                note = joined(note, "not confirmed: improvement in the first " + before.length + " trials, whose"
                        + " confirmation trials run only after a regression");
            }
        } else {
            if (first == null || first.before().length < AbVerdict.MIN_TRIALS
                    || confirmation.before().length < AbVerdict.MIN_TRIALS) {
                note = joined(note, "fewer than " + AbVerdict.MIN_TRIALS + " first or confirmation trials: judged"
                        + " over all");
                detectable = interval.detectable(series.threshold());
            } else {
                PairedBootstrap.Interval firstInterval = PairedBootstrap.ratio(first.before(), first.after(), random);
                PairedBootstrap.Interval confirmationInterval = PairedBootstrap.ratio(confirmation.before(),
                        confirmation.after(), random, PairedBootstrap.RESAMPLES, confirmationConfidence);
                detectable = PairedBootstrap.detectableByBoth(series.threshold(), firstInterval,
                        confirmationInterval);
                Verdict shown = first.verdict(firstInterval);
                Verdict again = confirmation.verdict(confirmationInterval);
                verdict = shown == again ? shown : Verdict.WITHIN_NOISE;
                String stages = shown + " in the first " + first.before().length + " trials, " + again + " in the "
                        + confirmation.before().length + " confirmation trials";
                if (shown != again) {
                    note = joined(note, "not confirmed: " + stages);
                } else if (shown != Verdict.WITHIN_NOISE) {
                    note = joined(note, "confirmed: " + stages);
                }
            }
        }
        return new Judged(key, series.cost(), verdict, line(key, series.metric(), series.unit(), before.length,
                baselineMean, candidateMean, interval, verdict, note, detectable));
    }

    private static String joined(String note, String more) {
        return note.isEmpty() ? more : more.isEmpty() ? note : note + "; " + more;
    }

    private static AbVerdict.Line line(BenchmarkKey key, String metric, String unit, int trials, Double baseline,
            Double candidate, PairedBootstrap.Interval interval, Verdict verdict, String note) {
        return line(key, metric, unit, trials, baseline, candidate, interval, verdict, note, null);
    }

    private static AbVerdict.Line line(BenchmarkKey key, String metric, String unit, int trials, Double baseline,
            Double candidate, PairedBootstrap.Interval interval, Verdict verdict, String note, Double detectable) {
        return new AbVerdict.Line(key.pair(), key.benchmark(), key.mode(), key.threads(), key.params(), metric, unit,
                trials, baseline, candidate, interval == null ? null : interval.ratio(),
                interval == null ? null : interval.low(), interval == null ? null : interval.high(), detectable,
                verdict.toString(), note);
    }

    public long count(Verdict verdict) {
        return lines.stream().filter(line -> line.verdict() == verdict).count();
    }

    /**
     * No regression, no failed or skipped candidate pair, nothing left unjudged, nothing the baseline measured that
     * the candidate did not (a benchmark or a cost), and something compared: a candidate that measured nothing never
     * passes.
     */
    public boolean passed() {
        return lines.stream().map(Judged::verdict).noneMatch(Verdict::fails) && compared() > 0;
    }

    /** Lines judged on both sides' figures. */
    public long compared() {
        return count(Verdict.REGRESSION) + count(Verdict.IMPROVEMENT) + count(Verdict.WITHIN_NOISE);
    }

    /** The verdict as verdict.json keeps it. */
    public AbVerdict verdict() {
        return new AbVerdict(describe(record.baseline()), describe(record.candidate()), trials, thresholds, INTERVAL,
                lines.stream().map(Judged::line).toList(), passed(), record.confirmationFrom());
    }

    /** A side as given, with its commit and whether it had changes not committed. */
    public static String describe(AbRecord.Side side) {
        return side.given() + (side.commit() == null ? "" : " (" + abbreviate(side.commit())
                + (Boolean.TRUE.equals(side.dirty()) ? ", with changes not committed" : "") + ")");
    }

    private static String abbreviate(String commit) {
        return commit.length() > 12 ? commit.substring(0, 12) : commit;
    }
}
