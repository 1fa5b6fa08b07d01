package org.rpcbench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.CallCost;

class ConsumerMergeTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static Path fixture(String name) throws URISyntaxException {
        return Path.of(ConsumerMergeTest.class.getResource(name).toURI());
    }

    private static JsonNode mode(JsonNode results, String mode) {
        for (JsonNode result : results) {
            if (result.path("mode").asText().equals(mode)) {
                return result;
            }
        }
        throw new AssertionError("no " + mode + " result in " + results);
    }

    @Test
    void throughputAddsUpIterationByIterationAndSamplesPool() throws Exception {
        Path one = fixture("consumer1.json");
        Path two = fixture("consumer2.json"); // the same run, every throughput iteration doubled
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

        List<String> summary = ConsumerMerge.summary(merged);
        assertEquals(2, summary.size());
        assertTrue(summary.get(0).matches("getUser thrpt \\d+\\.\\d{3} ± \\d+\\.\\d{3} ops/ms"), summary.get(0));
        assertTrue(summary.get(1).matches("getUser sample .* ms/op, p99 \\d+\\.\\d{3}"), summary.get(1));
    }

    @Test
    void aBenchmarkOnlySomeConsumersFinishedIsLeftOut() throws Exception {
        Path half = dir.resolve("half.json");
        JsonNode first = JSON.readTree(fixture("consumer1.json").toFile());
        JSON.writeValue(half.toFile(), JSON.createArrayNode().add(mode(first, "thrpt")));
        Path merged = dir.resolve("merged.json");
        ConsumerMerge.merge(List.of(fixture("consumer1.json"), half), 1, merged);
        JsonNode result = JSON.readTree(merged.toFile());
        assertEquals(1, result.size());
        assertEquals("thrpt", result.get(0).path("mode").asText());
    }

    @Test
    void costsPerCallAreTheConsumersMeanTheClientLoadTheBusiestAndTheMachineLoadEveryClientsPlusTheServers()
            throws Exception {
        Path one = withCosts("one.json", Map.of(CallCost.CLIENT_CPU, new double[] {10, 20},
                CallCost.CLIENT_LOAD, new double[] {40, 50}, CallCost.MACHINE_LOAD, new double[] {70, 80},
                CallCost.SERVER_ALLOCATION, new double[] {100, 100}));
        Path two = withCosts("two.json", Map.of(CallCost.CLIENT_CPU, new double[] {30, 40},
                CallCost.CLIENT_LOAD, new double[] {60, 30}, CallCost.MACHINE_LOAD, new double[] {90, 60}));
        Path merged = dir.resolve("merged.json");
        ConsumerMerge.merge(List.of(one, two), 1, merged);

        JsonNode costs = mode(JSON.readTree(merged.toFile()), "thrpt").path("secondaryMetrics");
        assertEquals(List.of(20.0, 30.0), rawData(costs, CallCost.CLIENT_CPU));
        assertEquals(25.0, costs.path(CallCost.CLIENT_CPU.label()).path("score").asDouble(), 1e-9);
        assertEquals("us/op", costs.path(CallCost.CLIENT_CPU.label()).path("scoreUnit").asText());
        assertEquals(List.of(60.0, 50.0), rawData(costs, CallCost.CLIENT_LOAD));
        // clients 40 + 60 and 50 + 30; the servers' share 30 (70 - 40, 90 - 60) and 30, 30 (80 - 50, 60 - 30)
        assertEquals(List.of(130.0, 110.0), rawData(costs, CallCost.MACHINE_LOAD));
        assertFalse(costs.has(CallCost.SERVER_ALLOCATION.label()), "one consumer lacks it: left out");
    }

    /** consumer1.json with these costs beside its throughput, one fork of two iterations each. */
    private Path withCosts(String name, Map<CallCost, double[]> costs) throws Exception {
        JsonNode results = JSON.readTree(fixture("consumer1.json").toFile());
        ObjectNode secondary = ((ObjectNode) mode(results, "thrpt")).putObject("secondaryMetrics");
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
