package org.rpcbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.CallCost;
import org.rpcbench.contract.MeasuredWindow;

class ConsumerMergeTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static Path fixture(String name) {
        return Fixtures.path("consumers/" + name);
    }

    /** A fixture whose iterations ran one a second from {@code start}, fork after fork ten seconds apart. */
    private Path timed(String fixture, double start) throws Exception {
        JsonNode results = JSON.readTree(fixture(fixture).toFile());
        for (JsonNode result : results) {
            JsonNode primary = result.path("primaryMetric");
            JsonNode forks = primary.has("rawDataHistogram") ? primary.path("rawDataHistogram")
                    : primary.path("rawData");
            List<List<double[]>> windows = new ArrayList<>();
            for (int fork = 0; fork < forks.size(); fork++) {
                List<double[]> forkWindows = new ArrayList<>();
                for (int i = 0; i < forks.get(fork).size(); i++) {
                    double from = start + 10 * fork + i;
                    forkWindows.add(new double[] {from, from + 0.995});
                }
                windows.add(forkWindows);
            }
            withWindows(result, windows);
        }
        Path file = dir.resolve(fixture.replace(".json", "") + "-at-" + start + ".json");
        JSON.writeValue(file.toFile(), results);
        return file;
    }

    /** A result's measured windows, fork by fork, as the client writes them. */
    private static void withWindows(JsonNode result, List<List<double[]>> windows) {
        ObjectNode secondary = result.has("secondaryMetrics") ? (ObjectNode) result.get("secondaryMetrics")
                : ((ObjectNode) result).putObject("secondaryMetrics");
        ArrayNode starts = secondary.putObject(MeasuredWindow.START).put("scoreUnit", MeasuredWindow.UNIT)
                .putArray("rawData");
        ArrayNode ends = secondary.putObject(MeasuredWindow.END).put("scoreUnit", MeasuredWindow.UNIT)
                .putArray("rawData");
        for (List<double[]> fork : windows) {
            ArrayNode forkStarts = starts.addArray();
            ArrayNode forkEnds = ends.addArray();
            fork.forEach(window -> {
                forkStarts.add(window[0]);
                forkEnds.add(window[1]);
            });
        }
    }

    private static JsonNode mode(JsonNode results, String mode) {
        for (JsonNode result : results) {
            if (result.path("mode").asText().equals(mode)) {
                return result;
            }
        }
        throw new AssertionError("no " + mode + " result in " + results);
    }

    /** Some moment in 2027, in seconds since the epoch. */
    private static final double T = 1_800_000_000;

    @Test
    void throughputAddsUpIterationByIterationAndSamplesPool() throws Exception {
        Path one = timed("consumer1.json", T);
        Path two = timed("consumer2.json", T); // the same run, every throughput iteration doubled
        Path merged = dir.resolve("merged.json");
        ConsumerMerge.merge(List.of(one, two), 2, merged);

        JsonNode result = JSON.readTree(merged.toFile());
        JsonNode first = JSON.readTree(one.toFile());
        assertEquals(2, result.size());

        JsonNode throughput = mode(result, "thrpt").path("primaryMetric");
        double single = mode(first, "thrpt").path("primaryMetric").path("score").asDouble();
        assertEquals(3 * single, throughput.path("score").asDouble(), 1e-9);
        assertEquals(3 * mode(first, "thrpt").path("primaryMetric").path("rawData").get(0).get(0).asDouble(),
                throughput.path("rawData").get(0).get(0).asDouble(), 1e-9);
        assertTrue(throughput.path("scoreError").asDouble() > 0);

        JsonNode sample = mode(result, "sample").path("primaryMetric");
        JsonNode singleSample = mode(first, "sample").path("primaryMetric");
        assertEquals(2 * singleSample.path("rawDataHistogram").size(), sample.path("rawDataHistogram").size());
        assertTrue(sample.path("scorePercentiles").path("99.0").asDouble()
                >= sample.path("scorePercentiles").path("50.0").asDouble());

        JsonNode params = mode(result, "thrpt").path("params");
        assertEquals("2", params.path("providers").asText());
        assertEquals("2", params.path("consumers").asText());

        List<String> summary = ConsumerMerge.summary(merged, one);
        assertEquals(2, summary.size());
        assertTrue(summary.get(0).matches("getUser thrpt \\d+\\.\\d{3} ± \\d+\\.\\d{3} ops/ms, 4 of 4 iterations with"
                + " every consumer measuring"), summary.get(0));
        assertTrue(summary.get(1).matches("getUser sample .* ms/op, p99 \\d+\\.\\d{3}, 4 of 4 .*"), summary.get(1));
    }

    @Test
    void theMergedFilesAreByteForByteWhatJmhsOwnStatisticsGave() throws Exception {
        // the expected files are the merge's output when it scored with jmh-core's ListStatistics and
        // MultisetStatistics: JmhStatistics must give the same figures to the last bit
        Path merged = dir.resolve("merged.json");
        ConsumerMerge.merge(List.of(timed("consumer1.json", T), timed("consumer2.json", T)), 2, merged);
        assertEquals(Files.readString(fixture("merged-by-jmh.json")), Files.readString(merged));

        assertEquals(Files.readString(fixture("costs-merged-by-jmh.json")), Files.readString(mergedCosts()));
    }

    @Test
    void aBenchmarkOnlySomeConsumersFinishedIsLeftOut() throws Exception {
        Path one = timed("consumer1.json", T);
        Path half = dir.resolve("half.json");
        JSON.writeValue(half.toFile(), JSON.createArrayNode().add(mode(JSON.readTree(one.toFile()), "thrpt")));
        Path merged = dir.resolve("merged.json");
        ConsumerMerge.merge(List.of(one, half), 1, merged);
        JsonNode result = JSON.readTree(merged.toFile());
        assertEquals(1, result.size());
        assertEquals("thrpt", result.get(0).path("mode").asText());
    }

    @Test
    void costsPerCallAreTheConsumersMeanTheClientLoadTheBusiestAndTheMachineLoadEveryClientsPlusTheServers()
            throws Exception {
        Path merged = mergedCosts();

        JsonNode costs = mode(JSON.readTree(merged.toFile()), "thrpt").path("secondaryMetrics");
        assertEquals(List.of(20.0, 30.0), rawData(costs, CallCost.CLIENT_CPU));
        assertEquals(25.0, costs.path(CallCost.CLIENT_CPU.label()).path("score").asDouble(), 1e-9);
        assertEquals("us/op", costs.path(CallCost.CLIENT_CPU.label()).path("scoreUnit").asText());
        assertEquals(List.of(60.0, 50.0), rawData(costs, CallCost.CLIENT_LOAD));
        // clients 40 + 60 and 50 + 30; the servers' share 30 (70 - 40, 90 - 60) and 30, 30 (80 - 50, 60 - 30)
        assertEquals(List.of(130.0, 110.0), rawData(costs, CallCost.MACHINE_LOAD));
        assertFalse(costs.has(CallCost.SERVER_ALLOCATION.label()), "one consumer lacks it: left out");
    }

    @Test
    void aConsumerOutOfStepIsAddedOnlyOverWhatItMeasured() throws Exception {
        // the second consumer's iterations run a second later: each fork's first iteration of the first consumer
        // ran alone, and its second ran beside the second consumer's first
        Path one = timed("consumer1.json", T);
        Path late = timed("consumer1.json", T + 1);
        Path merged = dir.resolve("merged.json");
        ConsumerMerge.merge(List.of(one, late), 1, merged);

        JsonNode result = JSON.readTree(merged.toFile());
        JsonNode single = mode(JSON.readTree(one.toFile()), "thrpt").path("primaryMetric").path("rawData");
        JsonNode throughput = mode(result, "thrpt");
        for (int fork = 0; fork < 2; fork++) {
            assertEquals(1, throughput.path("primaryMetric").path("rawData").get(fork).size());
            assertEquals(single.get(fork).get(1).asDouble() + single.get(fork).get(0).asDouble(),
                    throughput.path("primaryMetric").path("rawData").get(fork).get(0).asDouble(), 1e-9);
        }
        assertEquals(2, throughput.path(ConsumerMerge.KEPT).path("kept").asInt());
        assertEquals(4, throughput.path(ConsumerMerge.KEPT).path("of").asInt());

        // sample mode: each consumer's iterations the other measured through, one a fork of each
        int histograms = 0;
        for (JsonNode fork : mode(result, "sample").path("primaryMetric").path("rawDataHistogram")) {
            histograms += fork.size();
        }
        assertEquals(4, histograms);
        assertTrue(ConsumerMerge.summary(merged, one).get(0).endsWith(", 2 of 4 iterations with every consumer"
                + " measuring"));
    }

    @Test
    void aWindowTwoIterationsOfAnotherConsumerShareIsWeightedByTheirOverlap() throws Exception {
        Path one = timed("consumer1.json", T);
        Path halfway = timed("consumer2.json", T + 0.5);
        Path merged = dir.resolve("merged.json");
        ConsumerMerge.merge(List.of(one, halfway), 1, merged);

        JsonNode first = mode(JSON.readTree(one.toFile()), "thrpt").path("primaryMetric").path("rawData").get(0);
        JsonNode second = mode(JSON.readTree(halfway.toFile()), "thrpt").path("primaryMetric").path("rawData").get(0);
        JsonNode fork = mode(JSON.readTree(merged.toFile()), "thrpt").path("primaryMetric").path("rawData").get(0);
        // the first consumer's second iteration [T+1, T+1.995] lies half in each of the other's two
        assertEquals(1, fork.size());
        assertEquals(first.get(1).asDouble() + (second.get(0).asDouble() + second.get(1).asDouble()) / 2,
                fork.get(0).asDouble(), 1e-9);
    }

    @Test
    void iterationsWithoutAKnownWindowAreLeftOutAndCounted() throws Exception {
        Path one = timed("consumer1.json", T);
        JsonNode results = JSON.readTree(one.toFile());
        // the second fork's probes failed: its iterations have no window (and no costs)
        for (String bound : List.of(MeasuredWindow.START, MeasuredWindow.END)) {
            ((ArrayNode) mode(results, "thrpt").path("secondaryMetrics").path(bound).path("rawData")).set(1,
                    JSON.createArrayNode());
        }
        Path unprobed = dir.resolve("unprobed.json");
        JSON.writeValue(unprobed.toFile(), results);
        Path merged = dir.resolve("merged.json");
        ConsumerMerge.merge(List.of(unprobed, timed("consumer2.json", T)), 1, merged);

        JsonNode throughput = mode(JSON.readTree(merged.toFile()), "thrpt");
        assertEquals(2, throughput.path(ConsumerMerge.KEPT).path("kept").asInt());
        assertEquals(4, throughput.path(ConsumerMerge.KEPT).path("of").asInt());
    }

    @Test
    void consumersThatNeverMeasuredAtOnceMergeNothingAndSaySo() throws Exception {
        Path one = timed("consumer1.json", T);
        Path merged = dir.resolve("merged.json");
        ConsumerMerge.merge(List.of(one, timed("consumer2.json", T + 100)), 1, merged);

        assertEquals(0, JSON.readTree(merged.toFile()).size());
        assertEquals(List.of("getUser thrpt: not merged, no iteration of it ran with every consumer measuring",
                "getUser sample: not merged, no iteration of it ran with every consumer measuring"),
                ConsumerMerge.summary(merged, one));
    }

    /** Two consumers' costs merged: the first has the server's allocation, the second not. */
    private Path mergedCosts() throws Exception {
        Path one = withCosts("one.json", Map.of(CallCost.CLIENT_CPU, new double[] {10, 20},
                CallCost.CLIENT_LOAD, new double[] {40, 50}, CallCost.MACHINE_LOAD, new double[] {70, 80},
                CallCost.SERVER_ALLOCATION, new double[] {100, 100}));
        Path two = withCosts("two.json", Map.of(CallCost.CLIENT_CPU, new double[] {30, 40},
                CallCost.CLIENT_LOAD, new double[] {60, 30}, CallCost.MACHINE_LOAD, new double[] {90, 60}));
        Path merged = dir.resolve("costs-merged.json");
        ConsumerMerge.merge(List.of(one, two), 1, merged);
        return merged;
    }

    /** consumer1.json, timed, with these costs beside its throughput, its first fork's two iterations. */
    private Path withCosts(String name, Map<CallCost, double[]> costs) throws Exception {
        JsonNode results = JSON.readTree(timed("consumer1.json", T).toFile());
        ObjectNode secondary = (ObjectNode) mode(results, "thrpt").path("secondaryMetrics");
        costs.forEach((cost, values) -> {
            ObjectNode metric = secondary.putObject(cost.label());
            metric.put("score", 0).put("scoreUnit", cost.unit());
            metric.putArray("rawData").addArray().add(values[0]).add(values[1]);
        });
        Path file = dir.resolve(name);
        JSON.writeValue(file.toFile(), results);
        return file;
    }

    private static List<Double> rawData(JsonNode costs, CallCost cost) {
        List<Double> values = new ArrayList<>();
        costs.path(cost.label()).path("rawData").get(0).forEach(value -> values.add(value.asDouble()));
        return values;
    }
}
