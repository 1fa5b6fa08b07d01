package org.rpcbench.contract;

import java.util.List;
import java.util.Locale;

/**
 * What an availability run counted, as written to its JSON file. Offsets are milliseconds from the run's start on a
 * monotonic clock; {@code startEpochMillis} is the wall-clock time of that start, so an orchestrator aligns an event
 * it timed by the wall clock (a provider's kill) with {@link #offsetMillis(long)}.
 */
public record AvailabilityReport(
        long startEpochMillis,
        long durationMillis,
        int threads,
        long ok,
        long failed,
        long wrong,
        double callsPerSecond,
        Long firstFailureMillis,
        Long lastFailureMillis,
        List<Failure> failures,
        String firstWrongAnswer,
        Timeline.Disturbance disturbance,
        Rates okPerSecond,
        long okInLastSecond,
        int threadsStillInCall,
        String problem,
        Timeline timeline) {

    /**
     * The calls that failed with one exception class and root cause class; the first one's message, and its root
     * cause with that cause's message (null when the exception has no cause).
     */
    public record Failure(String exception, String rootCause, long count, String firstMessage) {
    }

    /**
     * Ok calls per second in the second before the disturbance, during it and after it (the whole run's in
     * {@code before} when undisturbed); null for a span that did not occur.
     */
    public record Rates(Double before, Double during, Double after) {
    }

    /** @param faultAtMillis when a fault was injected on purpose, from the start; the disturbance comes after it */
    public static AvailabilityReport of(long startEpochMillis, long durationMillis, int threads, Timeline timeline,
            List<Failure> failures, Long firstFailureMillis, Long lastFailureMillis, String firstWrongAnswer,
            int threadsStillInCall, Long faultAtMillis) {
        long ok = sum(timeline.ok());
        long failed = sum(timeline.failed());
        long wrong = sum(timeline.wrong());
        // calls completing after the deadline count in the totals; the run's own buckets decide the rest
        Timeline run = timeline.first(durationMillis);
        Timeline.Disturbance disturbance = run.disturbance(
                faultAtMillis == null ? 0 : (int) (faultAtMillis / run.bucketMillis()));
        int start = disturbance.startBucket(run.bucketMillis());
        Rates rates = disturbance.disturbed()
                ? new Rates(run.okPerSecond(Math.max(0, start - 1000 / run.bucketMillis()), start),
                        run.okPerSecond(disturbance.startBucket(run.bucketMillis()),
                                disturbance.endBucket(run.bucketMillis())),
                        run.okPerSecond(disturbance.endBucket(run.bucketMillis()), run.buckets()))
                : new Rates(run.okPerSecond(0, run.buckets()), null, null);
        long okInLastSecond = run.okInLast(1000);
        return new AvailabilityReport(startEpochMillis, durationMillis, threads, ok, failed, wrong,
                (ok + failed + wrong) * 1000.0 / durationMillis, firstFailureMillis, lastFailureMillis, failures,
                firstWrongAnswer, disturbance, rates, okInLastSecond, threadsStillInCall,
                problem(wrong, firstWrongAnswer, okInLastSecond, threadsStillInCall), timeline);
    }

    /** Why the run did not pass, or null: failures alone are what is measured, not an error. */
    private static String problem(long wrong, String firstWrongAnswer, long okInLastSecond, int threadsStillInCall) {
        if (wrong > 0) {
            return wrong + " answers broke the contract, the first: " + firstWrongAnswer;
        }
        if (threadsStillInCall > 0) {
            return threadsStillInCall + " threads were still in a call well past the call timeout";
        }
        if (okInLastSecond == 0) {
            return "no call succeeded in the last second of the run: the service did not recover";
        }
        return null;
    }

    public boolean passed() {
        return problem == null;
    }

    /** Milliseconds from this run's start to a wall-clock time, e.g. when a provider was killed. */
    public long offsetMillis(long epochMillis) {
        return epochMillis - startEpochMillis;
    }

    /** The console summary. */
    public String summary() {
        StringBuilder text = new StringBuilder();
        line(text, "availability run: %s s, %d threads, started at %d (epoch ms)",
                seconds(durationMillis), threads, startEpochMillis);
        line(text, "calls: %d ok, %d failed, %d wrong; %.0f calls/s", ok, failed, wrong, callsPerSecond);
        for (Failure failure : failures) {
            line(text, "  %d x %s: %s", failure.count(), failure.exception(), failure.rootCause() == null
                    ? firstLine(failure.firstMessage()) : "caused by " + firstLine(failure.rootCause()));
        }
        if (firstFailureMillis != null) {
            line(text, "failures from %d ms to %d ms", firstFailureMillis, lastFailureMillis);
        }
        if (disturbance.disturbed()) {
            line(text, "disturbance: %d ms (%d ms to %d ms)%s", disturbance.windowMillis(), disturbance.startMillis(),
                    disturbance.endMillis(), disturbance.recovered() ? "" : ", not recovered by the end");
        } else {
            line(text, "disturbance: 0 ms");
        }
        line(text, "ok calls/s: before %s, during %s, after %s",
                rate(okPerSecond.before()), rate(okPerSecond.during()), rate(okPerSecond.after()));
        line(text, "ok calls in the last second: %d", okInLastSecond);
        return text.toString();
    }

    private static void line(StringBuilder text, String format, Object... values) {
        text.append(String.format(Locale.ROOT, format, values)).append(System.lineSeparator());
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.1f", millis / 1000.0);
    }

    private static String rate(Double perSecond) {
        return perSecond == null ? "-" : String.format(Locale.ROOT, "%.0f", perSecond);
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "(no message)";
        }
        String first = message.lines().findFirst().orElse("");
        return first.length() > 200 ? first.substring(0, 200) + "..." : first;
    }

    private static long sum(long[] counts) {
        long total = 0;
        for (long count : counts) {
            total += count;
        }
        return total;
    }
}
