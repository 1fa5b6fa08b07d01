package org.rpcbench.client.options.jmh;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.rpcbench.stack.StreamDirection;

/**
 * One JMH invocation of a client run: these scenarios, with these echo payloads, at this many threads.
 *
 * @param streamMessages the messages of each stream, for a run of the stream scenario alone (JMH then counts each
 *                       message as an operation, which it can only do for a whole invocation); 0 for the others
 * @param streamDirections the stream scenario's directions, for a stream run; empty for the others
 */
public record JmhRun(Set<Scenario> scenarios, List<String> payloads, int threads, int streamMessages,
        Set<StreamDirection> streamDirections) {

    /** A run of unary calls. */
    public JmhRun(Set<Scenario> scenarios, List<String> payloads, int threads) {
        this(scenarios, payloads, threads, 0, Set.of());
    }

    public JmhRun {
        boolean stream = streamMessages > 0;
        if (scenarios.contains(Scenario.STREAM) != stream || stream && scenarios.size() > 1
                || stream == streamDirections.isEmpty()) {
            throw new IllegalArgumentException("a stream run has the stream scenario alone, its messages per"
                    + " stream and its directions; another run has none of them: " + scenarios + ", "
                    + streamMessages + " messages, " + streamDirections);
        }
    }

    /** Whether the scenarios send the payloads. */
    public boolean sendsPayloads() {
        return scenarios.contains(Scenario.ECHO) || scenarios.contains(Scenario.STREAM);
    }

    /** Those of a scenario's benchmarks this run calls: as {@link Scenario#selected}, a stream's of its directions. */
    public List<String> selected(Scenario scenario, Collection<String> only) {
        return scenario.selected(only).stream().filter(benchmark -> scenario != Scenario.STREAM
                || streamDirections.contains(StreamDirection.ofBenchmark(benchmark))).toList();
    }

    @Override
    public String toString() {
        return scenarios.stream().map(Scenario::key).sorted().collect(Collectors.joining(","))
                + (sendsPayloads() ? " " + String.join(",", payloads) : "")
                + (streamMessages > 0 ? " x " + streamMessages + " messages per stream, "
                        + streamDirections.stream().map(StreamDirection::key).collect(Collectors.joining(","))
                        + (streamDirections.size() == 1 ? " direction" : " directions") : "")
                + " at " + threads + (threads == 1 ? " thread" : " threads");
    }
}
