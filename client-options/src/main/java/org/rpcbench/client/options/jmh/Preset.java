package org.rpcbench.client.options.jmh;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;


/** The seed reports' tables, each as the client runs it: {@code --preset <name>}. */
public enum Preset {

    DUBBO2_REPORT("dubbo2-report",
            "Dubbo 2.0 report (seeds 000/003): 1k, 50k, 200k strings and the 1k person at 10 threads; "
                    + "the CPU-bound call at 20",
            0, 1, List.of(
                    new JmhRun(Set.of(Scenario.ECHO), List.of("1k", "50k", "200k", "person"), 10),
                    new JmhRun(Set.of(Scenario.CPU), List.of(), 20))),
    DUBBOX("dubbox",
            "dubbox comparison (seed 001): bid request, 100 bid requests, 1K, 100K, 1M strings at 1 and 10 threads",
            0, 1, echoAt(List.of("bid", "bid100", "1k", "100k", "1m"), 1, 10)),
    MOTAN("motan",
            "motan comparison (seed 004): empty, person, 1K-50K strings at 1, 10, 20, 50 threads over 10 connections",
            10, 1, echoAt(List.of("empty", "person", "1k", "5k", "10k", "20k", "30k", "50k"), 1, 10, 20, 50)),
    SERVER_LIMIT("server-limit",
            "server limit (seed 004): empty, 1K and 5K strings at 100 threads over 50 connections, from each of"
                    + " several clients at once",
            50, 2, echoAt(List.of("empty", "1k", "5k"), 100));

    private final String key;
    private final String description;
    private final int connections;
    private final int clients;
    private final List<JmhRun> runs;

    Preset(String key, String description, int connections, int clients, List<JmhRun> runs) {
        this.key = key;
        this.description = description;
        this.connections = connections;
        this.clients = clients;
        this.runs = runs;
    }

    private static List<JmhRun> echoAt(List<String> payloads, int... threadLevels) {
        return Arrays.stream(threadLevels).mapToObj(threads -> new JmhRun(Set.of(Scenario.ECHO), payloads, threads))
                .toList();
    }

    public String key() {
        return key;
    }

    public String description() {
        return description;
    }

    /** Connections per provider for the run; 0 is the stack's default, one connection shared by every thread. */
    public int connections() {
        return connections;
    }

    /**
     * How many client JVMs the seed ran against one server at once: run-all starts that many consumers (a 1xN
     * topology) unless told otherwise; a client started by hand is one of them.
     */
    public int clients() {
        return clients;
    }

    public List<JmhRun> runs() {
        return runs;
    }

    /** @throws IllegalArgumentException naming the presets there are */
    public static Preset of(String key) {
        return find(key).orElseThrow(() -> new IllegalArgumentException("option preset: unknown preset '" + key
                + "'; presets: " + keys()));
    }

    /** The preset of that name, if there is one. */
    public static Optional<Preset> find(String key) {
        return Arrays.stream(values()).filter(preset -> preset.key.equals(key)).findFirst();
    }

    /** "dubbo2-report, dubbox, motan, server-limit": the presets there are, for messages. */
    public static String keys() {
        return Arrays.stream(values()).map(preset -> preset.key).collect(Collectors.joining(", "));
    }
}
