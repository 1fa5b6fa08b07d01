package org.rpcbench.client.options.openloop;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

import org.rpcbench.client.options.values.JmhTime;
import org.rpcbench.client.options.values.OpenLoopCall;
import org.rpcbench.client.options.values.TimeConverter;
import org.rpcbench.contract.OpenLoopReport;
import org.rpcbench.contract.OptionNames;
import picocli.CommandLine.Option;

/** The open-loop load's options: response time at a fixed rate, or a sweep over shares of each call's capacity. */
public final class OpenLoopOptions {

    /**
     * The highest rate the open loop takes: a call due every 100 ns. Its threads take due times one at a time; past
     * this they would be handed times already gone, and the run would measure its own schedule, not the stack.
     */
    public static final double MAX_RATE = 10_000_000;

    @Option(names = OptionNames.RATE, paramLabel = "calls/s",
            description = "send each call at this rate, due at fixed times whether or not earlier calls have"
                    + " returned, from --threads threads (the most in flight at once), and time each from its"
                    + " due time to its checked answer into HdrHistogram: response time without coordinated"
                    + " omission. Writes the result (json), an interval log (.hlog) and a percentile"
                    + " distribution (.hgrm) per call; exits 1 when a call failed or the rate was not kept")
    Double rate;

    @Option(names = OptionNames.RATE_SWEEP, split = ",", paramLabel = "%[,%...]",
            description = "instead of --rate: measure each call's capacity in a closed loop of --threads threads"
                    + " first, then run it open-loop at these percentages of it in turn, up to the first step"
                    + " whose rate is not kept (the curve's end), e.g. 10,25,50,75,90,100")
    List<Integer> sweep;

    @Option(names = "--slo", paramLabel = "pNN=time", description = "with --rate-sweep: a response-time bound,"
            + " e.g. p99=5ms; the highest rate kept within it below the first step that broke it is each call's"
            + " capacity under it")
    String slo;

    @Option(names = "--duration", paramLabel = "time", converter = TimeConverter.class,
            description = "measured time per call and rate (default: 10)")
    JmhTime duration;

    @Option(names = "--warmup", paramLabel = "time", converter = TimeConverter.class,
            description = "per call, a closed loop of every thread before any call is measured (the JIT compiles"
                    + " at full speed), then once this long with nothing sent (its compiler catches up), then this"
                    + " long again at the first rate and half as long at each later one, and before a sweep's"
                    + " capacity, before it is measured (default: 10)")
    JmhTime warmup;

    @Option(names = "--arrival", paramLabel = "fixed|poisson",
            description = "fixed: evenly spaced; poisson: exponential gaps of the same mean (default: fixed)")
    String arrival;

    @Option(names = "--sender", paramLabel = "blocking|async",
            description = "blocking: each of --threads threads makes the stack's blocking call and waits for its"
                    + " answer; async: the threads send with the stack's asynchronous call and go on, up to"
                    + " --max-in-flight calls awaiting their answers (default: blocking)")
    String sender;

    @Option(names = "--max-in-flight", paramLabel = "n",
            description = "with --sender async: the most calls awaiting their answers; a call due beyond it waits"
                    + " for one to end, and that wait is in its response time (default: "
                    + OpenLoopSettings.DEFAULT_MAX_IN_FLIGHT + ")")
    Integer maxInFlight;

    @Option(names = "--calls", split = ",", paramLabel = "c[,c...]",
            description = "the calls, each run in turn: existUser, createUser, getUser, listUser or"
                    + " echo:<payload> (default: the four UserService calls)")
    List<String> calls;

    /**
     * The settings these options give, checked.
     *
     * @param threads the levels {@code --threads} gives: the open loop runs one
     * @param callTimeoutMillis how long a call may take, the target's
     * @throws IllegalArgumentException naming the option when a value is bad
     */
    public OpenLoopSettings settings(List<Integer> threads, long callTimeoutMillis) {
        if (threads.size() > 1) {
            throw new IllegalArgumentException("option threads: the open loop runs one thread count, not a list");
        }
        if ((rate == null) == (sweep == null)) {
            throw new IllegalArgumentException("option rate: the open-loop load takes --rate or --rate-sweep, one"
                    + " of the two");
        }
        if (rate != null && (!(rate > 0) || Double.isInfinite(rate))) {
            throw new IllegalArgumentException("option rate: " + rate + " is not a positive rate");
        }
        if (rate != null && rate > MAX_RATE) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "option rate: %,.0f calls/s is beyond what"
                    + " the load generator schedules: at most %,.0f, a call due every %d ns (its threads take a due"
                    + " time in turn)", rate, MAX_RATE, (long) (1e9 / MAX_RATE)));
        }
        if (sweep != null) {
            int previous = 0;
            for (int percent : sweep) {
                if (percent <= previous || percent > 1000) {
                    throw new IllegalArgumentException("option rate-sweep: " + sweep + " is not a rising"
                            + " list of percentages from 1 to 1000");
                }
                previous = percent;
            }
        }
        if (slo != null && sweep == null) {
            throw new IllegalArgumentException("option slo: a bound judges a sweep's steps: give --rate-sweep");
        }
        String sends = sender();
        if (maxInFlight != null && !OpenLoopReport.ASYNC.equals(sends)) {
            throw new IllegalArgumentException("option max-in-flight: it bounds the asynchronous sender: give"
                    + " --sender async (the blocking one has at most --threads calls in flight)");
        }
        if (maxInFlight != null && maxInFlight < 1) {
            throw new IllegalArgumentException("option max-in-flight: " + maxInFlight + " is below 1");
        }
        OpenLoopReport.Slo bound = slo();
        String arrivals = arrival();
        List<OpenLoopCall> named;
        try {
            named = (calls == null ? OpenLoopCall.USER_CALLS : calls).stream().map(OpenLoopCall::of).toList();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option calls: " + e.getMessage());
        }
        return new OpenLoopSettings(rate, sweep, bound, arrivals,
                warmup == null ? Duration.ofSeconds(10) : warmup.toDuration(),
                duration == null ? Duration.ofSeconds(10) : duration.toDuration(),
                threads.get(0), callTimeoutMillis, named, sends,
                maxInFlight == null ? OpenLoopSettings.DEFAULT_MAX_IN_FLIGHT : maxInFlight);
    }

    private OpenLoopReport.Slo slo() {
        try {
            return slo == null ? null : OpenLoopReport.Slo.parse(slo);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option slo: " + e.getMessage());
        }
    }

    private String sender() {
        String sends = sender == null ? OpenLoopReport.BLOCKING : sender;
        if (!List.of(OpenLoopReport.BLOCKING, OpenLoopReport.ASYNC).contains(sends)) {
            throw new IllegalArgumentException("option sender: '" + sends + "' is not blocking or async");
        }
        return sends;
    }

    private String arrival() {
        String arrivals = arrival == null ? OpenLoopReport.FIXED : arrival;
        if (!List.of(OpenLoopReport.FIXED, OpenLoopReport.POISSON).contains(arrivals)) {
            throw new IllegalArgumentException("option arrival: '" + arrivals + "' is not fixed or poisson");
        }
        return arrivals;
    }
}
