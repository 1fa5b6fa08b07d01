package org.rpcbench.client;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.rpcbench.report.SeedFigures;

/** The seed reports' tables, each as the client runs it: {@code --preset <name>}. */
enum Preset {

    DUBBO2_REPORT("dubbo2-report",
            "Dubbo 2.0 report (seeds 000/003): 1k, 50k, 200k strings and the 1k person at 10 threads; "
                    + "the CPU-bound call at 20",
            0, List.of(
                    new JmhRun(Set.of(Scenario.ECHO), List.of("1k", "50k", "200k", "person"), 10),
                    new JmhRun(Set.of(Scenario.CPU), List.of(), 20)),
            new SeedFigures("seed 003, Dubbo 2.0 with hessian2 over netty (10 minutes a scene, 2 hosts)", Map.of(
                    SeedFigures.key("person", 10), new SeedFigures.Figure(11994, 0.79),
                    SeedFigures.key("1k", 10), new SeedFigures.Figure(14402, 0.64),
                    SeedFigures.key("50k", 10), new SeedFigures.Figure(1293, null),
                    SeedFigures.key("200k", 10), new SeedFigures.Figure(362.92, null)))),
    DUBBOX("dubbox",
            "dubbox comparison (seed 001): bid request, 100 bid requests, 1K, 100K, 1M strings at 1 and 10 threads",
            0, echoAt(List.of("bid", "bid100", "1k", "100k", "1m"), 1, 10), null),
    MOTAN("motan",
            "motan comparison (seed 004): empty, person, 1K-50K strings at 1, 10, 20, 50 threads over 10 connections",
            10, echoAt(List.of("empty", "person", "1k", "5k", "10k", "20k", "30k", "50k"), 1, 10, 20, 50),
            motanFigures());

    private final String key;
    private final String description;
    private final int connections;
    private final List<JmhRun> runs;
    private final SeedFigures seed;

    Preset(String key, String description, int connections, List<JmhRun> runs, SeedFigures seed) {
        this.key = key;
        this.description = description;
        this.connections = connections;
        this.runs = runs;
        this.seed = seed;
    }

    /**
     * Seed 004's one published client table (its text does not say which of the three frameworks it is; its chart
     * shows all three): TPS and average response time per payload and concurrency, 10 connections, 2 hosts.
     */
    private static SeedFigures motanFigures() {
        String[] payloads = {"empty", "person", "1k", "5k", "10k", "20k", "30k", "50k"};
        int[] threads = {1, 10, 20, 50};
        double[][] tps = {
                {5601, 3556, 2657, 1100, 949, 600, 512, 253},
                {39181, 27314, 19968, 11236, 5875, 4493, 3387, 1499},
                {69061, 47226, 34754, 18883, 9032, 5471, 3724, 1973},
                {69474, 64022, 58937, 20703, 10761, 5614, 3782, 2285}};
        double[][] averageMillis = {
                {0.178, 0.281, 0.376, 0.908, 1.052, 1.664, 1.95, 3.939},
                {0.255, 0.365, 0.5, 0.889, 1.701, 2.224, 2.951, 6.668},
                {0.289, 0.423, 0.575, 1.058, 2.214, 3.654, 5.368, 10.133},
                {0.719, 0.78, 0.848, 2.414, 4.645, 8.904, 13.214, 21.869}};
        Map<String, SeedFigures.Figure> figures = new HashMap<>();
        for (int level = 0; level < threads.length; level++) {
            for (int payload = 0; payload < payloads.length; payload++) {
                figures.put(SeedFigures.key(payloads[payload], threads[level]),
                        new SeedFigures.Figure(tps[level][payload], averageMillis[level][payload]));
            }
        }
        return new SeedFigures("seed 004, the motan benchmark's client table (which framework it measured, the"
                + " text does not say)", figures);
    }

    private static List<JmhRun> echoAt(List<String> payloads, int... threadLevels) {
        return Arrays.stream(threadLevels).mapToObj(threads -> new JmhRun(Set.of(Scenario.ECHO), payloads, threads))
                .toList();
    }

    String description() {
        return description;
    }

    /** Connections per provider for the run; 0 is the stack's default, one connection shared by every thread. */
    int connections() {
        return connections;
    }

    List<JmhRun> runs() {
        return runs;
    }

    /** What the seed published for these rows, or null where its rows are not this run's (dubbox: per serializer). */
    SeedFigures seed() {
        return seed;
    }

    /** @throws IllegalArgumentException naming the presets there are */
    static Preset of(String key) {
        for (Preset preset : values()) {
            if (preset.key.equals(key)) {
                return preset;
            }
        }
        throw new IllegalArgumentException("option preset: unknown preset '" + key + "'; presets: "
                + Arrays.stream(values()).map(preset -> preset.key).collect(Collectors.joining(", ")));
    }
}
