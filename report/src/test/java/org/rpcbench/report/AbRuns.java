package org.rpcbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.rpcbench.contract.AbRecord;

/** A/B runs written as benchmark.sh ab writes them: ab.json, and a run directory per side and trial. */
final class AbRuns {

    /** getUser calls/s per trial: a spread of ±4% as between JVMs here. */
    static final double[] THROUGHPUT = {10_000, 10_400, 9_600, 10_200, 9_800, 10_100};
    /** Server bytes per getUser per trial: a spread of ±0.2%. */
    static final double[] ALLOCATION = {15_000, 15_030, 14_970, 15_010, 14_990, 15_000};

    private AbRuns() {
    }

    /** One side's run-all of one trial: run.json and the pair's JMH JSON with one getUser result. */
    private static void run(Path directory, String name, String status, double callsPerSecond, double serverBytes)
            throws IOException {
        Path run = Files.createDirectories(directory.resolve(name));
        boolean passed = status.equals("passed");
        Files.writeString(run.resolve("run.json"), "{\"runId\": \"" + name + "\", \"pairs\": [{\"pair\":"
                + " \"dubbo-kryo\", \"status\": \"" + status + "\"" + (passed ? ", \"result\": \"dubbo-kryo.json\"}]}"
                        : ", \"message\": \"dubbo-kryo-client exited 1: wire check failed\"}]}"),
                StandardCharsets.UTF_8);
        if (passed) {
            Files.writeString(run.resolve("dubbo-kryo.json"), String.format(Locale.ROOT, "[{\"benchmark\":"
                    + " \"org.rpcbench.client.UserServiceBenchmark.getUser\", \"mode\": \"thrpt\", \"threads\": 32,"
                    + " \"primaryMetric\": {\"score\": %f, \"scoreError\": \"NaN\", \"scoreUnit\": \"ops/s\","
                    + " \"rawData\": [[%f]]}, \"secondaryMetrics\": {\"cost.server.alloc\": {\"score\": %f,"
                    + " \"scoreError\": \"NaN\", \"scoreUnit\": \"B/op\", \"rawData\": [[%f]]}}}]",
                    callsPerSecond, callsPerSecond, serverBytes, serverBytes), StandardCharsets.UTF_8);
        }
    }

    /**
     * Trials with the candidate's throughput and server bytes scaled by these factors; a trial listed in
     * {@code failedTrials} has the candidate's pair failed.
     */
    static void write(Path directory, int trials, double throughputFactor, double allocationFactor,
            int... failedTrials) throws IOException {
        double[] throughputFactors = new double[trials];
        Arrays.fill(throughputFactors, throughputFactor);
        write(directory, throughputFactors, allocationFactor, null, failedTrials);
    }

    /**
     * A trial per throughput factor, the candidate's throughput scaled by it; confirmation trials from
     * {@code confirmationFrom} on (null: none).
     */
    static void write(Path directory, double[] throughputFactors, double allocationFactor, Integer confirmationFrom,
            int... failedTrials) throws IOException {
        int trials = throughputFactors.length;
        int figures = Math.min(trials, THROUGHPUT.length);
        List<AbRecord.Trial> done = new ArrayList<>();
        for (int i = 0; i < trials; i++) {
            int number = i + 1;
            String prefix = String.format("trial-%02d-", number);
            boolean failed = Arrays.stream(failedTrials).anyMatch(trial -> trial == number);
            run(directory, prefix + "baseline", "passed", THROUGHPUT[i % figures], ALLOCATION[i % figures]);
            // the candidate's trial is as noisy as the baseline's, differently
            run(directory, prefix + "candidate", failed ? "failed" : "passed",
                    THROUGHPUT[(i + 2) % figures] * throughputFactors[i],
                    ALLOCATION[(i + 3) % figures] * allocationFactor);
            done.add(new AbRecord.Trial(number, List.of("baseline", "candidate"), prefix + "baseline", 0,
                    prefix + "candidate", failed ? 1 : 0));
        }
        new AbRecord(new AbRecord.Side("HEAD~1", "0123456789abcdef0123", null, "/wt/a"),
                new AbRecord.Side("/work/main", "fedcba9876543210fedc", true, "/work/main"), List.of("dubbo-kryo"),
                "user", List.of("--forks", "1"), List.of(), 42, List.of("benchmark.sh", "ab"), "start", "end", done,
                confirmationFrom).write(directory);
    }
}
