package org.rpcbench.client;

import java.util.Arrays;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** A benchmark class the client can run, by the name {@code --scenario} takes. */
enum Scenario {

    USER("user", UserServiceBenchmark.class),
    ECHO("echo", EchoBenchmark.class),
    CPU("cpu", CpuBoundBenchmark.class);

    private final String key;
    private final Class<?> benchmark;

    Scenario(String key, Class<?> benchmark) {
        this.key = key;
        this.benchmark = benchmark;
    }

    String key() {
        return key;
    }

    /** JMH's include pattern for this class's benchmarks. */
    String includePattern() {
        return "^" + Pattern.quote(benchmark.getName()) + "\\.";
    }

    /** @throws IllegalArgumentException naming the scenarios there are */
    static Scenario of(String key) {
        for (Scenario scenario : values()) {
            if (scenario.key.equals(key)) {
                return scenario;
            }
        }
        throw new IllegalArgumentException("option scenario: unknown scenario '" + key + "'; scenarios: "
                + Arrays.stream(values()).map(Scenario::key).collect(Collectors.joining(", ")));
    }
}
