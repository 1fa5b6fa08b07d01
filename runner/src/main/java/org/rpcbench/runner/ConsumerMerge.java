package org.rpcbench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.openjdk.jmh.util.ListStatistics;
import org.openjdk.jmh.util.MultisetStatistics;
import org.openjdk.jmh.util.Statistics;
import org.rpcbench.contract.CallCost;
import org.rpcbench.contract.RecordFiles;

/**
 * The consumers of a topology run as one JMH result, so the report and the regression gate read it like any other:
 * throughput is the consumers' sum (iteration by iteration), average time their mean, and sample time the merged
 * histograms, with scores, errors and percentiles computed by JMH's own statistics; the costs of a call as
 * {@link #mergeCosts} says. The consumers start together and
 * run the same plan, but their iterations are not synchronised: the sum is the total load to within a fork start.
 * Each merged benchmark gains the params {@code providers} and {@code consumers}, so it never matches a one-to-one run.
 */
final class ConsumerMerge {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final double[] PERCENTILES = {0.0, 50.0, 90.0, 95.0, 99.0, 99.9, 99.99, 99.999, 99.9999, 100.0};

    private ConsumerMerge() {
    }

    static void merge(List<Path> consumerResults, int providers, Path target) throws IOException {
        Map<String, List<JsonNode>> byBenchmark = new LinkedHashMap<>();
        for (Path result : consumerResults) {
            for (JsonNode benchmark : JSON.readTree(result.toFile())) {
                byBenchmark.computeIfAbsent(key(benchmark), k -> new ArrayList<>()).add(benchmark);
            }
        }
        ArrayNode merged = JSON.createArrayNode();
        for (List<JsonNode> same : byBenchmark.values()) {
            if (same.size() == consumerResults.size()) {
                merged.add(merge(same, providers));
            }
        }
        // written whole or not at all: a run stopped here leaves no half-written result
        Path partial = Files.createTempFile(target.toAbsolutePath().getParent(), "." + target.getFileName(), ".partial");
        try {
            JSON.writeValue(partial.toFile(), merged);
            RecordFiles.move(partial, target);
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    /** One line per merged benchmark, e.g. "getUser thrpt 12.345 ± 0.678 ops/ms" (sample mode adds its p99). */
    static List<String> summary(Path merged) throws IOException {
        List<String> lines = new ArrayList<>();
        for (JsonNode benchmark : JSON.readTree(merged.toFile())) {
            JsonNode metric = benchmark.path("primaryMetric");
            String name = benchmark.path("benchmark").asText();
            lines.add(String.format(Locale.ROOT, "%s %s %.3f ± %s %s%s", name.substring(name.lastIndexOf('.') + 1),
                    benchmark.path("mode").asText(), metric.path("score").asDouble(),
                    metric.path("scoreError").isNumber()
                            ? String.format(Locale.ROOT, "%.3f", metric.path("scoreError").asDouble()) : "NaN",
                    metric.path("scoreUnit").asText(),
                    "sample".equals(benchmark.path("mode").asText()) ? String.format(Locale.ROOT, ", p99 %.3f",
                            metric.path("scorePercentiles").path("99.0").asDouble()) : ""));
        }
        return lines;
    }

    private static String key(JsonNode benchmark) {
        return benchmark.path("benchmark").asText() + " " + benchmark.path("mode").asText() + " "
                + benchmark.path("threads").asText() + " " + benchmark.path("params");
    }

    private static ObjectNode merge(List<JsonNode> consumers, int providers) {
        ObjectNode merged = consumers.get(0).deepCopy();
        ObjectNode params = merged.has("params") ? (ObjectNode) merged.get("params") : merged.putObject("params");
        params.put("providers", String.valueOf(providers));
        params.put("consumers", String.valueOf(consumers.size()));
        mergeCosts(consumers, merged.putObject("secondaryMetrics"));
        ObjectNode metric = (ObjectNode) merged.get("primaryMetric");
        String mode = merged.path("mode").asText();
        Statistics statistics;
        if ("sample".equals(mode)) {
            MultisetStatistics samples = new MultisetStatistics();
            ArrayNode histograms = JSON.createArrayNode();
            for (JsonNode consumer : consumers) {
                for (JsonNode fork : consumer.path("primaryMetric").path("rawDataHistogram")) {
                    histograms.add(fork);
                    for (JsonNode iteration : fork) {
                        for (JsonNode bucket : iteration) {
                            samples.addValue(bucket.get(0).asDouble(), bucket.get(1).asLong());
                        }
                    }
                }
            }
            metric.set("rawDataHistogram", histograms);
            statistics = samples;
        } else {
            // throughput adds up across consumers; a time per call is their mean
            int divisor = "thrpt".equals(mode) ? 1 : consumers.size();
            ListStatistics iterations = new ListStatistics();
            ArrayNode rawData = JSON.createArrayNode();
            for (double[] fork : iterationSums(consumers)) {
                ArrayNode values = rawData.addArray();
                for (double sum : fork) {
                    values.add(sum / divisor);
                    iterations.addValue(sum / divisor);
                }
            }
            metric.set("rawData", rawData);
            statistics = iterations;
        }
        score(metric, statistics);
        return merged;
    }

    /** A metric's score, JMH's 99.9% error and percentiles, from its values. */
    private static void score(ObjectNode metric, Statistics statistics) {
        metric.put("score", statistics.getMean());
        // JMH writes "NaN" where one value leaves no error estimate
        double error = statistics.getN() > 1 ? statistics.getMeanErrorAt(0.999) : Double.NaN;
        if (Double.isNaN(error)) {
            metric.put("scoreError", "NaN");
            metric.putArray("scoreConfidence").add("NaN").add("NaN");
        } else {
            metric.put("scoreError", error);
            metric.putArray("scoreConfidence").add(statistics.getMean() - error).add(statistics.getMean() + error);
        }
        ObjectNode percentiles = metric.putObject("scorePercentiles");
        for (double percentile : PERCENTILES) {
            percentiles.put(String.valueOf(percentile), statistics.getPercentile(percentile));
        }
    }

    /**
     * The consumers' costs of a call ({@link CallCost}), combined iteration by iteration as the primary score is:
     * a cost per call and the servers' load are the consumers' mean (each consumer's server figures already cover
     * every call the servers served); the client load is the busiest consumer's, which says whether a load
     * generator bounded the run; the machine's load is every client's plus the servers' share, where all of them
     * share one machine. A cost some consumer lacks is left out.
     */
    private static void mergeCosts(List<JsonNode> consumers, ObjectNode secondary) {
        for (CallCost cost : CallCost.values()) {
            if (!consumers.stream().allMatch(consumer -> consumer.path("secondaryMetrics").has(cost.label()))) {
                continue;
            }
            List<List<double[]>> values = costValues(consumers, cost);
            List<List<double[]>> clientLoads = cost == CallCost.MACHINE_LOAD
                    ? costValues(consumers, CallCost.CLIENT_LOAD) : null;
            if (clientLoads != null && !sameShape(values, clientLoads)) {
                continue;
            }
            ObjectNode metric = consumers.get(0).path("secondaryMetrics").path(cost.label()).deepCopy();
            ListStatistics iterations = new ListStatistics();
            ArrayNode rawData = metric.putArray("rawData");
            for (int fork = 0; fork < values.size(); fork++) {
                ArrayNode forkValues = rawData.addArray();
                for (int i = 0; i < values.get(fork).size(); i++) {
                    double[] byConsumer = values.get(fork).get(i);
                    double value = switch (cost) {
                        case CLIENT_LOAD -> Arrays.stream(byConsumer).max().orElseThrow();
                        // each consumer's machine load is its own client's and the servers' share
                        case MACHINE_LOAD -> Arrays.stream(clientLoads.get(fork).get(i)).sum()
                                + mean(byConsumer) - mean(clientLoads.get(fork).get(i));
                        default -> mean(byConsumer);
                    };
                    forkValues.add(value);
                    iterations.addValue(value);
                }
            }
            score(metric, iterations);
            secondary.set(cost.label(), metric);
        }
    }

    /** A cost's values, fork by fork, iteration by iteration, one per consumer; over the iterations all have. */
    private static List<List<double[]>> costValues(List<JsonNode> consumers, CallCost cost) {
        List<List<double[]>> forks = new ArrayList<>();
        JsonNode first = consumers.get(0).path("secondaryMetrics").path(cost.label()).path("rawData");
        for (int fork = 0; fork < first.size(); fork++) {
            int iterations = Integer.MAX_VALUE;
            for (JsonNode consumer : consumers) {
                iterations = Math.min(iterations, consumer.path("secondaryMetrics").path(cost.label())
                        .path("rawData").path(fork).size());
            }
            List<double[]> forkValues = new ArrayList<>();
            for (int i = 0; i < iterations; i++) {
                double[] byConsumer = new double[consumers.size()];
                for (int c = 0; c < consumers.size(); c++) {
                    byConsumer[c] = consumers.get(c).path("secondaryMetrics").path(cost.label()).path("rawData")
                            .path(fork).path(i).asDouble();
                }
                forkValues.add(byConsumer);
            }
            forks.add(forkValues);
        }
        return forks;
    }

    private static boolean sameShape(List<List<double[]>> one, List<List<double[]>> other) {
        if (one.size() != other.size()) {
            return false;
        }
        for (int fork = 0; fork < one.size(); fork++) {
            if (one.get(fork).size() != other.get(fork).size()) {
                return false;
            }
        }
        return true;
    }

    private static double mean(double[] values) {
        return Arrays.stream(values).average().orElseThrow();
    }

    /** The consumers' per-iteration values summed, fork by fork, over the iterations all of them have. */
    private static List<double[]> iterationSums(List<JsonNode> consumers) {
        List<double[]> forks = new ArrayList<>();
        JsonNode first = consumers.get(0).path("primaryMetric").path("rawData");
        for (int fork = 0; fork < first.size(); fork++) {
            int iterations = Integer.MAX_VALUE;
            for (JsonNode consumer : consumers) {
                iterations = Math.min(iterations, consumer.path("primaryMetric").path("rawData").path(fork).size());
            }
            double[] values = new double[iterations];
            for (JsonNode consumer : consumers) {
                JsonNode forkValues = consumer.path("primaryMetric").path("rawData").path(fork);
                for (int i = 0; i < iterations; i++) {
                    values[i] += forkValues.get(i).asDouble();
                }
            }
            forks.add(values);
        }
        return forks;
    }
}
