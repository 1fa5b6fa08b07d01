package org.rpcbench.contract;

import java.util.List;
import java.util.Locale;

/**
 * What an open-loop run measured, as written to its JSON file. Calls are due at a fixed rate whether or not earlier
 * ones have returned, and each call's response time is timed from when it was due, not from when it was sent: a
 * stall counts against every call it delayed (no coordinated omission). Times are milliseconds.
 *
 * @param arrival fixed (evenly spaced) or poisson (exponential gaps with the same mean)
 * @param threads the client threads calls are sent from: the most that can be in flight at once
 * @param calls one per call measured, in the order they ran
 */
public record OpenLoopReport(long startEpochMillis, String arrival, double targetRate, long warmupMillis,
        long durationMillis, int threads, List<CallResult> calls) {

    public static final String FIXED = "fixed";
    public static final String POISSON = "poisson";

    /**
     * One call at the target rate, counted over the measured window (after the warmup).
     *
     * @param due calls whose due time fell in the window
     * @param neverSent due calls the client had not sent when the window closed: the rate was not kept
     * @param achievedRate calls answered correctly within the window, per second
     * @param responseTime from the due time to the checked answer, over the window's answered calls
     * @param sendDelay from the due time to the send: how late the client actually sent (its threads were busy,
     *                  or the generator woke late)
     * @param maxInFlight the most calls in flight at once; equal to the threads, calls waited for a thread
     * @param threadsStillInCall threads still in a call well past the call timeout when the run gave up on them
     * @param histogramLog the HdrHistogram interval log of response times (ns), beside the report
     * @param problem why this call's figures cannot stand, or null
     */
    public record CallResult(String call, long due, long sent, long neverSent, long ok, long failed, long wrong,
            double achievedRate, Latency responseTime, Latency sendDelay, int maxInFlight, int threadsStillInCall,
            String firstFailure, String histogramLog, String problem) {
    }

    /** Percentiles of one distribution, in milliseconds; all zero when nothing was recorded (count 0). */
    public record Latency(long count, double mean, double p50, double p90, double p99, double p999, double p9999,
            double max) {
    }

    /** The first call's problem, or null when every call's figures stand. */
    public String problem() {
        return calls.stream().filter(call -> call.problem() != null)
                .map(call -> call.call() + ": " + call.problem()).findFirst().orElse(null);
    }

    public boolean passed() {
        return problem() == null;
    }

    /** The console summary: a table of response times, labelled as open-loop ones. */
    public String summary() {
        StringBuilder text = new StringBuilder();
        line(text, "open loop: %s arrivals at %,.0f calls/s per call, %.1f s warmup, %.1f s measured, up to %d"
                + " calls in flight", arrival, targetRate, warmupMillis / 1000.0, durationMillis / 1000.0, threads);
        line(text, "response time at a fixed rate, from each call's due time (ms):");
        line(text, "| call | due | achieved (calls/s) | p50 | p90 | p99 | p99.9 | p99.99 | max | sent late p99 |"
                + " max in flight | errors |");
        line(text, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (CallResult call : calls) {
            Latency time = call.responseTime();
            line(text, "| %s | %,d | %,.0f | %s | %s | %s | %s | %s | %s | %s | %d | %d |", call.call(), call.due(),
                    call.achievedRate(), ms(time.p50()), ms(time.p90()), ms(time.p99()), ms(time.p999()),
                    ms(time.p9999()), ms(time.max()), ms(call.sendDelay().p99()), call.maxInFlight(),
                    call.failed() + call.wrong() + call.neverSent());
        }
        for (CallResult call : calls) {
            if (call.maxInFlight() >= threads) {
                line(text, "%s: all %d threads were busy at times: calls waited for one, and that wait is in their"
                        + " response time (more --threads lets the client send on time)", call.call(), threads);
            }
            if (call.firstFailure() != null) {
                line(text, "%s: %,d failed, the first: %s", call.call(), call.failed(), call.firstFailure());
            }
        }
        return text.toString();
    }

    private static String ms(double millis) {
        return String.format(Locale.ROOT, millis < 10 ? "%.3f" : "%.1f", millis);
    }

    private static void line(StringBuilder text, String format, Object... values) {
        text.append(String.format(Locale.ROOT, format, values)).append(System.lineSeparator());
    }
}
