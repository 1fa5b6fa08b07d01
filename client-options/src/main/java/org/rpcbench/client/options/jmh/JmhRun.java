package org.rpcbench.client.options.jmh;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** One JMH invocation of a client run: these scenarios, with these echo payloads, at this many threads. */
public record JmhRun(Set<Scenario> scenarios, List<String> payloads, int threads) {

    @Override
    public String toString() {
        return scenarios.stream().map(Scenario::key).sorted().collect(Collectors.joining(","))
                + (scenarios.contains(Scenario.ECHO) ? " " + String.join(",", payloads) : "")
                + " at " + threads + (threads == 1 ? " thread" : " threads");
    }
}
