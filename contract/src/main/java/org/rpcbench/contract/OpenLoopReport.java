package org.rpcbench.contract;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What an open-loop run measured, as written to its JSON file. Calls are due at a fixed rate whether or not earlier
 * ones have returned, and each call's response time is timed from when it was due, not from when it was sent: a
 * stall counts against every call it delayed (no coordinated omission). Times are milliseconds.
 *
 * @param rate the rate asked, calls/s of each call; null in a sweep, whose rates are shares of a capacity
 * @param sweepPercents a sweep's steps, in percent of each call's closed-loop capacity; null at a fixed rate
 * @param slo the bound a sweep's capacity is judged by, or null
 * @param arrival fixed (evenly spaced) or poisson (exponential gaps with the same mean)
 * @param warmupMillis the warmup at the client's first rate; each later rate's is half of it (until 2026-12-07,
 *                     every rate's)
 * @param threads the client threads calls are sent from: with the blocking sender, the most that can be in flight at
 *                once
 * @param calls one per call and rate measured, in the order they ran
 * @param sender {@link #BLOCKING}: each thread waits in the stack's blocking call; {@link #ASYNC}: the threads send
 *               with the stack's asynchronous call and go on. Blocking in a file written before there was a choice
 * @param inFlightLimit the most calls that can await their answers at once: the threads with the blocking sender,
 *                      {@code --max-in-flight} with the asynchronous one
 */
public record OpenLoopReport(long startEpochMillis, Double rate, List<Integer> sweepPercents, Slo slo,
        String arrival, long warmupMillis, long durationMillis, int threads, List<CallResult> calls, String sender,
        int inFlightLimit) {

    public static final String FIXED = "fixed";
    public static final String POISSON = "poisson";
    public static final String BLOCKING = "blocking";
    public static final String ASYNC = "async";

    public OpenLoopReport {
        if (sender == null) {
            sender = BLOCKING;
        }
        if (BLOCKING.equals(sender)) {
            inFlightLimit = threads;
        }
    }

    /** A blocking sender's report. */
    public OpenLoopReport(long startEpochMillis, Double rate, List<Integer> sweepPercents, Slo slo, String arrival,
            long warmupMillis, long durationMillis, int threads, List<CallResult> calls) {
        this(startEpochMillis, rate, sweepPercents, slo, arrival, warmupMillis, durationMillis, threads, calls,
                BLOCKING, threads);
    }

    /**
     * One call at one rate, counted over the measured window (after the warmup).
     *
     * @param targetRate the rate asked, calls/s
     * @param closedLoop in a sweep, the call in a closed loop of the same threads, measured first: the capacity the
     *                   rates are shares of
     * @param due calls whose due time fell in the window
     * @param neverSent due calls the client had not sent when the window closed
     * @param achievedRate calls answered correctly within the window, per second
     * @param responseTime from the due time to the checked answer, over the window's answered calls
     * @param sendDelay from the due time to the send: how late the client actually sent (its threads were busy,
     *                  or the generator woke late)
     * @param maxInFlight the most calls in flight at once; equal to the threads, calls waited for a thread
     * @param threadsStillInCall threads still in a call well past the call timeout when the run gave up on them
     * @param histogramLog the HdrHistogram interval log of response times (ns), beside the report
     * @param rateNotKept why the rate asked was not kept (calls never sent, or fewer answered), or null: a fixed
     *                    rate's failure, a sweep's end
     * @param problem why this call's figures cannot stand (failed calls, wrong answers, stuck threads), or null
     * @param costs what a call cost each side over the measured window, by {@link CallCost#label()} (the client's
     *              per call it completed, the servers' per call they served; the loads over the window); empty
     *              when the providers did not answer the probe
     * @param window when the measured window began and ended; null in files written before it was kept
     * @param secondMeans the mean response time of each second the interval log holds, in order, over the calls
     *                    answered in it (a second that answered none has none): the window's seconds as JMH's
     *                    iterations; empty in files written before they were kept
     * @param warmupDropped calls due in the warmup still unsent when the window began, dropped then so that the
     *                      window measures the rate, not the warmup's backlog draining (with Poisson arrivals, the
     *                      count at the mean rate); 0 in files written before they were
     * @param warmupSecondMeans the same as {@code secondMeans} for each second of the warmup at the rate, whose
     *                          seconds are logged as the window's are, though not to the interval log: how the
     *                          warmup settled; empty in files written before they were kept
     */
    public record CallResult(String call, double targetRate, ClosedLoop closedLoop, long due, long sent,
            long neverSent, long ok, long failed, long wrong, double achievedRate, Latency responseTime,
            Latency sendDelay, int maxInFlight, int threadsStillInCall, String firstFailure, String histogramLog,
            String rateNotKept, String problem, Map<String, Double> costs, Window window, List<Double> secondMeans,
            long warmupDropped, List<Double> warmupSecondMeans) {

        public CallResult {
            costs = costs == null ? Map.of() : Map.copyOf(costs);
            secondMeans = secondMeans == null ? List.of() : List.copyOf(secondMeans);
            warmupSecondMeans = warmupSecondMeans == null ? List.of() : List.copyOf(warmupSecondMeans);
        }

        /** A cost of a call over the window, or null when it was not measured. */
        public Double cost(CallCost cost) {
            return costs.get(cost.label());
        }

        /**
         * Whether the client fell behind the rate: it did not keep it, or its window began with a backlog, the
         * calls due in its first second answered more than {@link OpenLoopReport#BEGAN_BEHIND_MILLIS} late on
         * average, or its warmup ended at least {@link OpenLoopReport#WARMUP_BEHIND_SECONDS} of calls behind. Such a
         * window measures the backlog draining, or the moments after a stall, not the rate: its calls were sent as
         * fast as the threads could, seconds after they were due, though all may have been answered within it.
         */
        public boolean fellBehind() {
            return rateNotKept != null || !secondMeans.isEmpty() && secondMeans.get(0) > BEGAN_BEHIND_MILLIS
                    || warmupDropped >= targetRate * WARMUP_BEHIND_SECONDS;
        }
    }

    /**
     * A window's first second whose calls were answered this late on average (ms) began behind the rate. Over the
     * 1,028 windows of the A/B runs of 2026-12-06 and 07 on the EPYC, a first second read up to 190 ms, or from 510
     * ms (a backlog carried from the warmup, up to 12 s): nothing between (docs/reports-and-gate.md). Since clients
     * drop the warmup's backlog as the window begins ({@link CallResult#warmupDropped()}), a window that still begins
     * this far behind fell behind in it.
     */
    public static final double BEGAN_BEHIND_MILLIS = 300;

    /**
     * A warmup that ended this many seconds of calls behind the rate (its {@link CallResult#warmupDropped()} over
     * the rate) fell behind: the machine stalled under it. In ten A/B runs of ab's default on the EPYC on
     * 2026-12-07, 496 warmups dropped at most 0.07 s of calls, or from 0.65 s: nothing between
     * (docs/reports-and-gate.md); the first second of a window after such a stall read from 25 ms, under {@link
     * #BEGAN_BEHIND_MILLIS}, and its figures spread more.
     */
    public static final double WARMUP_BEHIND_SECONDS = 0.25;

    /**
     * When a call's measured window began and ended, on the client's clock, in milliseconds since the epoch: the
     * moments its costs were read at, which the gate places in what else the machine did then.
     */
    public record Window(long startEpochMillis, long endEpochMillis) {
    }

    /**
     * A call in a closed loop: each thread sends its next call when the last returns. Its response times are timed
     * from each send, as JMH's sample mode times them: beside the open loop's at the same rate, they show what
     * coordinated omission hides.
     */
    public record ClosedLoop(double callsPerSecond, Latency responseTime) {
    }

    /** Percentiles of one distribution, in milliseconds; all zero when nothing was recorded (count 0). */
    public record Latency(long count, double mean, double p50, double p90, double p99, double p999, double p9999,
            double max) {

        /** The value at one of the recorded percentiles: 50, 90, 99, 99.9 or 99.99. */
        public double at(double percentile) {
            for (Slo.Percentile known : Slo.Percentile.values()) {
                if (known.percentile == percentile) {
                    return known.of(this);
                }
            }
            throw new IllegalArgumentException("no p" + percentile + " recorded");
        }
    }

    /** A response-time bound, e.g. p99 within 5 ms: a sweep's capacity under it is its highest kept rate. */
    public record Slo(double percentile, double millis) {

        enum Percentile {
            P50(50), P90(90), P99(99), P999(99.9), P9999(99.99);

            private final double percentile;

            Percentile(double percentile) {
                this.percentile = percentile;
            }

            double of(Latency latency) {
                return switch (this) {
                    case P50 -> latency.p50();
                    case P90 -> latency.p90();
                    case P99 -> latency.p99();
                    case P999 -> latency.p999();
                    case P9999 -> latency.p9999();
                };
            }

            String label() {
                return "p" + (percentile == Math.rint(percentile) ? String.valueOf((int) percentile)
                        : String.valueOf(percentile));
            }
        }

        /**
         * {@code p99=5ms}: a percentile among p50, p90, p99, p99.9, p99.99 and a time in ms, s or us.
         *
         * @throws IllegalArgumentException saying what it takes
         */
        public static Slo parse(String text) {
            String[] parts = text.split("=", 2);
            Percentile percentile = Stream.of(Percentile.values())
                    .filter(known -> known.label().equals(parts[0])).findFirst().orElse(null);
            Matcher time = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(us|ms|s)")
                    .matcher(parts.length == 2 ? parts[1] : "");
            if (percentile == null || !time.matches() || !(Double.parseDouble(time.group(1)) > 0)) {
                throw new IllegalArgumentException("'" + text + "' is not a bound such as p99=5ms (p50, p90, p99,"
                        + " p99.9 or p99.99; a time in us, ms or s)");
            }
            double value = Double.parseDouble(time.group(1));
            double millis = switch (time.group(2)) {
                case "us" -> value / 1000;
                case "s" -> value * 1000;
                default -> value;
            };
            return new Slo(percentile.percentile, millis);
        }

        public String describe() {
            Percentile known = Stream.of(Percentile.values())
                    .filter(p -> p.percentile == percentile).findFirst().orElseThrow();
            return known.label() + " within " + ms(millis) + " ms";
        }

        /** Whether a step's response time keeps this bound. */
        public boolean keptBy(Latency latency) {
            return latency.at(percentile) <= millis;
        }
    }

    /** The first call's problem, or null when every call's figures stand; at a fixed rate, a rate not kept too. */
    public String problem() {
        for (CallResult call : calls) {
            if (call.problem() != null) {
                return call.call() + ": " + call.problem();
            }
            if (sweepPercents == null && call.rateNotKept() != null) {
                return call.call() + ": " + call.rateNotKept();
            }
        }
        return null;
    }

    public boolean passed() {
        return problem() == null;
    }

    /**
     * A sweep's capacity under the bound for one call: the highest achieved rate of the steps below the first one
     * (by rate asked) that broke the bound, did not keep its rate or failed; a higher step that kept the bound after
     * a lower one broke it is luck, not capacity. Null when the lowest step broke it, or there is no bound.
     */
    public Double capacityUnderSlo(String call) {
        if (slo == null) {
            return null;
        }
        Double capacity = null;
        for (CallResult step : calls.stream().filter(step -> step.call().equals(call))
                .sorted(Comparator.comparingDouble(CallResult::targetRate)).toList()) {
            if (step.rateNotKept() != null || step.problem() != null || !slo.keptBy(step.responseTime())) {
                break;
            }
            capacity = capacity == null ? step.achievedRate() : Math.max(capacity, step.achievedRate());
        }
        return capacity;
    }

    /** The console summary: a table of response times, labelled as open-loop ones. */
    public String summary() {
        StringBuilder text = new StringBuilder();
        line(text, "open loop: %s arrivals, %s, %.1f s warmup at the first rate (half at each later one) and %.1f s"
                + " measured per rate, up to %d calls in flight%s", arrival,
                rate != null ? String.format(Locale.ROOT, "%,.0f calls/s per call", rate)
                        : "a sweep at " + sweepPercents + " % of each call's closed-loop capacity",
                warmupMillis / 1000.0, durationMillis / 1000.0, inFlightLimit,
                BLOCKING.equals(sender) ? "" : ", sent asynchronously from " + threads + " threads");
        line(text, "response time at a fixed rate, from each call's due time (ms), and CPU per call over the window:");
        line(text, "| call | asked (calls/s) | achieved (calls/s) | p50 | p90 | p99 | p99.9 | p99.99 | max |"
                + " sent late p99 | max in flight | errors | server CPU (µs/call) | client CPU (µs/call) |");
        line(text, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (CallResult call : calls) {
            Latency time = call.responseTime();
            line(text, "| %s | %,.0f | %,.0f%s | %s | %s | %s | %s | %s | %s | %s | %d | %d | %s | %s |", call.call(),
                    call.targetRate(), call.achievedRate(), call.rateNotKept() == null ? "" : " (not kept)",
                    ms(time.p50()), ms(time.p90()), ms(time.p99()), ms(time.p999()), ms(time.p9999()),
                    ms(time.max()), ms(call.sendDelay().p99()), call.maxInFlight(), call.failed() + call.wrong(),
                    micros(call.cost(CallCost.SERVER_CPU)), micros(call.cost(CallCost.CLIENT_CPU)));
        }
        for (String call : calls.stream().map(CallResult::call).distinct().toList()) {
            CallResult first = calls.stream().filter(step -> step.call().equals(call)).findFirst().orElseThrow();
            if (first.closedLoop() != null) {
                Double underSlo = capacityUnderSlo(call);
                line(text, "%s: %,.0f calls/s in a closed loop of %d threads, p50 %s ms, p99 %s ms, p99.9 %s ms timed"
                        + " from each send%s", call, first.closedLoop().callsPerSecond(), threads,
                        ms(first.closedLoop().responseTime().p50()), ms(first.closedLoop().responseTime().p99()),
                        ms(first.closedLoop().responseTime().p999()),
                        slo == null ? "" : underSlo == null ? "; no step kept " + slo.describe()
                                : String.format(Locale.ROOT, "; %,.0f calls/s keeping %s", underSlo,
                                        slo.describe()));
            }
        }
        for (CallResult call : calls) {
            if (call.rateNotKept() != null && call.maxInFlight() >= inFlightLimit) {
                if (BLOCKING.equals(sender)) {
                    line(text, "%s at %,.0f calls/s: all %d threads were busy, so the client's threads may have"
                            + " limited the rate as much as the server (more --threads tells the two apart)",
                            call.call(), call.targetRate(), threads);
                } else {
                    line(text, "%s at %,.0f calls/s: %d calls awaited their answers at once, the limit, so the"
                            + " client's limit may have held the rate back as much as the server (more"
                            + " --max-in-flight tells the two apart)", call.call(), call.targetRate(), inFlightLimit);
                }
            }
            if (call.firstFailure() != null) {
                line(text, "%s: %,d failed, %,d wrong, the first: %s", call.call(), call.failed(), call.wrong(),
                        call.firstFailure());
            }
        }
        return text.toString();
    }

    private static String micros(Double micros) {
        return micros == null ? "" : String.format(Locale.ROOT, "%.1f", micros);
    }

    private static String ms(double millis) {
        return String.format(Locale.ROOT, millis < 10 ? "%.3f" : "%.1f", millis);
    }

    private static void line(StringBuilder text, String format, Object... values) {
        text.append(String.format(Locale.ROOT, format, values)).append(System.lineSeparator());
    }
}
