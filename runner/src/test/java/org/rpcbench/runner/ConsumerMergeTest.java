package org.rpcbench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
}
