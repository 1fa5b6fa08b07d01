package org.rpcbench.client.options.jmh;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.rpcbench.stack.StreamDirection;

/**
 * A benchmark class the client can run, by the name {@code --scenario} takes: the class's name and its benchmark
 * methods, so that the options can be checked without loading JMH (client-base's ScenarioClassesTest holds them to
 * the classes).
 */
public enum Scenario {

    USER("user", "org.rpcbench.client.UserServiceBenchmark",
            List.of("createUser", "existUser", "getUser", "listUser")),
    ECHO("echo", "org.rpcbench.client.EchoBenchmark", List.of("echo")),
    CPU("cpu", "org.rpcbench.client.CpuBoundBenchmark", List.of("assembleRandomNumbers")),
    /**
     * Measured per message, so it runs in a JMH invocation of its own ({@link JmhRun#streamMessages()}); one
     * benchmark per {@link StreamDirection}.
     */
    STREAM("stream", "org.rpcbench.client.StreamBenchmark", List.of("bidiStream", "clientStream", "serverStream"));

    private final String key;
    private final String benchmarkClass;
    private final List<String> benchmarks;

    Scenario(String key, String benchmarkClass, List<String> benchmarks) {
        this.key = key;
        this.benchmarkClass = benchmarkClass;
        this.benchmarks = benchmarks;
    }

    public String key() {
        return key;
    }

    /** The JMH benchmark class's name. */
    public String benchmarkClass() {
        return benchmarkClass;
    }

    /** The names of this class's benchmark methods, sorted. */
    public List<String> benchmarks() {
        return benchmarks;
    }

    /** Those of this class's benchmarks that {@code only} names, or all of them when it names none. */
    public List<String> selected(Collection<String> only) {
        return only.isEmpty() ? benchmarks() : benchmarks().stream().filter(only::contains).toList();
    }

    /** JMH's include pattern for these of this class's benchmarks. */
    public String includePattern(Collection<String> methods) {
        return "^" + Pattern.quote(benchmarkClass) + "\\.("
                + methods.stream().map(Pattern::quote).collect(Collectors.joining("|")) + ")$";
    }

    /** @throws IllegalArgumentException naming the scenarios there are */
    public static Scenario of(String key) {
        for (Scenario scenario : values()) {
            if (scenario.key.equals(key)) {
                return scenario;
            }
        }
        throw new IllegalArgumentException("option scenario: unknown scenario '" + key + "'; scenarios: "
                + Arrays.stream(values()).map(Scenario::key).collect(Collectors.joining(", ")));
    }
}
