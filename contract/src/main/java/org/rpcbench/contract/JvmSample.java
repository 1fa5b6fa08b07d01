package org.rpcbench.contract;

import java.util.Map;

/**
 * One JVM's state at one moment, as its own management interfaces report it: one line of a soak's time series
 * ({@code --jvm-samples}, JSON lines appended and flushed as they come, so a killed run keeps what it recorded).
 * Byte counts are -1 where the platform does not report them (open files and RSS off Linux).
 *
 * @param epochMillis when, on the wall clock
 * @param heapUsedBytes heap in use now
 * @param heapAfterGcBytes heap in use after the latest collection, -1 before the first
 * @param oldGenAfterGcBytes the old generation after the latest collection, -1 before the first
 * @param oldGenUsedBytes the old generation now
 * @param liveSetBytes the heap right after a full GC the sampler asked for with this sample (what is still
 *     reachable: the measure a leak grows), -1 in samples without one
 * @param collectors per collector (as the JVM names them): collections and their time so far
 * @param fullGcs stop-the-world collections of the whole heap so far (G1's and Parallel's full GCs), but the
 *     sampler's own
 * @param threads live threads
 * @param openFiles open file descriptors (sockets included)
 * @param processCpuNanos the process's CPU time so far
 * @param rssBytes resident set size
 * @param directBytes direct buffers in use (NIO's and Netty's, as the JVM counts them)
 * @param load a client's calls in the interval that ended here; null for a server
 */
public record JvmSample(long epochMillis, long heapUsedBytes, long heapAfterGcBytes, long oldGenAfterGcBytes,
        long oldGenUsedBytes, long liveSetBytes, Map<String, Collector> collectors, long fullGcs, int threads,
        long openFiles,
        long processCpuNanos, long rssBytes, long directBytes, Load load) {

    /** One collector's totals so far. */
    public record Collector(long count, long millis) {
    }

    /**
     * A client's calls over one interval.
     *
     * @param calls answered and checked
     * @param errors failed or wrong
     * @param p50Millis, p99Millis, maxMillis response times of the interval's calls, each timed from its send
     */
    public record Load(double seconds, long calls, long errors, double p50Millis, double p99Millis,
            double maxMillis) {

        public double callsPerSecond() {
            return seconds > 0 ? calls / seconds : 0;
        }
    }
}
