package org.rpcbench.client.openloop;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.HdrHistogram.Recorder;
import org.rpcbench.api.AsyncServices;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.UserService;
import org.rpcbench.api.WrongAnswerException;
import org.rpcbench.client.cost.CallCostProfiler;
import org.rpcbench.client.options.openloop.OpenLoopSettings;
import org.rpcbench.client.options.values.OpenLoopCall;
import org.rpcbench.client.server.ServerWatch;
import org.rpcbench.contract.OpenLoopReport;
import org.rpcbench.stack.Causes;
import org.rpcbench.stack.StackConnection;

/**
 * An open-loop load: calls fall due at the target rate whatever the earlier ones are doing, and each is timed from
 * its due time to its checked answer, so a stall is counted against every call it held up (the coordinated omission
 * a closed loop makes). Calls are sent from a pool of threads that each take the next due time, wait for it and
 * call; when every thread is busy the next call waits for one, and that wait is in its response time. With the
 * asynchronous sender the threads send with the stack's asynchronous call and go on, and the stack's threads record
 * each answer as it comes; calls beyond the in-flight limit wait for a place as blocking ones wait for a thread, and
 * one still without a place past the send grace is never sent. Response times go into an HdrHistogram
 * {@link Recorder} shared by the threads; its interval histograms are logged each second and summed, never averaged
 * as percentiles.
 */
final class OpenLoopTrials {

    /** How often the interval log gets a histogram. */
    private static final long LOG_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** How late past the window a call due inside it may still be sent; one due earlier than that is never sent. */
    private static final long SEND_GRACE_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** Beyond the send grace and the call timeout, how long the threads get to return. */
    private static final long JOIN_SLACK_NANOS = TimeUnit.SECONDS.toNanos(2);
    /** A call keeps the rate when at least this share of it is answered within the window. */
    static final double KEPT_RATE = 0.95;
    /** HdrHistogram's precision: 3 digits, 0.1% of each value. */
    private static final int SIGNIFICANT_DIGITS = 3;
    private static final double NANOS_PER_MILLI = 1e6;

    /** The open loop's consumers run alone: none meets another before a window. */
    private static final Runnable NO_MEETING = () -> { };
    /** The warmup's and the measured window's numbers among a run's phases, as {@link #phase} numbers them. */
    private static final int WARMUP = 0;
    private static final int MEASURED = 1;
    /**
     * Between a phase's planned end and the next one's start: time for its last calls to return, the costs to be read
     * and the next phase's threads to start, which took 70-670 ms here with two clients at once. Each phase begins at
     * its planned moment, so that two clients begun together (--start-together) measure the same seconds; begun
     * as the last ended, they drifted up to half a second apart by the first window.
     */
    static final Duration PHASE_GAP = Duration.ofSeconds(1);

    private final OpenLoopSettings settings;
    private final UserService users;
    private final EchoService echo;
    private final ServerWatch server;
    private final StackConnection costsFrom;
    private final AsyncServices async;
    /** When the next phase is to begin, on {@link System#nanoTime}'s clock; null before the first. */
    private Long nextPhaseAt;
    /** Whether a warmup at a rate has run: each later one is half as long (see {@link #run}). */
    private boolean warmedAtARate;

    /**
     * @param costsFrom the connection whose providers' costs are probed around each window, or null: none
     * @param async the asynchronous calls the open loop sends with, or null: the blocking ones
     */
    OpenLoopTrials(OpenLoopSettings settings, UserService users, EchoService echo, ServerWatch server,
            StackConnection costsFrom, AsyncServices async) {
        this.settings = settings;
        this.users = users;
        this.echo = echo;
        this.server = server;
        this.costsFrom = costsFrom;
        this.async = async;
    }

    /**
     * Warms the call up at the rate, then measures it for the window; writes the window's response times to an
     * interval log and, beside it, their percentile distribution (ms). Bounded: nothing is sent after the window
     * and its send grace, and threads still in a call past the call timeout are given up on and counted.
     *
     * <p>
     * The client's first warmup at a rate lasts the warmup, each later one half of it: at a rate the stack's code
     * meets another profile than in the closed loops (event loops that wait for work), and C2 compiled it again over
     * the first call's first 8-10 s there, while a later call's compiles ended 2 s into its warmup (a duet's clients
     * here); warmed 10 s, not 12, the first call's window had begun 98-315 C2 compiles, not 43-84.
     *
     * @param closedLoop in a sweep, the closed loop whose capacity the rate is a share of, else null
     */
    OpenLoopReport.CallResult run(OpenLoopCall call, double rate, OpenLoopReport.ClosedLoop closedLoop,
            Path histogramLog) throws InterruptedException {
        rehearseCostReads();
        Duration warmup = warmedAtARate ? settings.warmup().dividedBy(2) : settings.warmup();
        warmedAtARate = true;
        long start = beginPhase(warmup.plus(settings.duration()));
        return new Trial(call, rate, closedLoop, start, warmup).run(histogramLog);
    }

    /**
     * Waits for the next phase's planned moment (none for the first; at once for a phase that is late) and plans the
     * one after this, which lasts {@code length}; this one's start.
     */
    private long beginPhase(Duration length) {
        long now = System.nanoTime();
        long start = nextPhaseAt != null && now - nextPhaseAt < 0 ? nextPhaseAt : now;
        parkUntil(start);
        nextPhaseAt = start + length.plus(PHASE_GAP).toNanos();
        return start;
    }

    /**
     * Reads the costs as a window's start and end do, before each closed loop and each warmup at the rate: the first
     * read sent the providers' reports through the stack's serialization, which C2 had compiled for the calls alone,
     * and the traps that deoptimized it fell inside the first window; read only before the first warmup at the rate,
     * they threw some 40 of the stack's C2-compiled methods (proxy, filters, codec, serializers) back there, to be
     * compiled again as that call was warmed and measured.
     */
    private void rehearseCostReads() {
        CallCostProfiler.Spent.atStart(costsFrom, NO_MEETING);
        CallCostProfiler.Spent.atEnd(costsFrom);
    }

    /**
     * The call's capacity in a closed loop: every thread calls again as soon as its answer is checked, for the
     * warmup and then the measured time; the measured calls per second, and response times from each send. What a
     * sweep's rates are shares of.
     *
     * @throws IllegalStateException when a call failed or broke the contract: no capacity stands then
     */
    OpenLoopReport.ClosedLoop closedLoopCapacity(OpenLoopCall call) throws InterruptedException {
        return closedLoop(call, settings.duration());
    }

    /**
     * Calls in a closed loop of every thread for the warmup time, unmeasured: before a fixed rate, so that the JIT
     * has compiled the client's and the server's paths at full speed, not only at the rate's pace.
     *
     * @throws IllegalStateException when a call failed or broke the contract
     */
    void warmUp(OpenLoopCall call) throws InterruptedException {
        closedLoop(call, Duration.ZERO);
    }

    /**
     * Sends nothing for one warmup's length, after the closed-loop warmups and before the first measured call: they
     * keep every CPU busy, so the JIT's queue is still long as they end; in a duet (four JVMs on two CPUs) the
     * client's C2 compiled its senders and the stack's call path 28 s into the first call at the rate, in its window,
     * which ran on C1's profiled code meanwhile, its process CPU per call 89 µs above its threads' (4 on the others).
     */
    void pauseForTheCompiler() {
        beginPhase(settings.warmup());
    }

    /** The closed loop: the warmup, then {@code measured}; what was measured (nothing for none). */
    private OpenLoopReport.ClosedLoop closedLoop(OpenLoopCall call, Duration measured) throws InterruptedException {
        rehearseCostReads();
        long measureFrom = beginPhase(settings.warmup().plus(measured)) + settings.warmup().toNanos();
        long stopAt = measureFrom + measured.toNanos();
        // by phase, as a trial's tallies are (see phase)
        LongAdder[] answered = {new LongAdder(), new LongAdder()};
        Recorder[] responseTimes = {new Recorder(SIGNIFICANT_DIGITS), new Recorder(SIGNIFICANT_DIGITS)};
        AtomicReference<String> failure = new AtomicReference<>();
        List<Thread> callers = new ArrayList<>();
        for (int i = 0; i < settings.threads(); i++) {
            Supplier<Object> caller = call.caller(users, echo);
            Thread thread = new Thread(() -> {
                long sentAt;
                while ((sentAt = System.nanoTime()) - stopAt < 0 && failure.get() == null) {
                    try {
                        caller.get();
                    } catch (RuntimeException e) {
                        failure.compareAndSet(null, Causes.describe(e));
                        return;
                    }
                    int phase = phase(sentAt, measureFrom);
                    responseTimes[phase].recordValue(System.nanoTime() - sentAt);
                    answered[phase].increment();
                }
            }, "closed-loop-" + call.name() + "-" + i);
            thread.setDaemon(true);
            thread.start();
            callers.add(thread);
        }
        long giveUpAt = stopAt + TimeUnit.MILLISECONDS.toNanos(settings.callTimeoutMillis()) + JOIN_SLACK_NANOS;
        for (Thread thread : callers) {
            long left = giveUpAt - System.nanoTime();
            if (left > 0) {
                TimeUnit.NANOSECONDS.timedJoin(thread, left);
            }
        }
        if (failure.get() != null) {
            String gone = server.afterFailure();
            throw new IllegalStateException(call.name() + ": a call failed in the closed loop before the open"
                    + " one: " + (gone != null ? gone : failure.get()));
        }
        if (callers.stream().anyMatch(Thread::isAlive)) {
            throw new IllegalStateException(call.name() + ": threads were still in a call well past the call"
                    + " timeout in the closed loop before the open one");
        }
        return new OpenLoopReport.ClosedLoop(measured.isZero() ? 0
                : answered[MEASURED].sum() / (measured.toNanos() / 1e9),
                latency(responseTimes[MEASURED].getIntervalHistogram()));
    }

    /** One call's run: its schedule, its counts and its histograms. */
    private final class Trial {

        private final OpenLoopCall call;
        private final double rate;
        private final OpenLoopReport.ClosedLoop closedLoop;
        private final long startNanos;
        private final Duration warmup;
        private final long startEpochMillis = System.currentTimeMillis();
        private final long measureFrom;
        private final long stopAt;
        private final double meanGapNanos;
        private final SplittableRandom random = new SplittableRandom(1);
        private double nextDue;
        /** Calls due in the warmup that were still unsent when the window began (see {@link #nextDue()}). */
        private long warmupDropped;

        /** By {@link #phase}: the warmup's, dropped, and the window's. */
        private final Tally[] tallies = {new Tally(), new Tally()};
        private final Tally inWindow = tallies[MEASURED];
        private final LongAdder failed = new LongAdder();
        private final LongAdder wrong = new LongAdder();
        private final AtomicInteger inFlight = new AtomicInteger();
        private final LongAccumulator maxInFlight = new LongAccumulator(Math::max, 0);
        private final AtomicReference<String> firstFailure = new AtomicReference<>();
        private final AtomicReference<String> firstWrongAnswer = new AtomicReference<>();
        /** Calls that ended, however, at any time: the client's calls over the costs' window. */
        private final LongAdder ended = new LongAdder();
        /**
         * Open once the costs at the window's end were read: a sender done before would take its thread's CPU
         * with it ({@link org.rpcbench.stack.ProcessCounters#threadsCpuNanos()} counts ended threads only to the
         * read before they ended).
         */
        private final CountDownLatch windowEndRead = new CountDownLatch(1);
        /** With the asynchronous sender, the places of the calls awaiting their answers; null with the blocking. */
        private final Semaphore places;
        /** Whether an asynchronous call failed: from then on each send asks whether the server is gone. */
        private volatile boolean failedOnce;

        /** @param startNanos when its warmup begins, on {@link System#nanoTime}'s clock: now, as planned */
        Trial(OpenLoopCall call, double rate, OpenLoopReport.ClosedLoop closedLoop, long startNanos,
                Duration warmup) {
            this.call = call;
            this.rate = rate;
            this.closedLoop = closedLoop;
            this.startNanos = startNanos;
            this.warmup = warmup;
            measureFrom = startNanos + warmup.toNanos();
            stopAt = measureFrom + settings.duration().toNanos();
            nextDue = startNanos;
            meanGapNanos = TimeUnit.SECONDS.toNanos(1) / rate;
            places = async == null ? null : new Semaphore(settings.maxInFlight());
        }

        /**
         * The next call's due time: evenly spaced, or with exponential gaps (Poisson arrivals) of the same mean. Once
         * the window has begun, the warmup's calls still unsent are dropped and the schedule goes on from the
         * window's start: carried into it, a warmup's backlog held the window's first calls up for seconds (the
         * first call of a duet's trial, at a rate near what the machine carried for both sides), and its figures
         * measured the backlog draining. Without a branch, as {@link #phase}.
         */
        private synchronized long nextDue() {
            double backlog = measureFrom - nextDue;
            long dropping = before((long) nextDue, measureFrom) & (1 - before(System.nanoTime(), measureFrom));
            warmupDropped += dropping * (long) Math.ceil(backlog / meanGapNanos);
            nextDue += dropping * backlog;
            long due = (long) nextDue;
            nextDue += OpenLoopReport.POISSON.equals(settings.arrival())
                    ? -Math.log(1 - random.nextDouble()) * meanGapNanos : meanGapNanos;
            return due;
        }

        OpenLoopReport.CallResult run(Path histogramLog) throws InterruptedException {
            List<Thread> senders = new ArrayList<>();
            for (int i = 0; i < settings.threads(); i++) {
                Sending sending = async == null ? blocking(call.caller(users, echo))
                        : asynchronous(call.asyncCaller(async));
                Thread sender = new Thread(() -> send(sending), "open-loop-" + call.name() + "-" + i);
                // a call stuck past every bound must not keep the client's JVM alive
                sender.setDaemon(true);
                sender.start();
                senders.add(sender);
            }
            Histogram responseTotal = new Histogram(SIGNIFICANT_DIGITS);
            Histogram sendDelayTotal = new Histogram(SIGNIFICANT_DIGITS);
            long giveUpAt = stopAt + SEND_GRACE_NANOS + TimeUnit.MILLISECONDS.toNanos(settings.callTimeoutMillis())
                    + JOIN_SLACK_NANOS;
            Map<String, Double> costs;
            OpenLoopReport.Window window;
            List<Double> secondMeans;
            List<Double> warmupSecondMeans;
            try (IntervalLog log = IntervalLog.to(histogramLog, startEpochMillis)) {
                warmupSecondMeans = loggedWarmup();
                long windowStart = System.currentTimeMillis();
                CallCostProfiler.Spent costStart = CallCostProfiler.Spent.atStart(costsFrom, NO_MEETING);
                long endedAtStart = ended.sum();
                CallCostProfiler.Spent costEnd = null;
                long windowEnd = 0;
                long endedAtEnd = 0;
                long nextLog = measureFrom + LOG_INTERVAL_NANOS;
                boolean first = true;
                while (busy(senders) && System.nanoTime() - giveUpAt < 0) {
                    parkUntil(Math.min(nextLog, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100)));
                    if (costEnd == null && System.nanoTime() - stopAt >= 0) {
                        windowEnd = System.currentTimeMillis();
                        costEnd = CallCostProfiler.Spent.atEnd(costsFrom);
                        endedAtEnd = ended.sum();
                        windowEndRead.countDown();
                    }
                    if (System.nanoTime() - nextLog >= 0) {
                        log.add(intervalHistogram(first), responseTotal);
                        first = false;
                        nextLog += LOG_INTERVAL_NANOS;
                    }
                }
                if (costEnd == null) {
                    windowEnd = System.currentTimeMillis();
                    costEnd = CallCostProfiler.Spent.atEnd(costsFrom);
                    endedAtEnd = ended.sum();
                }
                windowEndRead.countDown();
                costs = costStart == null || costEnd == null ? Map.of()
                        : CallCostProfiler.perCall(costStart, costEnd, endedAtEnd - endedAtStart);
                window = new OpenLoopReport.Window(windowStart, windowEnd);
                log.add(intervalHistogram(first), responseTotal);
                secondMeans = log.secondMeans();
                sendDelayTotal.add(inWindow.sendDelays.getIntervalHistogram());
                writePercentiles(histogramLog.resolveSibling(histogramLog.getFileName() + ".hgrm"), responseTotal);
            }
            // the blocking sender's stuck calls hold their threads; the asynchronous sender's are only counted
            int stillInCall = async == null ? (int) senders.stream().filter(Thread::isAlive).count() : inFlight.get();
            double achievedRate = inWindow.okInWindow.sum() / (settings.duration().toNanos() / 1e9);
            return new OpenLoopReport.CallResult(call.name(), rate, closedLoop, inWindow.due.sum(),
                    inWindow.due.sum() - inWindow.neverSent.sum(), inWindow.neverSent.sum(), inWindow.ok.sum(),
                    failed.sum(), wrong.sum(), achievedRate,
                    latency(responseTotal), latency(sendDelayTotal), (int) maxInFlight.get(), stillInCall,
                    firstWrongAnswer.get() != null ? firstWrongAnswer.get() : firstFailure.get(),
                    histogramLog.getFileName().toString(), rateNotKept(achievedRate), problem(stillInCall), costs,
                    window, secondMeans, warmupDropped(), warmupSecondMeans);
        }

        /**
         * Until the window, logs the warmup's response times each second as the window's are, though to nowhere but
         * their means: so that the log's own code (HdrHistogram's encoding and iteration) is compiled before a client's
         * first window, where C2 had compiled some 25 of its methods in the first two seconds (a duet's trials here).
         */
        private List<Double> loggedWarmup() {
            Histogram total = new Histogram(SIGNIFICANT_DIGITS);
            try (IntervalLog nowhere = IntervalLog.nowhere(startEpochMillis)) {
                for (long next = startNanos + LOG_INTERVAL_NANOS; next - measureFrom <= 0;
                        next += LOG_INTERVAL_NANOS) {
                    parkUntil(next);
                    nowhere.add(tallies[WARMUP].responseTimes.getIntervalHistogram(), total);
                }
                parkUntil(measureFrom);
                return nowhere.secondMeans();
            }
        }

        private synchronized long warmupDropped() {
            return warmupDropped;
        }

        /**
         * The response times recorded since the last interval; the first interval starts with the window (nothing
         * is recorded before it), not when the recorder was made.
         */
        private Histogram intervalHistogram(boolean first) {
            Histogram interval = inWindow.responseTimes.getIntervalHistogram();
            if (first) {
                interval.setStartTimeStamp(startEpochMillis + warmup.toMillis());
            }
            return interval;
        }

        /** Keeps a sender that is done alive until the costs at the window's end were read. */
        private void awaitWindowEndRead() {
            try {
                windowEndRead.await(JOIN_SLACK_NANOS, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /** Whether senders are still sending or, with the asynchronous sender, calls still await their answers. */
        private boolean busy(List<Thread> senders) {
            return senders.stream().anyMatch(Thread::isAlive) || async != null && inFlight.get() > 0;
        }

        /** A sending thread: takes due times until one falls past the window. */
        private void send(Sending sending) {
            while (true) {
                long dueAt = nextDue();
                if (dueAt - stopAt >= 0) {
                    awaitWindowEndRead();
                    return;
                }
                Tally tally = tallies[phase(dueAt, measureFrom)];
                tally.due.increment();
                parkUntil(dueAt);
                boolean placed = placeInFlight();
                long sentAt = System.nanoTime();
                if (!placed || sentAt - stopAt - SEND_GRACE_NANOS >= 0) {
                    if (placed && places != null) {
                        places.release();
                    }
                    tally.neverSent.increment();
                    continue;
                }
                tally.sendDelays.recordValue(sentAt - dueAt);
                maxInFlight.accumulate(inFlight.incrementAndGet());
                if (!sending.send(dueAt, tally)) {
                    return; // calls due at a server that is gone would only fill the log
                }
            }
        }

        /**
         * With the asynchronous sender, waits for a place among the calls in flight, up to the send grace past the
         * window: false when none came. The blocking sender's threads are its places.
         */
        private boolean placeInFlight() {
            if (places == null || places.tryAcquire()) {
                return true;
            }
            try {
                return places.tryAcquire(stopAt + SEND_GRACE_NANOS - System.nanoTime(), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }

        /** Makes the call and waits for its answer. */
        private Sending blocking(Supplier<Object> caller) {
            return (dueAt, tally) -> {
                RuntimeException failure = null;
                try {
                    caller.get();
                } catch (RuntimeException e) {
                    failure = e;
                }
                ended(dueAt, tally, failure);
                return failure == null || failure instanceof WrongAnswerException || server.afterFailure() == null;
            };
        }

        /** Sends the call and goes on; the stack's thread that completes its answer records it. */
        private Sending asynchronous(Supplier<CompletableFuture<?>> caller) {
            return (dueAt, tally) -> {
                CompletableFuture<?> answer;
                try {
                    answer = caller.get();
                } catch (RuntimeException e) {
                    answer = CompletableFuture.failedFuture(e);
                }
                answer.whenComplete((value, failure) -> ended(dueAt, tally, failure));
                return !failedOnce || server.afterFailure() == null;
            };
        }

        /** A call's end: its answer checked, or its failure; timed from its due time. */
        private void ended(long dueAt, Tally tally, Throwable failure) {
            long answeredAt = System.nanoTime();
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                    ? failure.getCause() : failure;
            if (cause == null) {
                tally.responseTimes.recordValue(answeredAt - dueAt);
                tally.ok.increment();
                tally.okInWindow.add(before(answeredAt, stopAt));
            } else if (cause instanceof WrongAnswerException) {
                wrong.increment();
                firstWrongAnswer.compareAndSet(null, cause.getMessage());
            } else {
                failed.increment();
                firstFailure.compareAndSet(null, Causes.describe(cause));
                failedOnce = true;
            }
            inFlight.decrementAndGet();
            if (places != null) {
                places.release();
            }
            ended.increment();
        }

        /** Why this call's figures cannot stand, or null. */
        private String problem(int stillInCall) {
            if (server.gone() != null) {
                return server.gone() + "; " + failed.sum() + " calls failed before the run stopped calling it";
            }
            if (wrong.sum() > 0) {
                return wrong.sum() + " answers broke the contract, the first: " + firstWrongAnswer.get();
            }
            if (failed.sum() > 0) {
                return failed.sum() + " calls failed, the first: " + firstFailure.get();
            }
            if (stillInCall > 0) {
                return stillInCall + " threads were still in a call well past the call timeout";
            }
            return null;
        }

        /** How a sending thread makes a call it placed: false when it is to send no more (the server is gone). */
        @FunctionalInterface
        private interface Sending {
            boolean send(long dueAt, Tally tally);
        }

        /** Why the rate asked was not kept, or null. */
        private String rateNotKept(double achievedRate) {
            if (inWindow.neverSent.sum() > 0) {
                return String.format(Locale.ROOT, "the rate was not kept: %,d of the %,d calls due in the"
                        + " window were never sent (the server, or the client's %d threads%s, fell behind)",
                        inWindow.neverSent.sum(), inWindow.due.sum(), settings.threads(), async == null ? ""
                                : String.format(Locale.ROOT, " with at most %,d calls in flight",
                                        settings.maxInFlight()));
            }
            if (achievedRate < KEPT_RATE * rate) {
                return String.format(Locale.ROOT, "the rate was not kept: %,.0f calls/s answered in the"
                        + " window, %,.0f asked", achievedRate, rate);
            }
            return null;
        }
    }

    /**
     * The phase a call due (or sent) at {@code at} counts in, 0 for the warmup or {@link #MEASURED}, found without a
     * branch so that the warmup runs the measured path: C2 compiles a branch the warmup never took as a trap, and the
     * first call of the window then threw every sender's compiled code, the stack's call inlined into it, back to the
     * interpreter (the first measured second of a JVM read three times slower than the rest here).
     */
    private static int phase(long at, long measureFrom) {
        return 1 - before(at, measureFrom);
    }

    /** 1 when {@code at} comes before {@code moment} on {@link System#nanoTime}'s clock, else 0, without a branch. */
    private static int before(long at, long moment) {
        return (int) ((at - moment) >>> Long.SIZE - 1);
    }

    /** Parks until {@code nanoTime} reaches the deadline; returns the time it woke. */
    private static long parkUntil(long deadline) {
        long now;
        while ((now = System.nanoTime()) - deadline < 0) {
            LockSupport.parkNanos(deadline - now);
        }
        return now;
    }

    private static OpenLoopReport.Latency latency(Histogram histogram) {
        if (histogram.getTotalCount() == 0) {
            return new OpenLoopReport.Latency(0, 0, 0, 0, 0, 0, 0, 0);
        }
        return new OpenLoopReport.Latency(histogram.getTotalCount(), histogram.getMean() / NANOS_PER_MILLI,
                millis(histogram, 50), millis(histogram, 90), millis(histogram, 99), millis(histogram, 99.9),
                millis(histogram, 99.99), histogram.getMaxValue() / NANOS_PER_MILLI);
    }

    private static double millis(Histogram histogram, double percentile) {
        return histogram.getValueAtPercentile(percentile) / NANOS_PER_MILLI;
    }

    /** HdrHistogram's percentile distribution text, in milliseconds, as hdr-plot and its web plotter read it. */
    private static void writePercentiles(Path file, Histogram histogram) {
        try (PrintStream out = new PrintStream(file.toFile(), StandardCharsets.UTF_8)) {
            histogram.outputPercentileDistribution(out, 5, NANOS_PER_MILLI);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** What one phase of a trial counted, for the calls due in it. */
    private static final class Tally {
        private final LongAdder due = new LongAdder();
        private final LongAdder neverSent = new LongAdder();
        private final LongAdder ok = new LongAdder();
        private final LongAdder okInWindow = new LongAdder();
        private final Recorder responseTimes = new Recorder(SIGNIFICANT_DIGITS);
        private final Recorder sendDelays = new Recorder(SIGNIFICANT_DIGITS);
    }

    /**
     * An HdrHistogram interval log (.hlog) of one call's window, in ns, as HistogramLogAnalyzer reads it; or, to
     * nowhere, of its warmup.
     */
    private static final class IntervalLog implements AutoCloseable {

        private final HistogramLogWriter writer;
        private final List<Double> secondMeans = new ArrayList<>();

        static IntervalLog to(Path file, long startEpochMillis) {
            try {
                return new IntervalLog(new HistogramLogWriter(file.toFile()), startEpochMillis);
            } catch (FileNotFoundException e) {
                throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
            }
        }

        /** A log that keeps only its seconds' means. */
        static IntervalLog nowhere(long startEpochMillis) {
            return new IntervalLog(new HistogramLogWriter(OutputStream.nullOutputStream()), startEpochMillis);
        }

        private IntervalLog(HistogramLogWriter writer, long startEpochMillis) {
            this.writer = writer;
            writer.outputComment("rpcbench open-loop response times in ns, from each call's due time");
            writer.outputLogFormatVersion();
            writer.outputStartTime(startEpochMillis);
            writer.setBaseTime(startEpochMillis);
            writer.outputLegend();
        }

        /** Logs an interval histogram, adds it to the window's total and keeps its mean, if it holds a call. */
        void add(Histogram interval, Histogram total) {
            writer.outputIntervalHistogram(interval);
            total.add(interval);
            if (interval.getTotalCount() > 0) {
                secondMeans.add(interval.getMean() / NANOS_PER_MILLI);
            }
        }

        /** The mean response time (ms) of each interval logged so far that held a call, in order. */
        List<Double> secondMeans() {
            return List.copyOf(secondMeans);
        }

        @Override
        public void close() {
            writer.close();
        }
    }
}
