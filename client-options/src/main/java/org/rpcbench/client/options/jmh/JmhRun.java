package org.rpcbench.client.options.jmh;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One JMH invocation of a client run: these scenarios, with these echo payloads, at this many threads.
 *
 * @param streamMessages the messages of each stream, for a run of the stream scenario alone (JMH then counts each
 *                       message as an operation, which it can only do for a whole invocation); 0 for the others
 */
public record JmhRun(Set<Scenario> scenarios, List<String> payloads, int threads, int streamMessages) {

    /** A run of unary calls. */
    public JmhRun(Set<Scenario> scenarios, List<String> payloads, int threads) {
        this(scenarios, payloads, threads, 0);
    }

    public JmhRun {
        if (scenarios.contains(Scenario.STREAM) != (streamMessages > 0) || streamMessages > 0 && scenarios.size() > 1) {
            throw new IllegalArgumentException("a stream run has the stream scenario alone and its messages per"
                    + " stream; another run has neither: " + scenarios + ", " + streamMessages + " messages");
        }
    }

    /** Whether the scenarios send the payloads. */
    public boolean sendsPayloads() {
        return scenarios.contains(Scenario.ECHO) || scenarios.contains(Scenario.STREAM);
    }

    @Override
    public String toString() {
        return scenarios.stream().map(Scenario::key).sorted().collect(Collectors.joining(","))
                + (sendsPayloads() ? " " + String.join(",", payloads) : "")
                + (streamMessages > 0 ? " x " + streamMessages + " messages per stream" : "")
                + " at " + threads + (threads == 1 ? " thread" : " threads");
    }
}
