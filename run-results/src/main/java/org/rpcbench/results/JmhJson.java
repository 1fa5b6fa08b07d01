package org.rpcbench.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.rpcbench.contract.CallCost;

/** Reads JMH's JSON result format: lenient on fields the report does not use, strict on the ones it does. */
public final class JmhJson {

    /** JMH itself writes NaN as a string, but hand-made or other tools' files may carry the bare token. */
    public static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();

    /** The secondary metric JMH's gc profiler gives bytes allocated per operation under (before 1.37: "·gc..."). */
    static final List<String> GC_ALLOCATION_PER_CALL = List.of("gc.alloc.rate.norm", "\u00b7gc.alloc.rate.norm");

    private JmhJson() {
    }

    public static JsonNode readTree(Path file) throws InputException {
        if (!Files.isRegularFile(file)) {
            throw new InputException("no such file: " + file);
        }
        try {
            return MAPPER.readTree(file.toFile());
        } catch (JacksonException e) {
            throw new InputException(file + " is not readable JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new InputException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** The measurements of one pair's JMH result file. */
    static List<Measurement> read(Path file, String pair) throws InputException {
        return measurements(readTree(file), file.toString(), pair);
    }

    /** The measurements of JMH JSON text, as JMH's own JSON writer produced it. */
    static List<Measurement> parse(String json, String pair) throws InputException {
        try {
            return measurements(MAPPER.readTree(json), "JMH's result", pair);
        } catch (JacksonException e) {
            throw new InputException("JMH's result is not readable JSON: " + e.getOriginalMessage());
        }
    }

    private static List<Measurement> measurements(JsonNode root, String file, String pair) throws InputException {
        if (!root.isArray()) {
            throw new InputException(file + " is not a JMH JSON result (expected an array of benchmark results)");
        }
        List<Measurement> measurements = new ArrayList<>();
        for (int i = 0; i < root.size(); i++) {
            try {
                measurements.add(measurement(root.get(i), pair));
            } catch (IllegalArgumentException e) {
                throw new InputException(file + ", result " + (i + 1) + ": " + e.getMessage());
            }
        }
        return measurements;
    }

    private static Measurement measurement(JsonNode result, String pair) {
        String benchmark = text(result, "benchmark");
        String mode = text(result, "mode");
        int threads = integer(result, "threads");
        SortedMap<String, String> params = new TreeMap<>();
        result.path("params").properties().forEach(param -> params.put(param.getKey(), param.getValue().asText()));

        JsonNode metric = result.path("primaryMetric");
        if (!metric.isObject()) {
            throw new IllegalArgumentException("no primaryMetric");
        }
        String jmhUnit = text(metric, "scoreUnit");
        double factor = Units.factor(jmhUnit);
        double score = number(metric.path("score"));
        if (!Double.isFinite(score)) {
            throw new IllegalArgumentException("primaryMetric.score is missing or not a number");
        }
        double error = number(metric.path("scoreError"));

        SortedMap<Double, Double> percentiles = new TreeMap<>();
        if (mode.equals(Measurement.SAMPLE)) {
            for (Map.Entry<String, JsonNode> percentile : metric.path("scorePercentiles").properties()) {
                double value = number(percentile.getValue());
                if (Double.isFinite(value)) {
                    percentiles.put(Double.parseDouble(percentile.getKey()), value * factor);
                }
            }
        }
        return new Measurement(pair, benchmark, mode, threads, Collections.unmodifiableSortedMap(params),
                score * factor, error * factor, Units.normalized(jmhUnit),
                Collections.unmodifiableSortedMap(percentiles), forkMeans(metric, factor),
                sampleIterationMeans(metric, factor), forkIterations(metric, factor),
                costs(result.path("secondaryMetrics")), List.of());
    }

    /** Each fork's iteration scores in order (throughput and average time; sample mode has its histograms). */
    private static List<List<Double>> forkIterations(JsonNode metric, double factor) {
        List<List<Double>> forks = new ArrayList<>();
        for (JsonNode fork : metric.path("rawData")) {
            List<Double> iterations = new ArrayList<>();
            for (JsonNode iteration : fork) {
                addIfFinite(iterations, number(iteration) * factor);
            }
            forks.add(List.copyOf(iterations));
        }
        return List.copyOf(forks);
    }

    /**
     * The call costs the client measured; without its own allocation count (a result from before it), JMH's gc
     * profiler's bytes per operation where that ran.
     */
    private static Map<CallCost, Measurement.Cost> costs(JsonNode secondary) {
        Map<CallCost, Measurement.Cost> costs = new EnumMap<>(CallCost.class);
        for (CallCost cost : CallCost.values()) {
            Measurement.Cost value = cost(secondary.path(cost.label()));
            if (value != null) {
                costs.put(cost, value);
            }
        }
        for (String name : GC_ALLOCATION_PER_CALL) {
            Measurement.Cost bytes = cost(secondary.path(name));
            if (bytes != null) {
                costs.putIfAbsent(CallCost.CLIENT_ALLOCATION, bytes);
            }
        }
        return Collections.unmodifiableMap(costs);
    }

    private static Measurement.Cost cost(JsonNode metric) {
        double score = number(metric.path("score"));
        return Double.isFinite(score)
                ? new Measurement.Cost(score, number(metric.path("scoreError")), forkMeans(metric, 1),
                        forkIterations(metric, 1)) : null;
    }

    /** Each sample-mode iteration's mean time, from its histogram; empty in the other modes. */
    private static List<Double> sampleIterationMeans(JsonNode metric, double factor) {
        List<Double> means = new ArrayList<>();
        for (JsonNode fork : metric.path("rawDataHistogram")) {
            for (JsonNode iteration : fork) {
                addIfFinite(means, histogramMean(List.of(iteration)) * factor);
            }
        }
        return List.copyOf(means);
    }

    /** Each fork's mean: of its iteration scores, or, in sample mode, of every sampled time in its histogram. */
    private static List<Double> forkMeans(JsonNode metric, double factor) {
        List<Double> means = new ArrayList<>();
        for (JsonNode fork : metric.path("rawData")) {
            double sum = 0;
            int count = 0;
            for (JsonNode iteration : fork) {
                sum += number(iteration);
                count++;
            }
            if (count > 0 && Double.isFinite(sum)) {
                means.add(sum / count * factor);
            }
        }
        if (!means.isEmpty()) {
            return List.copyOf(means);
        }
        for (JsonNode fork : metric.path("rawDataHistogram")) {
            addIfFinite(means, histogramMean(fork) * factor);
        }
        return List.copyOf(means);
    }

    /** The mean sampled time over the histograms of these iterations ([value, count] buckets); NaN when empty. */
    private static double histogramMean(Iterable<JsonNode> iterations) {
        double sum = 0;
        double count = 0;
        for (JsonNode iteration : iterations) {
            for (JsonNode bucket : iteration) {
                double weight = number(bucket.path(1));
                sum += number(bucket.path(0)) * weight;
                count += weight;
            }
        }
        return count > 0 ? sum / count : Double.NaN;
    }

    private static void addIfFinite(List<Double> values, double value) {
        if (Double.isFinite(value)) {
            values.add(value);
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (!value.isTextual() || value.asText().isBlank()) {
            throw new IllegalArgumentException("field '" + field + "' is missing or not a string");
        }
        return value.asText();
    }

    private static int integer(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (!value.isIntegralNumber() || !value.canConvertToInt() || value.asInt() < 1) {
            throw new IllegalArgumentException("field '" + field + "' is missing or not a positive integer");
        }
        return value.asInt();
    }

    /** A number, or NaN for JMH's "NaN" strings, for null and for a missing field. */
    static double number(JsonNode value) {
        if (value.isNumber()) {
            return value.asDouble();
        }
        if (value.isTextual()) {
            try {
                return Double.parseDouble(value.asText());
            } catch (NumberFormatException e) {
                return Double.NaN;
            }
        }
        return Double.NaN;
    }
}
