package org.rpcbench.client.options.jmh;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.rpcbench.client.options.values.JmhTime;
import org.rpcbench.contract.LockstepAddress;

/**
 * JMH's runs as the client's options give them.
 *
 * @param measurementIterations each fork's measured iterations in throughput and average-time modes
 * @param sampleIterations each fork's measured iterations in sample mode: its percentiles pool every iteration's
 *                         samples, so it needs fewer iterations than a throughput's error does
 * @param forks forked JVMs per benchmark; 0 measures in the client's own JVM
 * @param runs the JMH invocations, in turn: a preset's, or one per thread level
 * @param benchmarks the benchmarks {@code --benchmarks} names, each one of the scenarios'; empty for every one
 * @param modes JMH's modes by their short labels; empty for each benchmark's own three (JMH's default)
 * @param resultFormat one of JMH's result formats, by its lowercase name
 * @param profile where every fork's measured iterations are recorded, or null
 * @param gc whether JMH's gc profiler runs beside the suite's own
 * @param lockstep how the consumers of a topology run meet before every iteration, or null when alone
 * @param preset the seed report's table the runs reproduce, or null
 */
public record JmhSettings(int warmupIterations, JmhTime warmupTime, int measurementIterations,
        int sampleIterations, JmhTime measurementTime, int forks, List<JmhRun> runs, Set<String> benchmarks,
        List<String> modes, String resultFormat, Path profile, boolean gc, Lockstep lockstep, Preset preset) {

    public JmhSettings {
        if (modes.isEmpty() && sampleIterations != measurementIterations) {
            throw new IllegalArgumentException("each benchmark's own three modes run in one JMH invocation, at one"
                    + " count of measured iterations: " + measurementIterations + " and " + sampleIterations);
        }
    }

    /**
     * The modes in JMH invocations of their own, each with its measured iterations: sample mode apart when its
     * iterations differ from the others'; one group of none (each benchmark's own three) when no mode is named.
     */
    public Map<Integer, List<String>> modesByIterations() {
        if (modes.isEmpty()) {
            return Map.of(measurementIterations, List.of());
        }
        return modes.stream().collect(Collectors.groupingBy(
                mode -> "sample".equals(mode) ? sampleIterations : measurementIterations, LinkedHashMap::new,
                Collectors.toList()));
    }

    /**
     * One of the {@code consumers} of a topology run, meeting the others before every iteration: at {@code meetAt},
     * or at the meeting point it hosts on {@code host}, its address written to {@code addressFile}.
     */
    public record Lockstep(int consumers, LockstepAddress meetAt, String host, Path addressFile) {
    }
}
