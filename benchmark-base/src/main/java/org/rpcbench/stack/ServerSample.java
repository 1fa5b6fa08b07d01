package org.rpcbench.stack;

import java.util.Map;

/**
 * A provider's own account of what it has spent, taken before and after a run: its process's CPU time, its clock,
 * and which worker threads served the CPU-bound call how often.
 */
public record ServerSample(long processCpuNanos, long serverNanoTime, int availableProcessors,
        Map<String, Long> cpuBoundCallsByThread) {
}
