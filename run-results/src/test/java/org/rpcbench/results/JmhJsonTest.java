package org.rpcbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmhJsonTest {

    @TempDir
    Path directory;

    private List<Measurement> read(String json) throws IOException, InputException {
        Path file = directory.resolve("dubbo-kryo.json");
        Files.writeString(file, json);
        return JmhJson.read(file, "dubbo-kryo");
    }

    private static String result(String mode, String metric) {
        return "[{\"benchmark\": \"org.rpcbench.client.UserServiceBenchmark.getUser\", \"mode\": \"" + mode
                + "\", \"threads\": 4, \"forks\": 2, \"someFutureField\": [1, 2], \"primaryMetric\": {" + metric
                + "}}]";
    }

    @Test
    void unitsBecomeCallsPerSecondAndMilliseconds() {
        assertEquals(1000, Units.factor("ops/ms"));
        assertEquals(1, Units.factor("ops/s"));
        assertEquals(1e6, Units.factor("ops/us"), 1e-6);
        assertEquals(1.0 / 60, Units.factor("ops/min"), 1e-12);
        assertEquals(1, Units.factor("ms/op"));
        assertEquals(0.001, Units.factor("us/op"), 1e-12);
        assertEquals(1e-6, Units.factor("ns/op"), 1e-15);
        assertEquals(1000, Units.factor("s/op"));
        assertEquals(Units.CALLS_PER_SECOND, Units.normalized("ops/ns"));
        assertEquals(Units.MILLISECONDS, Units.normalized("us/op"));
        assertThrows(IllegalArgumentException.class, () -> Units.factor("B/op"));
    }

    @Test
    void nanErrorsAsStringsOrBareTokensLeaveOnlyTheForkSpreadAsNoise() throws Exception {
        Measurement quoted = read(result("thrpt",
                "\"score\": 2.0, \"scoreError\": \"NaN\", \"scoreUnit\": \"ops/ms\","
                        + " \"rawData\": [[1.9, 1.9], [2.1, 2.1]]"))
                .get(0);
        Measurement bare = read(result("thrpt",
                "\"score\": 2.0, \"scoreError\": NaN, \"scoreUnit\": \"ops/ms\", \"rawData\": [[2.0]]")).get(0);

        assertTrue(Double.isNaN(quoted.error()));
        assertEquals(2000, quoted.score(), 1e-9);
        assertEquals(List.of(1900.0, 2100.0), quoted.forkMeans().stream().map(v -> (double) Math.round(v)).toList());
        assertEquals(100, quoted.noise(), 1e-9, "half the spread of the fork means");
        assertTrue(Double.isNaN(bare.noise()), "one fork, no error: no noise estimate");
    }

    @Test
    void theLargerOfErrorAndForkSpreadIsTheNoise() throws Exception {
        Measurement sample = read(result("sample", "\"score\": 1.0, \"scoreError\": 0.01, \"scoreUnit\": \"ms/op\","
                + " \"scorePercentiles\": {\"50.0\": 0.9, \"99.0\": \"NaN\"},"
                + " \"rawDataHistogram\": [[[[0.5, 1], [1.5, 1]]], [[[1.2, 2]]]]")).get(0);

        assertEquals(List.of(1.0, 1.2), sample.forkMeans());
        assertEquals(0.1, sample.noise(), 1e-9);
        assertEquals(0.9, sample.percentiles().get(50.0));
        assertEquals(1, sample.percentiles().size(), "a NaN percentile is dropped");
    }

    @Test
    void missingOrWrongFieldsAreNamed() {
        InputException noScore = assertThrows(InputException.class,
                () -> read(result("thrpt", "\"scoreUnit\": \"ops/ms\"")));
        assertTrue(noScore.getMessage().endsWith("dubbo-kryo.json, result 1: primaryMetric.score is missing or not a"
                + " number"), noScore.getMessage());
        InputException unit = assertThrows(InputException.class,
                () -> read(result("thrpt", "\"score\": 1, \"scoreUnit\": \"furlongs\"")));
        assertTrue(unit.getMessage().contains("unknown score unit 'furlongs'"), unit.getMessage());
        InputException notArray = assertThrows(InputException.class, () -> read("{\"benchmark\": \"x\"}"));
        assertTrue(notArray.getMessage().contains("is not a JMH JSON result"), notArray.getMessage());
        InputException noThreads = assertThrows(InputException.class, () -> read(
                "[{\"benchmark\": \"a.B.c\", \"mode\": \"thrpt\", \"primaryMetric\": {\"score\": 1}}]"));
        assertTrue(noThreads.getMessage().contains("field 'threads' is missing"), noThreads.getMessage());
    }
}
