package org.rpcbench.stack;

import java.util.Map;

/**
 * A provider's own account of what it has spent, taken before and after a run and around every JMH iteration: its
 * process's CPU time and its Java threads' ({@link ProcessCounters#threadsCpuNanos()}), the bytes its threads have
 * allocated (-1 where the JVM cannot count them), its clock, its cores and the machine they belong to
 * ({@link ProcessCounters#machine()}), and which worker threads served the CPU-bound call how often.
 */
public record ServerSample(long processCpuNanos, long threadsCpuNanos, long allocatedBytes, long serverNanoTime,
        int availableProcessors, String machine, Map<String, Long> cpuBoundCallsByThread) {
}
