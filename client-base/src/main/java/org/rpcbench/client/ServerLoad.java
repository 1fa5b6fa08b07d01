package org.rpcbench.client;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.rpcbench.dubbo.ProbeReport;

/** What the server spent during a run, from a probe before and one after: CPU, and the CPU-bound call's spread. */
final class ServerLoad {

    private ServerLoad() {
    }

    static String describe(ProbeReport before, ProbeReport after) {
        double cpuSeconds = (after.getProcessCpuNanos() - before.getProcessCpuNanos()) / 1e9;
        double wallSeconds = (after.getServerNanoTime() - before.getServerNanoTime()) / 1e9;
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT,
                "server: %.1f s of CPU in %.1f s (%.0f%% of its %d cores)", cpuSeconds, wallSeconds,
                100 * cpuSeconds / (wallSeconds * after.getAvailableProcessors()), after.getAvailableProcessors()));
        Map<String, Long> earlier = before.getCpuBoundCallsByThread();
        List<Long> callsPerThread = after.getCpuBoundCallsByThread().entrySet().stream()
                .map(entry -> entry.getValue() - earlier.getOrDefault(entry.getKey(), 0L))
                .filter(calls -> calls > 0)
                .sorted()
                .toList();
        if (!callsPerThread.isEmpty()) {
            text.append(String.format(Locale.ROOT,
                    "%nserver: assembleRandomNumbers served by %d worker threads, calls per thread min %d,"
                            + " median %d, max %d (total %d)",
                    callsPerThread.size(), callsPerThread.get(0), callsPerThread.get(callsPerThread.size() / 2),
                    callsPerThread.get(callsPerThread.size() - 1),
                    callsPerThread.stream().mapToLong(Long::longValue).sum()));
        }
        return text.toString();
    }
}
