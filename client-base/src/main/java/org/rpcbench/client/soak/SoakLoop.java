package org.rpcbench.client.soak;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.UserService;
import org.rpcbench.client.options.values.OpenLoopCall;
import org.rpcbench.client.server.ServerWatch;
import org.rpcbench.contract.JvmSample;
import org.rpcbench.stack.Causes;

/**
 * A soak's load: threads in a closed loop, each going round the calls in turn (thread i starting at call i, so every
 * call is in flight at once), every answer checked. A failed or wrong call is counted and the thread goes on, as a
 * long run must, after a pause that doubles with each failure in a row (10 ms to a second); the first is kept for the
 * verdict. A server found gone after a failure ends the load: calling it on would only fill the log. Response times,
 * from each send, go into an HdrHistogram {@link Recorder} whose interval histograms the sampler takes with each
 * sample.
 */
final class SoakLoop {

    /** HdrHistogram's precision: 3 digits, 0.1% of each value. */
    private static final int SIGNIFICANT_DIGITS = 3;
    /** Beyond the call timeout, how long the threads get to return after the end. */
    private static final long JOIN_SLACK_MILLIS = 2000;
    private static final long FIRST_PAUSE_MILLIS = 10;
    private static final long LONGEST_PAUSE_MILLIS = 1000;
    private static final double NANOS_PER_MILLI = 1e6;

    private final List<OpenLoopCall> calls;
    private final PayloadSchedule schedule;
    private final int threads;
    private final UserService users;
    private final EchoService echo;
    private final ServerWatch server;
    private final Recorder responseTimes = new Recorder(SIGNIFICANT_DIGITS);
    private final LongAdder answered = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final AtomicReference<String> firstError = new AtomicReference<>();
    private final CountDownLatch stop = new CountDownLatch(1);
    private volatile boolean stopping;
    private volatile boolean stopRequested;
    private long intervalStartNanos = System.nanoTime();
    private long answeredBefore;
    private long errorsBefore;

    /** @param schedule the string echoes' changing sizes, or null for the calls' own payloads */
    SoakLoop(List<OpenLoopCall> calls, PayloadSchedule schedule, int threads, UserService users, EchoService echo,
            ServerWatch server) {
        this.calls = calls;
        this.schedule = schedule;
        this.threads = threads;
        this.users = users;
        this.echo = echo;
        this.server = server;
    }

    /** Ends the load early (SIGTERM or Ctrl-C): the threads stop after their current call. */
    void stop() {
        stopRequested = true;
        stop.countDown();
    }

    boolean stopRequested() {
        return stopRequested;
    }

    /**
     * Calls for {@code length} or until stopped; returns once every thread has stopped, or the call timeout and a
     * slack after the end.
     *
     * @return whether every thread stopped in time
     */
    boolean run(Duration length, long callTimeoutMillis) throws InterruptedException {
        if (schedule != null) {
            schedule.start();
        }
        List<Thread> callers = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            List<Supplier<Object>> round = new ArrayList<>();
            for (int c = 0; c < calls.size(); c++) {
                OpenLoopCall call = calls.get((i + c) % calls.size());
                round.add(schedule != null && call.echoesAString() ? schedule.caller(echo) : call.caller(users, echo));
            }
            Thread thread = new Thread(() -> {
                long pauseMillis = FIRST_PAUSE_MILLIS;
                for (int next = 0; !stopping; next = (next + 1) % round.size()) {
                    long sentAt = System.nanoTime();
                    try {
                        round.get(next).get();
                    } catch (RuntimeException e) {
                        if (stopRequested) {
                            // stopped by hand: Ctrl-C reaches the servers too, and a call cut off is no error
                            return;
                        }
                        errors.increment();
                        firstError.compareAndSet(null, Causes.describe(e));
                        if (server.afterFailure() != null) {
                            stop.countDown();
                            return;
                        }
                        if (!pause(pauseMillis)) {
                            return;
                        }
                        pauseMillis = Math.min(2 * pauseMillis, LONGEST_PAUSE_MILLIS);
                        continue;
                    }
                    pauseMillis = FIRST_PAUSE_MILLIS;
                    responseTimes.recordValue(System.nanoTime() - sentAt);
                    answered.increment();
                }
            }, "soak-" + i);
            thread.setDaemon(true);
            thread.start();
            callers.add(thread);
        }
        stop.await(length.toNanos(), TimeUnit.NANOSECONDS);
        stopping = true;
        if (schedule != null) {
            schedule.stop();
        }
        long giveUpAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(callTimeoutMillis + JOIN_SLACK_MILLIS);
        for (Thread thread : callers) {
            long left = giveUpAt - System.nanoTime();
            if (left > 0) {
                TimeUnit.NANOSECONDS.timedJoin(thread, left);
            }
        }
        return callers.stream().noneMatch(Thread::isAlive);
    }

    /** Waits after a failed call; false when the load ended meanwhile. */
    private boolean pause(long millis) {
        try {
            return !stop.await(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Why the load ended early because its server is gone, or null. */
    String serverGone() {
        return server.gone();
    }

    /** The calls since the previous interval ended; the sampler's thread alone asks. */
    synchronized JvmSample.Load interval() {
        long now = System.nanoTime();
        Histogram histogram = responseTimes.getIntervalHistogram();
        long answeredNow = answered.sum();
        long errorsNow = errors.sum();
        JvmSample.Load load = new JvmSample.Load((now - intervalStartNanos) / 1e9, answeredNow - answeredBefore,
                errorsNow - errorsBefore, histogram.getValueAtPercentile(50) / NANOS_PER_MILLI,
                histogram.getValueAtPercentile(99) / NANOS_PER_MILLI, histogram.getMaxValue() / NANOS_PER_MILLI);
        intervalStartNanos = now;
        answeredBefore = answeredNow;
        errorsBefore = errorsNow;
        return load;
    }

    long answered() {
        return answered.sum();
    }

    long errors() {
        return errors.sum();
    }

    String firstError() {
        return firstError.get();
    }
}
