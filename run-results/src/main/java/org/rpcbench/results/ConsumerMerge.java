package org.rpcbench.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.rpcbench.contract.CallCost;
import org.rpcbench.contract.MeasuredWindow;
import org.rpcbench.contract.RecordFiles;

/**
 * The consumers of a topology run as one JMH result, so the report and the regression gate read it like any other.
 * The consumers start together and run the same plan, but their iterations drift apart (fork start-ups, a consumer
 * that finishes a benchmark first runs the next alone), so each iteration is placed in time by the window its client
 * recorded ({@link MeasuredWindow}) and only what every consumer measured at once is merged, over the first
 * consumer's iterations that every other consumer measured through: throughput is the consumers' rates over each
 * such iteration summed, average time their mean, sample time the histograms of every consumer's iterations that
 * the others measured through, with scores, errors and percentiles as JMH works them out ({@link JmhStatistics});
 * the costs of a call as {@link #mergeCosts} says. The merged result says how many of the first consumer's
 * iterations were kept ({@value #KEPT}); a benchmark none of whose iterations every consumer measured through is
 * left out. Each merged benchmark gains the params {@code providers} and {@code consumers}, so it never matches a
 * one-to-one run. The consumers' files are read as every JMH result is, by {@link JmhJson}.
 */
public final class ConsumerMerge {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    /** The merged benchmark's record of the iterations kept: {@code {"kept": k, "of": n}}. */
    static final String KEPT = "consumerWindows";
    /**
     * How much of an iteration another consumer's iterations must cover to count as measured through: between two
     * iterations a client spends milliseconds on its probes and JMH's set-up.
     */
    static final double COVERED = 0.9;
    /** The params a merged benchmark gains: how many providers served it and how many consumers' results it sums. */
    static final String PROVIDERS_PARAM = "providers";
    static final String CONSUMERS_PARAM = "consumers";

    private ConsumerMerge() {
    }

    public static void merge(List<Path> consumerResults, int providers, Path target) throws IOException {
        Map<String, List<JsonNode>> byBenchmark = new LinkedHashMap<>();
        for (Path result : consumerResults) {
            for (JsonNode benchmark : read(result)) {
                byBenchmark.computeIfAbsent(key(benchmark), k -> new ArrayList<>()).add(benchmark);
            }
        }
        ArrayNode merged = JSON.arrayNode();
        for (List<JsonNode> same : byBenchmark.values()) {
            if (same.size() == consumerResults.size()) {
                ObjectNode benchmark = merge(same.stream().map(Timed::of).toList(), providers);
                if (benchmark != null) {
                    merged.add(benchmark);
                }
            }
        }
        // written whole or not at all: a run stopped here leaves no half-written result
        Path partial = Files.createTempFile(target.toAbsolutePath().getParent(), "." + target.getFileName(),
                ".partial");
        try {
            JmhJson.MAPPER.writerWithDefaultPrettyPrinter().writeValue(partial.toFile(), merged);
            RecordFiles.move(partial, target);
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    /**
     * One line per benchmark the first consumer ran, e.g. "getUser thrpt 12.345 ± 0.678 ops/ms, 18 of 20 iterations
     * with every consumer measuring" (sample mode adds its p99), or why it was not merged.
     */
    public static List<String> summary(Path merged, Path firstConsumer) throws IOException {
        Map<String, JsonNode> byKey = new LinkedHashMap<>();
        for (JsonNode benchmark : read(merged)) {
            byKey.put(key(benchmark, true), benchmark);
        }
        List<String> lines = new ArrayList<>();
        for (JsonNode consumed : read(firstConsumer)) {
            String name = consumed.path("benchmark").asText();
            List<String> params = new ArrayList<>();
            consumed.path("params").fields().forEachRemaining(param -> params.add(param.getKey() + "="
                    + param.getValue().asText()));
            String call = name.substring(name.lastIndexOf('.') + 1) + (params.isEmpty() ? "" : " ("
                    + String.join(", ", params) + ")") + " " + consumed.path("mode").asText();
            JsonNode benchmark = byKey.get(key(consumed, false));
            if (benchmark == null) {
                lines.add(call + ": not merged, no iteration of it ran with every consumer measuring");
                continue;
            }
            JsonNode metric = benchmark.path("primaryMetric");
            lines.add(String.format(Locale.ROOT, "%s %.3f ± %s %s%s, %d of %d iterations with every consumer"
                            + " measuring", call, metric.path("score").asDouble(),
                    metric.path("scoreError").isNumber()
                            ? String.format(Locale.ROOT, "%.3f", metric.path("scoreError").asDouble()) : "NaN",
                    metric.path("scoreUnit").asText(),
                    Measurement.SAMPLE.equals(benchmark.path("mode").asText())
                            ? String.format(Locale.ROOT, ", p99 %.3f",
                                    metric.path("scorePercentiles").path("99.0").asDouble()) : "",
                    benchmark.path(KEPT).path("kept").asInt(), benchmark.path(KEPT).path("of").asInt()));
        }
        return lines;
    }

    /** A JMH result file; one the runner cannot read fails the pair as a file it cannot write does. */
    private static JsonNode read(Path file) throws IOException {
        try {
            return JmhJson.readTree(file);
        } catch (InputException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static String key(JsonNode benchmark) {
        return key(benchmark, false);
    }

    /** A benchmark's name, mode, threads and params; of a merged one, without the params the merge added. */
    private static String key(JsonNode benchmark, boolean merged) {
        JsonNode params = benchmark.path("params");
        if (merged && params.isObject()) {
            ObjectNode own = params.deepCopy();
            own.remove(List.of(PROVIDERS_PARAM, CONSUMERS_PARAM));
            params = own.isEmpty() ? MissingNode.getInstance() : own;
        }
        return benchmark.path("benchmark").asText() + " " + benchmark.path("mode").asText() + " "
                + benchmark.path("threads").asText() + " " + params;
    }

    /** A stretch of time in seconds since the epoch. */
    record Window(double start, double end) {

        double length() {
            return end - start;
        }

        double overlap(Window other) {
            return Math.max(0, Math.min(end, other.end) - Math.max(start, other.start));
        }
    }

    /**
     * One consumer's result of a benchmark and when each of its iterations ran: its windows fork by fork, null for a
     * fork whose windows do not line up one to one with its iterations.
     */
    record Timed(JsonNode result, List<List<Window>> windows) {

        static Timed of(JsonNode result) {
            JsonNode iterations = forks(result);
            JsonNode starts = result.path("secondaryMetrics").path(MeasuredWindow.START).path("rawData");
            JsonNode ends = result.path("secondaryMetrics").path(MeasuredWindow.END).path("rawData");
            List<List<Window>> windows = new ArrayList<>();
            for (int fork = 0; fork < iterations.size(); fork++) {
                int count = iterations.get(fork).size();
                if (starts.path(fork).size() != count || ends.path(fork).size() != count) {
                    windows.add(null);
                    continue;
                }
                List<Window> forkWindows = new ArrayList<>();
                for (int i = 0; i < count; i++) {
                    forkWindows.add(new Window(starts.get(fork).get(i).asDouble(), ends.get(fork).get(i).asDouble()));
                }
                windows.add(forkWindows);
            }
            return new Timed(result, windows);
        }

        /** The primary metric's iterations, fork by fork: its scores, or in sample mode its histograms. */
        private static JsonNode forks(JsonNode result) {
            JsonNode primary = result.path("primaryMetric");
            return primary.has("rawDataHistogram") ? primary.path("rawDataHistogram") : primary.path("rawData");
        }

        /** The iterations this consumer measured, over all its forks, whether or not their windows are known. */
        int iterations() {
            int count = 0;
            for (JsonNode fork : forks(result)) {
                count += fork.size();
            }
            return count;
        }

        /** A metric's values, fork by fork, iteration by iteration. */
        static List<List<Double>> values(JsonNode metric) {
            List<List<Double>> forks = new ArrayList<>();
            for (JsonNode fork : metric.path("rawData")) {
                List<Double> values = new ArrayList<>();
                fork.forEach(value -> values.add(value.asDouble()));
                forks.add(values);
            }
            return forks;
        }

        /**
         * A metric's value over a stretch of time: its iterations' values, each weighted by how much of the stretch
         * it covers; empty when they cover less than {@link #COVERED} of it.
         */
        OptionalDouble over(Window stretch, List<List<Double>> values) {
            double weighted = 0;
            double covered = 0;
            for (int fork = 0; fork < windows.size() && fork < values.size(); fork++) {
                List<Window> forkWindows = windows.get(fork);
                if (forkWindows == null || forkWindows.size() != values.get(fork).size()) {
                    continue;
                }
                for (int i = 0; i < forkWindows.size(); i++) {
                    double overlap = forkWindows.get(i).overlap(stretch);
                    weighted += overlap * values.get(fork).get(i);
                    covered += overlap;
                }
            }
            return stretch.length() > 0 && covered >= COVERED * stretch.length()
                    ? OptionalDouble.of(weighted / covered) : OptionalDouble.empty();
        }

        /** Whether this consumer measured through a stretch of time. */
        boolean measuredThrough(Window stretch) {
            List<List<Double>> ones = new ArrayList<>();
            windows.forEach(fork -> ones.add(fork == null ? List.of() : Collections.nCopies(fork.size(), 1.0)));
            return over(stretch, ones).isPresent();
        }
    }

    /** Null when no iteration of the first consumer ran with every other consumer measuring through it. */
    private static ObjectNode merge(List<Timed> consumers, int providers) {
        // the first consumer's iterations, fork by fork, that every other consumer measured through
        List<List<Window>> shared = new ArrayList<>();
        int kept = 0;
        for (List<Window> fork : consumers.get(0).windows()) {
            List<Window> sharedFork = new ArrayList<>();
            if (fork != null) {
                fork.stream()
                        .filter(window -> consumers.stream().allMatch(consumer -> consumer.measuredThrough(window)))
                        .forEach(sharedFork::add);
            }
            kept += sharedFork.size();
            if (!sharedFork.isEmpty()) {
                shared.add(sharedFork);
            }
        }
        if (shared.isEmpty()) {
            return null;
        }
        ObjectNode merged = consumers.get(0).result().deepCopy();
        ObjectNode params = merged.has("params") ? (ObjectNode) merged.get("params") : merged.putObject("params");
        params.put(PROVIDERS_PARAM, String.valueOf(providers));
        params.put(CONSUMERS_PARAM, String.valueOf(consumers.size()));
        merged.putObject(KEPT).put("kept", kept).put("of", consumers.get(0).iterations());
        mergeCosts(consumers, shared, merged.putObject("secondaryMetrics"));
        ObjectNode metric = (ObjectNode) merged.get("primaryMetric");
        String mode = merged.path("mode").asText();
        JmhStatistics statistics;
        if (Measurement.SAMPLE.equals(mode)) {
            JmhStatistics.Samples samples = new JmhStatistics.Samples();
            ArrayNode histograms = JSON.arrayNode();
            for (Timed consumer : consumers) {
                JsonNode forks = consumer.result().path("primaryMetric").path("rawDataHistogram");
                for (int fork = 0; fork < forks.size(); fork++) {
                    List<Window> windows = consumer.windows().get(fork);
                    ArrayNode keptFork = JSON.arrayNode();
                    for (int i = 0; windows != null && i < windows.size(); i++) {
                        Window window = windows.get(i);
                        if (consumers.stream().allMatch(other -> other.measuredThrough(window))) {
                            JsonNode histogram = forks.get(fork).get(i);
                            keptFork.add(histogram);
                            for (JsonNode bucket : histogram) {
                                samples.add(bucket.get(0).asDouble(), bucket.get(1).asLong());
                            }
                        }
                    }
                    if (!keptFork.isEmpty()) {
                        histograms.add(keptFork);
                    }
                }
            }
            metric.set("rawDataHistogram", histograms);
            statistics = samples;
        } else {
            // throughput adds up across consumers; a time per call is their mean
            boolean sum = Measurement.THROUGHPUT.equals(mode);
            List<List<List<Double>>> values = consumers.stream()
                    .map(consumer -> Timed.values(consumer.result().path("primaryMetric"))).toList();
            JmhStatistics.Values scores = new JmhStatistics.Values();
            ArrayNode rawData = JSON.arrayNode();
            for (List<Window> fork : shared) {
                ArrayNode forkValues = rawData.addArray();
                for (Window window : fork) {
                    double[] byConsumer = over(consumers, values, window);
                    double value = sum ? Arrays.stream(byConsumer).sum() : mean(byConsumer);
                    forkValues.add(value);
                    scores.add(value);
                }
            }
            metric.set("rawData", rawData);
            statistics = scores;
        }
        statistics.score(metric);
        return merged;
    }

    /** Each consumer's value of a metric over a window; every consumer measured through it. */
    private static double[] over(List<Timed> consumers, List<List<List<Double>>> values, Window window) {
        double[] byConsumer = new double[consumers.size()];
        for (int c = 0; c < consumers.size(); c++) {
            byConsumer[c] = consumers.get(c).over(window, values.get(c)).orElseThrow();
        }
        return byConsumer;
    }

    /**
     * The consumers' costs of a call ({@link CallCost}), each consumer's over each shared window as the primary
     * score is: a cost per call and the servers' load are the consumers' mean (each consumer's server figures already
     * cover every call the servers served); the client load is the busiest consumer's, which says whether a load
     * generator bounded the run; the machine's load is every client's plus the servers' share, where all of them
     * share one machine. A cost some consumer lacks is left out, and so is a window some consumer's cost does not
     * cover.
     */
    private static void mergeCosts(List<Timed> consumers, List<List<Window>> shared, ObjectNode secondary) {
        for (CallCost cost : CallCost.values()) {
            if (!consumers.stream()
                    .allMatch(consumer -> consumer.result().path("secondaryMetrics").has(cost.label()))) {
                continue;
            }
            List<List<List<Double>>> values = costValues(consumers, cost);
            List<List<List<Double>>> clientLoads = costValues(consumers, CallCost.CLIENT_LOAD);
            ObjectNode metric = consumers.get(0).result().path("secondaryMetrics").path(cost.label()).deepCopy();
            JmhStatistics.Values iterations = new JmhStatistics.Values();
            ArrayNode rawData = metric.putArray("rawData");
            for (List<Window> fork : shared) {
                ArrayNode forkValues = JSON.arrayNode();
                for (Window window : fork) {
                    double[] byConsumer = overAll(consumers, values, window);
                    double[] clientLoad = cost == CallCost.MACHINE_LOAD ? overAll(consumers, clientLoads, window)
                            : null;
                    if (byConsumer == null || cost == CallCost.MACHINE_LOAD && clientLoad == null) {
                        continue;
                    }
                    double value = switch (cost) {
                        case CLIENT_LOAD -> Arrays.stream(byConsumer).max().orElseThrow();
                        // each consumer's machine load is its own client's and the servers' share
                        case MACHINE_LOAD -> Arrays.stream(clientLoad).sum() + mean(byConsumer) - mean(clientLoad);
                        default -> mean(byConsumer);
                    };
                    forkValues.add(value);
                    iterations.add(value);
                }
                if (!forkValues.isEmpty()) {
                    rawData.add(forkValues);
                }
            }
            if (iterations.count() > 0) {
                iterations.score(metric);
                secondary.set(cost.label(), metric);
            }
        }
    }

    private static List<List<List<Double>>> costValues(List<Timed> consumers, CallCost cost) {
        return consumers.stream()
                .map(consumer -> Timed.values(consumer.result().path("secondaryMetrics").path(cost.label())))
                .toList();
    }

    /** Each consumer's value of a metric over a window, or null when some consumer's values do not cover it. */
    private static double[] overAll(List<Timed> consumers, List<List<List<Double>>> values, Window window) {
        double[] byConsumer = new double[consumers.size()];
        for (int c = 0; c < consumers.size(); c++) {
            OptionalDouble value = consumers.get(c).over(window, values.get(c));
            if (value.isEmpty()) {
                return null;
            }
            byConsumer[c] = value.getAsDouble();
        }
        return byConsumer;
    }

    private static double mean(double[] values) {
        return Arrays.stream(values).average().orElseThrow();
    }
}
