package org.rpcbench.client.options.openloop;

import java.time.Duration;
import java.util.List;

import org.rpcbench.client.options.values.OpenLoopCall;
import org.rpcbench.contract.OpenLoopReport;

/**
 * The open-loop load as its options give it.
 *
 * @param rate calls per second, of each call; null for a sweep
 * @param sweepPercents a sweep's rates in percent of each call's closed-loop capacity, or null
 * @param slo the bound a sweep's capacity is judged by, or null
 * @param arrival {@link OpenLoopReport#FIXED} or {@link OpenLoopReport#POISSON}
 * @param threads the threads calls are sent from
 * @param calls the calls, each run in turn
 * @param sender {@link OpenLoopReport#BLOCKING} or {@link OpenLoopReport#ASYNC}
 * @param maxInFlight with the asynchronous sender, the most calls awaiting their answers
 */
public record OpenLoopSettings(Double rate, List<Integer> sweepPercents, OpenLoopReport.Slo slo, String arrival,
        Duration warmup, Duration duration, int threads, long callTimeoutMillis, List<OpenLoopCall> calls,
        String sender, int maxInFlight) {

    /** Enough for 10,000 calls/s answered within 100 ms, far beyond what two cores serve at a usable latency. */
    public static final int DEFAULT_MAX_IN_FLIGHT = 1000;

    public boolean asynchronous() {
        return OpenLoopReport.ASYNC.equals(sender);
    }
}
