package org.rpcbench.client;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.openjdk.jmh.annotations.Benchmark;

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

    /** The names of this class's benchmark methods, sorted. */
    List<String> benchmarks() {
        return Arrays.stream(benchmark.getMethods())
                .filter(method -> method.isAnnotationPresent(Benchmark.class))
                .map(Method::getName)
                .sorted()
                .toList();
    }

    /** Those of this class's benchmarks that {@code only} names, or all of them when it names none. */
    List<String> selected(Collection<String> only) {
        return only.isEmpty() ? benchmarks() : benchmarks().stream().filter(only::contains).toList();
    }

    /** JMH's include pattern for these of this class's benchmarks. */
    String includePattern(Collection<String> methods) {
        return "^" + Pattern.quote(benchmark.getName()) + "\\.("
                + methods.stream().map(Pattern::quote).collect(Collectors.joining("|")) + ")$";
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
