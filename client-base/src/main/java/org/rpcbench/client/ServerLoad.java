package org.rpcbench.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.rpcbench.stack.ServerSample;

/**
 * What each server spent during a run, from a sample of every provider before and one after: CPU, and the
 * CPU-bound call's spread over worker threads.
 */
final class ServerLoad {

    private ServerLoad() {
    }

    /** @param before, after each provider's sample, by the server's end of the connection */
    static String describe(Map<String, ServerSample> before, Map<String, ServerSample> after) {
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, ServerSample> provider : before.entrySet()) {
            ServerSample earlier = provider.getValue();
            ServerSample later = after.get(provider.getKey());
            String server = before.size() == 1 ? "server" : "server " + provider.getKey();
            if (later == null) {
                lines.add(server + ": did not answer the probe after the run");
            } else {
                lines.add(describe(server, earlier, later));
            }
        }
        return String.join(System.lineSeparator(), lines);
    }

    private static String describe(String server, ServerSample before, ServerSample after) {
        double cpuSeconds = (after.processCpuNanos() - before.processCpuNanos()) / 1e9;
        double wallSeconds = (after.serverNanoTime() - before.serverNanoTime()) / 1e9;
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT,
                "%s: %.1f s of CPU in %.1f s (%.0f%% of its %d cores)", server, cpuSeconds, wallSeconds,
                100 * cpuSeconds / (wallSeconds * after.availableProcessors()), after.availableProcessors()));
        Map<String, Long> earlier = before.cpuBoundCallsByThread();
        List<Long> callsPerThread = after.cpuBoundCallsByThread().entrySet().stream()
                .map(entry -> entry.getValue() - earlier.getOrDefault(entry.getKey(), 0L))
                .filter(calls -> calls > 0)
                .sorted()
                .toList();
        if (!callsPerThread.isEmpty()) {
            text.append(String.format(Locale.ROOT,
                    "%n%s: assembleRandomNumbers served by %d worker threads, calls per thread min %d,"
                            + " median %d, max %d (total %d)",
                    server, callsPerThread.size(), callsPerThread.get(0), callsPerThread.get(callsPerThread.size() / 2),
                    callsPerThread.get(callsPerThread.size() - 1),
                    callsPerThread.stream().mapToLong(Long::longValue).sum()));
        }
        return text.toString();
    }
}
