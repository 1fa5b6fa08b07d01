package org.rpcbench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.rpcbench.contract.CallCost;
import org.rpcbench.results.BenchmarkKey;
import org.rpcbench.results.Format;
import org.rpcbench.results.Measurement;
import org.rpcbench.results.Run;
import org.rpcbench.results.SeedFigures;

/**
 * A run arranged the way the seed reports read: one table per call with a row per pair, a serializer ranking per call,
 * and the sweeps (a benchmark run at several payloads or thread counts) the charts draw. Markdown and HTML render
 * this same model.
 */
final class ReportModel {

    static final String THREADS = "threads";
    /** The percentiles the tables show; the charts also draw 95 and 99.99. */
    static final List<Double> TABLE_PERCENTILES = List.of(50.0, 90.0, 99.0, 99.9);
    static final List<Double> CHART_PERCENTILES = List.of(50.0, 90.0, 95.0, 99.0, 99.9, 99.99);

    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kKmMgG]?)[bB]?");

    /** A benchmark at one setting: what one table (and one percentile chart) is about. */
    record CallKey(String benchmark, SortedMap<String, String> params, int threads) {

        /** The value of a sweep dimension: a param's, or the thread count. */
        String value(String dimension) {
            return dimension.equals(THREADS) ? Integer.toString(threads) : params.getOrDefault(dimension, "");
        }
    }

    /** One pair's scores for a call; any of the three may be null when that mode did not run. */
    record Row(String pair, String label, Measurement throughput, Measurement average, Measurement sample) {

        double percentile(double percentile) {
            return sample == null ? Double.NaN : sample.percentiles().getOrDefault(percentile, Double.NaN);
        }

        /** The loads that make the harness bound this row's figures, or null ({@link Measurement#harnessLoad()}). */
        Measurement.HarnessLoad harnessLoad() {
            return Measurement.harnessLoad(throughput, average, sample);
        }

        /** How far the throughput still rose while measured ({@link Measurement#climb()}), or null. */
        Measurement.Climb climb() {
            return throughput == null ? null : throughput.climb();
        }

        /** A cost per call from whichever mode measured it, or null. */
        Double cost(CallCost cost) {
            return Measurement.cost(cost, throughput, average, sample);
        }
    }

    /** @param detail the full benchmark name and every setting, for a subtitle */
    record Call(CallKey key, String title, String detail, List<Row> rows, Ranking ranking) {

        boolean hasThroughput() {
            return rows.stream().anyMatch(row -> row.throughput() != null);
        }

        /** The costs per call ({@link CallCost#PER_CALL}) that some pair has for this call. */
        List<CallCost> costs() {
            return CallCost.PER_CALL.stream()
                    .filter(cost -> rows.stream().anyMatch(row -> row.cost(cost) != null)).toList();
        }

        boolean hasSample() {
            return rows.stream().anyMatch(row -> row.sample() != null && !row.sample().percentiles().isEmpty());
        }
    }

    /**
     * The pairs of a call ordered by one score, best first, and what their noise lets the run say about that order.
     *
     * @param basis what was ranked: "TPS", or "average time" when the call has no throughput score
     */
    record Ranking(String basis, List<Ranked> entries) {

        /** Whether any pair has a noise estimate; without one the pairs can be listed but not ranked. */
        boolean estimated() {
            return entries.stream().anyMatch(entry -> Double.isFinite(entry.noise()));
        }

        /** How each pair stands against the next one: one relation fewer than there are entries. */
        List<Relation> steps() {
            List<Relation> steps = new ArrayList<>();
            for (int i = 1; i < entries.size(); i++) {
                steps.add(Relation.between(entries.get(i - 1), entries.get(i)));
            }
            return steps;
        }

        /**
         * The pairs whose relation to the best the steps do not tell: within noise of the best behind a
         * separation, or separated from it at the end of a chain of pairs each within noise of the next. Index
         * into {@link #entries()}, with that relation.
         */
        Map<Integer, Relation> besideTheBest() {
            Map<Integer, Relation> besides = new LinkedHashMap<>();
            List<Relation> steps = steps();
            for (int i = 2; i < entries.size(); i++) {
                List<Relation> chain = steps.subList(0, i);
                Relation implied = chain.contains(Relation.SEPARATED) ? Relation.SEPARATED
                        : chain.stream().allMatch(step -> step == Relation.WITHIN_NOISE) ? Relation.WITHIN_NOISE
                        : Relation.UNKNOWN;
                Relation actual = Relation.between(entries.get(0), entries.get(i));
                if (actual != Relation.UNKNOWN && actual != implied) {
                    besides.put(i, actual);
                }
            }
            return besides;
        }
    }

    /**
     * @param ratio the pair's score relative to the best one's; 1.00 is the best, lower is worse
     * @param score the ranked score, in its unit
     * @param noise the score's {@link Measurement#noise()}; NaN when there is no estimate
     */
    record Ranked(String label, double ratio, double score, double noise) {
    }

    /** How two pairs' scores stand, given their noise intervals (score ± noise). */
    enum Relation {
        /** The intervals overlap: the run cannot order the two. */
        WITHIN_NOISE("≈"),
        /** The intervals do not overlap: the better one is better beyond both noises. */
        SEPARATED(">"),
        /** One of them has no noise estimate, and they are farther apart than the other's noise. */
        UNKNOWN("?");

        private final String symbol;

        Relation(String symbol) {
            this.symbol = symbol;
        }

        String symbol() {
            return symbol;
        }

        static Relation between(Ranked better, Ranked worse) {
            boolean betterKnown = Double.isFinite(better.noise());
            boolean worseKnown = Double.isFinite(worse.noise());
            if (!betterKnown && !worseKnown) {
                return UNKNOWN;
            }
            double noise = (betterKnown ? better.noise() : 0) + (worseKnown ? worse.noise() : 0);
            if (Math.abs(better.score() - worse.score()) <= noise) {
                return WITHIN_NOISE;
            }
            return betterKnown && worseKnown ? SEPARATED : UNKNOWN;
        }
    }

    /**
     * A benchmark run at several values of one dimension (a param or the thread count) with everything else fixed.
     *
     * @param fixed the settings held constant, e.g. "8 threads"; empty when there are none
     */
    record Sweep(String method, String dimension, String fixed, List<String> values, List<Call> calls) {
    }

    private final Run run;
    private final List<Call> calls;
    private final List<Sweep> sweeps;

    private ReportModel(Run run, List<Call> calls, List<Sweep> sweeps) {
        this.run = run;
        this.calls = calls;
        this.sweeps = sweeps;
    }

    static ReportModel of(Run run) {
        Map<CallKey, List<Measurement>> byCall = new LinkedHashMap<>();
        for (Measurement measurement : run.measurements()) {
            byCall.computeIfAbsent(new CallKey(measurement.benchmark(), measurement.params(), measurement.threads()),
                    key -> new ArrayList<>()).add(measurement);
        }
        Set<String> methods = new LinkedHashSet<>();
        Set<String> ambiguous = new LinkedHashSet<>();
        byCall.keySet().stream().map(CallKey::benchmark).distinct().forEach(benchmark -> {
            if (!methods.add(BenchmarkKey.method(benchmark))) {
                ambiguous.add(BenchmarkKey.method(benchmark));
            }
        });
        boolean labelsUnique = run.pairs().stream().map(run::label).distinct().count() == run.pairs().size();

        List<Call> calls = new ArrayList<>();
        byCall.forEach((key, measurements) -> {
            String method = BenchmarkKey.method(key.benchmark());
            String name = ambiguous.contains(method) ? BenchmarkKey.shortClass(key.benchmark()) + "." + method : method;
            List<String> title = new ArrayList<>(List.of(name));
            List<String> detail = new ArrayList<>(List.of(BenchmarkKey.shortClass(key.benchmark()) + "." + method));
            key.params().forEach((param, value) -> {
                if (varies(byCall.keySet(), key.benchmark(), param)) {
                    title.add(param + "=" + value);
                }
                detail.add(param + "=" + value);
            });
            if (varies(byCall.keySet(), key.benchmark(), THREADS)) {
                title.add(Format.threads(key.threads()));
            }
            detail.add(Format.threads(key.threads()));
            List<Row> rows = rows(run, measurements, labelsUnique);
            calls.add(new Call(key, String.join(" · ", title), String.join(", ", detail), rows, ranking(rows)));
        });
        return new ReportModel(run, List.copyOf(calls), sweeps(calls));
    }

    private static List<Row> rows(Run run, List<Measurement> measurements, boolean labelsUnique) {
        List<Row> rows = new ArrayList<>();
        for (String pair : run.pairs()) {
            Map<String, Measurement> byMode = new LinkedHashMap<>();
            measurements.stream().filter(measurement -> measurement.pair().equals(pair))
                    .forEach(measurement -> byMode.put(measurement.mode(), measurement));
            if (byMode.isEmpty()) {
                continue;
            }
            Measurement sample = byMode.get(Measurement.SAMPLE);
            // the sample mode's mean is the same quantity as the average-time mode's score
            Measurement average = byMode.getOrDefault(Measurement.AVERAGE_TIME, sample);
            rows.add(new Row(pair, labelsUnique ? run.label(pair) : pair, byMode.get(Measurement.THROUGHPUT),
                    average, sample));
        }
        return List.copyOf(rows);
    }

    private static Ranking ranking(List<Row> rows) {
        List<Row> withThroughput = rows.stream().filter(row -> row.throughput() != null).toList();
        if (!withThroughput.isEmpty()) {
            double best = withThroughput.stream().mapToDouble(row -> row.throughput().score()).max().orElseThrow();
            return new Ranking("TPS", withThroughput.stream()
                    .map(row -> new Ranked(row.label(), row.throughput().score() / best, row.throughput().score(),
                            row.throughput().noise()))
                    .sorted(Comparator.comparingDouble(Ranked::ratio).reversed())
                    .toList());
        }
        List<Row> withAverage = rows.stream().filter(row -> row.average() != null).toList();
        double best = withAverage.stream().mapToDouble(row -> row.average().score()).min().orElse(Double.NaN);
        return new Ranking("average time", withAverage.stream()
                .map(row -> new Ranked(row.label(), best / row.average().score(), row.average().score(),
                        row.average().noise()))
                .sorted(Comparator.comparingDouble(Ranked::ratio).reversed())
                .toList());
    }

    private static boolean varies(Set<CallKey> keys, String benchmark, String dimension) {
        return keys.stream().filter(key -> key.benchmark().equals(benchmark))
                .map(key -> key.value(dimension)).distinct().count() > 1;
    }

    /** Every benchmark dimension with more than one value, once per combination of the other settings. */
    private static List<Sweep> sweeps(List<Call> calls) {
        List<Sweep> sweeps = new ArrayList<>();
        Map<String, List<Call>> byBenchmark = new LinkedHashMap<>();
        calls.forEach(call -> byBenchmark.computeIfAbsent(call.key().benchmark(), b -> new ArrayList<>()).add(call));
        byBenchmark.forEach((benchmark, benchmarkCalls) -> {
            Set<String> dimensions = new LinkedHashSet<>();
            benchmarkCalls.forEach(call -> dimensions.addAll(call.key().params().keySet()));
            dimensions.add(THREADS);
            for (String dimension : dimensions) {
                Map<String, List<Call>> byFixed = new LinkedHashMap<>();
                for (Call call : benchmarkCalls) {
                    byFixed.computeIfAbsent(fixedSettings(call.key(), dimension), f -> new ArrayList<>()).add(call);
                }
                byFixed.forEach((fixed, group) -> {
                    List<Call> ordered = group.stream()
                            .sorted(Comparator.comparingDouble(call -> size(call.key().value(dimension))))
                            .toList();
                    if (ordered.size() > 1) {
                        sweeps.add(new Sweep(BenchmarkKey.method(benchmark), dimension, fixed,
                                ordered.stream().map(call -> call.key().value(dimension)).toList(), ordered));
                    }
                });
            }
        });
        return List.copyOf(sweeps);
    }

    private static String fixedSettings(CallKey key, String dimension) {
        List<String> fixed = new ArrayList<>();
        key.params().forEach((param, value) -> {
            if (!param.equals(dimension)) {
                fixed.add(param + "=" + value);
            }
        });
        if (!dimension.equals(THREADS)) {
            fixed.add(Format.threads(key.threads()));
        }
        return String.join(", ", fixed);
    }

    /**
     * Where a sweep value sits on its axis: a thread count, or a payload size such as "1k" or "1m" (K = 1024);
     * "empty" is zero; names that are no size (person, bid) keep their order after the sizes.
     */
    static double size(String value) {
        if (value.equalsIgnoreCase("empty")) {
            return 0;
        }
        Matcher matcher = SIZE.matcher(value.trim());
        if (!matcher.matches()) {
            return Double.MAX_VALUE;
        }
        int power = switch (matcher.group(2).toLowerCase(Locale.ROOT)) {
            case "k" -> 1;
            case "m" -> 2;
            case "g" -> 3;
            default -> 0;
        };
        return Double.parseDouble(matcher.group(1)) * Math.pow(1024, power);
    }

    Run run() {
        return run;
    }

    List<Call> calls() {
        return calls;
    }

    List<Sweep> sweeps() {
        return sweeps;
    }

    /** The seed figures of the run's scenario when it is a preset that has them; null otherwise. */
    SeedFigures seed() {
        return run.info() == null || run.info().scenario() == null ? null
                : SeedFigures.ofPreset(run.info().scenario()).orElse(null);
    }

    /** The calls grouped by benchmark class, in run order: one throughput chart each. */
    Map<String, List<Call>> callsByClass() {
        Map<String, List<Call>> byClass = new LinkedHashMap<>();
        calls.forEach(call -> byClass
                .computeIfAbsent(BenchmarkKey.shortClass(call.key().benchmark()), c -> new ArrayList<>())
                .add(call));
        return byClass;
    }

}
