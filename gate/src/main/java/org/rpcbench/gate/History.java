package org.rpcbench.gate;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

import org.rpcbench.contract.AbRecord;
import org.rpcbench.contract.AbVerdict;
import org.rpcbench.contract.CallCost;
import org.rpcbench.contract.HistoryEntry;
import org.rpcbench.contract.RunRecord;
import org.rpcbench.results.BenchmarkKey;
import org.rpcbench.results.InputException;
import org.rpcbench.results.Measurement;
import org.rpcbench.results.Run;
import org.rpcbench.results.Welch;

/**
 * The benchmark history: every night's figures, one series per machine, pair, benchmark, mode, threads, params and
 * metric, searched for steps ({@link ChangePoints}) and for slow drifts. A step to the worse side beyond the threshold
 * that begins among the newest nights is flagged; older steps and drifts are reported, with the commits they lie
 * between. Two machines' figures are never one series: runners differ by CPU model, and a step from one to the other
 * is the machine's, which is what an A/B run on one machine exists to keep out of a verdict.
 */
public final class History {

    /** The newest nights a drift is fitted over: four weeks of nightly runs. */
    public static final int DRIFT_NIGHTS = 28;

    /** One series' key: what {@link HistoryEntry} measures and on which machine, without when and which commit. */
    public record SeriesKey(String machine, String pair, String benchmark, String mode, int threads,
            SortedMap<String, String> params, String metric) {

        static SeriesKey of(HistoryEntry entry) {
            return new SeriesKey(entry.machine(), entry.pair(), entry.benchmark(), entry.mode(), entry.threads(),
                    entry.params(), entry.metric());
        }

        boolean higherIsBetter() {
            return AbVerdict.SCORE.equals(metric) && Measurement.THROUGHPUT.equals(mode);
        }

        /** The call as a page names it, with its threads and params. */
        public String call() {
            return new BenchmarkKey(pair, benchmark, mode, threads, params).call();
        }

        /** The call's cost this series follows; null for the benchmark's score. */
        public CallCost cost() {
            for (CallCost cost : CallCost.values()) {
                if (cost.label().equals(metric)) {
                    return cost;
                }
            }
            return null;
        }
    }

    /**
     * A step in one series: the entries either side of it name the commits it lies between.
     *
     * @param flagged a step to the worse side, beyond the threshold, among the newest nights: it fails the check
     */
    public record Step(SeriesKey key, String unit, HistoryEntry lastBefore, HistoryEntry firstAfter,
            ChangePoints.Step step, boolean worse, boolean flagged) {
    }

    /**
     * A slow change over the newest nights: the fitted line's change per week and over its span, in percent, and
     * its value at the first and the last of those nights, in {@code unit}.
     */
    public record Drift(SeriesKey key, String unit, HistoryEntry first, HistoryEntry last, double perWeek, double total,
            boolean worse, double fittedFirst, double fittedLast) {
    }

    /** What the check found; {@code nights} is the longest series' length. */
    public record Check(int series, int nights, List<Step> steps, List<Drift> drifts) {

        public boolean passed() {
            return steps.stream().noneMatch(Step::flagged);
        }
    }

    private History() {
    }

    /**
     * The figures of a run directory (each result's score and costs) or of a judged A/B run (the candidate's means
     * over its trials), dated by the run's start and marked with its commit.
     */
    public static List<HistoryEntry> entries(Path source) throws InputException {
        if (Files.isRegularFile(source.resolve(AbRecord.FILE_NAME))) {
            if (!Files.isRegularFile(source.resolve(AbVerdict.FILE_NAME))) {
                throw new InputException(source + " has no " + AbVerdict.FILE_NAME + ": judge it first (benchmark.sh"
                        + " ab --judge " + source + ")");
            }
            AbRecord record;
            AbVerdict verdict;
            try {
                record = AbRecord.read(source);
                verdict = AbVerdict.read(source);
            } catch (UncheckedIOException e) {
                throw new InputException(e.getMessage());
            }
            String machine = abMachine(source, record);
            List<HistoryEntry> entries = new ArrayList<>();
            for (AbVerdict.Line line : verdict.lines()) {
                if (line.benchmark() != null && line.candidate() != null) {
                    entries.add(new HistoryEntry(record.start(), record.candidate().commit(), machine, line.pair(),
                            line.benchmark(), line.mode(), line.threads(), line.params(), line.metric(), line.unit(),
                            line.candidate(), null));
                }
            }
            return entries;
        }
        Run run = Run.load(List.of(source));
        String time = run.info() != null && run.info().start() != null ? run.info().start() : Instant.now().toString();
        String commit = run.info() != null && run.info().environment() != null
                ? run.info().environment().gitCommit() : null;
        String machine = run.info() == null ? null : HistoryEntry.machine(run.info().environment());
        List<HistoryEntry> entries = new ArrayList<>();
        for (Measurement m : run.measurements()) {
            entries.add(new HistoryEntry(time, commit, machine, m.pair(), m.benchmark(), m.mode(), m.threads(),
                    m.params(), AbVerdict.SCORE, m.unit(), m.score(), finite(m.noise())));
            m.costs().forEach((cost, value) -> {
                if (CallCost.JUDGED.contains(cost)) {
                    entries.add(new HistoryEntry(time, commit, machine, m.pair(), m.benchmark(), m.mode(),
                            m.threads(), m.params(), cost.label(), cost.unit(), value.score(),
                            finite(value.noise())));
                }
            });
        }
        return entries;
    }

    private static Double finite(double value) {
        return Double.isFinite(value) ? value : null;
    }

    /** The machine an A/B run's trials ran on: the first of its runs that names one, or null. */
    private static String abMachine(Path source, AbRecord record) {
        for (AbRecord.Trial trial : record.trials()) {
            for (String run : Arrays.asList(trial.candidateRun(), trial.baselineRun())) {
                if (run == null || !Files.isRegularFile(source.resolve(run).resolve(Run.RUN_JSON))) {
                    continue;
                }
                try {
                    String machine = HistoryEntry.machine(RunRecord.read(source.resolve(run)).environment());
                    if (machine != null) {
                        return machine;
                    }
                } catch (UncheckedIOException e) {
                    // a run.json cut short: the next run may name the machine
                }
            }
        }
        return null;
    }

    /** The entries by series, each series in time order, the series in the order their first entries come. */
    public static Map<SeriesKey, List<HistoryEntry>> series(List<HistoryEntry> entries) {
        Map<SeriesKey, List<HistoryEntry>> series = new LinkedHashMap<>();
        entries.stream().sorted(Comparator.comparing(HistoryEntry::instant))
                .forEach(entry -> series.computeIfAbsent(SeriesKey.of(entry), k -> new ArrayList<>()).add(entry));
        return series;
    }

    /**
     * @param threshold smallest step or drift in percent that counts
     * @param alpha     significance of a step after correction
     * @param recent    a worse step beginning among this many newest nights of its series fails the check
     */
    public static Check check(List<HistoryEntry> entries, double threshold, double alpha, int recent) {
        Map<SeriesKey, List<HistoryEntry>> series = series(entries);
        List<Step> steps = new ArrayList<>();
        List<Drift> drifts = new ArrayList<>();
        int nights = 0;
        for (Map.Entry<SeriesKey, List<HistoryEntry>> one : series.entrySet()) {
            SeriesKey key = one.getKey();
            List<HistoryEntry> points = one.getValue();
            nights = Math.max(nights, points.size());
            double[] values = points.stream().mapToDouble(HistoryEntry::value).toArray();
            String unit = points.get(points.size() - 1).unit();
            List<ChangePoints.Step> found = ChangePoints.find(values, alpha);
            for (ChangePoints.Step step : found) {
                double change = step.changePercent();
                boolean worse = key.higherIsBetter() ? change < 0 : change > 0;
                boolean flagged = worse && Math.abs(change) >= threshold && step.index() >= points.size() - recent;
                steps.add(new Step(key, unit, points.get(step.index() - 1), points.get(step.index()), step, worse,
                        flagged));
            }
            Drift drift = drift(key, unit, points.subList(Math.max(0, points.size() - DRIFT_NIGHTS), points.size()),
                    threshold);
            if (drift != null) {
                drifts.add(drift);
            }
        }
        return new Check(series.size(), nights, List.copyOf(steps), List.copyOf(drifts));
    }

    /**
     * The fitted change over the newest nights, when they span a week or more and it reaches the threshold. Binary
     * segmentation cuts a slow drift into steps too small to flag each; the line over the weeks shows it whole.
     */
    private static Drift drift(SeriesKey key, String unit, List<HistoryEntry> level, double threshold) {
        if (level.size() < 2 * ChangePoints.MIN_SEGMENT) {
            return null;
        }
        Instant start = level.get(0).instant();
        double[] days = level.stream().mapToDouble(e -> Duration.between(start, e.instant()).toMinutes() / 1440.0)
                .toArray();
        double span = days[days.length - 1];
        if (span < 7) {
            return null;
        }
        double[] values = level.stream().mapToDouble(HistoryEntry::value).toArray();
        double mean = Welch.mean(values, 0, values.length);
        double slope = ChangePoints.slope(days, values);
        double perDay = slope / mean * 100;
        double total = perDay * span;
        if (Math.abs(total) < threshold) {
            return null;
        }
        boolean worse = key.higherIsBetter() ? total < 0 : total > 0;
        // a least-squares line passes through the means
        double meanDay = Welch.mean(days, 0, days.length);
        return new Drift(key, unit, level.get(0), level.get(level.size() - 1), perDay * 7, total, worse,
                mean - slope * meanDay, mean + slope * (span - meanDay));
    }
}
