package org.rpcbench.client.availability;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

import org.rpcbench.api.UserCalls;
import org.rpcbench.api.UserService;
import org.rpcbench.api.WrongAnswerException;
import org.rpcbench.contract.AvailabilityReport;
import org.rpcbench.contract.Timeline;

/**
 * A plain load loop for fault runs: threads make the four {@link UserCalls} in turn until a deadline, each answer
 * checked, and count each call's outcome instead of stopping at the first failure.
 */
final class AvailabilityLoop {

    /** A thread whose call failed waits this long before its next, so a dead service is not hammered in a spin. */
    static final long PAUSE_AFTER_FAILURE_MILLIS = 10;
    /** Beyond the call timeout, how long the threads get to return once the deadline has passed. */
    private static final long JOIN_SLACK_MILLIS = 2000;

    private final UserService users;
    private final int threads;
    private final Duration faultAt;
    private final Duration duration;
    private final long callTimeoutMillis;

    private final AtomicLongArray[] counts = new AtomicLongArray[Outcome.values().length];
    private final Map<String, FailureTally> failures = new ConcurrentHashMap<>();
    private final AtomicReference<String> firstWrongAnswer = new AtomicReference<>();
    private final LongAccumulator firstFailureNanos = new LongAccumulator(Math::min, Long.MAX_VALUE);
    private final LongAccumulator lastFailureNanos = new LongAccumulator(Math::max, Long.MIN_VALUE);
    private long startNanos;

    /** @param faultAt when a fault is injected on purpose, from the start, or null: the disturbance comes after it */
    AvailabilityLoop(UserService users, int threads, Duration duration, long callTimeoutMillis, Duration faultAt) {
        this.faultAt = faultAt;
        this.users = users;
        this.threads = threads;
        this.duration = duration;
        this.callTimeoutMillis = callTimeoutMillis;
        // calls that started before the deadline complete within the call timeout; their buckets are kept too
        long lastMillis = duration.toMillis() + callTimeoutMillis + JOIN_SLACK_MILLIS;
        int buckets = (int) (lastMillis / Timeline.BUCKET_MILLIS) + 1;
        for (Outcome outcome : Outcome.values()) {
            counts[outcome.ordinal()] = new AtomicLongArray(buckets);
        }
    }

    enum Outcome { OK, FAILED, WRONG }

    /** Runs the load until the deadline and returns what it counted; bounded by the call timeout past it. */
    AvailabilityReport run() throws InterruptedException {
        long startEpochMillis = System.currentTimeMillis();
        startNanos = System.nanoTime();
        long deadlineNanos = startNanos + duration.toNanos();
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            int firstCall = i;
            Thread worker = new Thread(() -> callUntil(deadlineNanos, firstCall), "availability-" + i);
            // a call stuck past every bound must not keep the client's JVM alive
            worker.setDaemon(true);
            worker.start();
            workers.add(worker);
        }
        long joinDeadlineNanos = deadlineNanos + TimeUnit.MILLISECONDS.toNanos(callTimeoutMillis + JOIN_SLACK_MILLIS);
        int stillInCall = 0;
        for (Thread worker : workers) {
            long left = joinDeadlineNanos - System.nanoTime();
            if (left > 0) {
                TimeUnit.NANOSECONDS.timedJoin(worker, left);
            }
            if (worker.isAlive()) {
                stillInCall++;
            }
        }
        return report(startEpochMillis, stillInCall);
    }

    private void callUntil(long deadlineNanos, int firstCall) {
        UserCalls.Requests requests = new UserCalls.Requests();
        UserCalls[] calls = UserCalls.values();
        for (int n = firstCall; System.nanoTime() - deadlineNanos < 0; n++) {
            UserCalls call = calls[n % calls.length];
            try {
                call.callAndCheck(users, requests);
                count(Outcome.OK);
            } catch (WrongAnswerException e) {
                firstWrongAnswer.compareAndSet(null, e.getMessage());
                count(Outcome.WRONG);
            } catch (RuntimeException e) {
                long now = count(Outcome.FAILED);
                firstFailureNanos.accumulate(now);
                lastFailureNanos.accumulate(now);
                Throwable root = rootCause(e);
                String rootCause = root == e ? null : root.getClass().getName() + ": " + root.getMessage();
                // Dubbo wraps a timeout and a lost connection alike in RpcException: its cause tells them apart
                String kind = e.getClass().getName() + (root == e ? "" : " < " + root.getClass().getName());
                failures.computeIfAbsent(kind, name -> new FailureTally(e.getClass().getName(), rootCause,
                        e.getMessage())).count.increment();
                try {
                    Thread.sleep(PAUSE_AFTER_FAILURE_MILLIS);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static Throwable rootCause(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }

    private long count(Outcome outcome) {
        long now = System.nanoTime() - startNanos;
        AtomicLongArray buckets = counts[outcome.ordinal()];
        int bucket = (int) Math.min(buckets.length() - 1, TimeUnit.NANOSECONDS.toMillis(now) / Timeline.BUCKET_MILLIS);
        buckets.incrementAndGet(bucket);
        return now;
    }

    private AvailabilityReport report(long startEpochMillis, int stillInCall) {
        // the run's own buckets are there even when nothing completed at its end
        long runBuckets = (duration.toMillis() + Timeline.BUCKET_MILLIS - 1) / Timeline.BUCKET_MILLIS;
        int used = (int) Math.min(counts[0].length(), runBuckets);
        for (AtomicLongArray buckets : counts) {
            for (int i = buckets.length() - 1; i >= used; i--) {
                if (buckets.get(i) > 0) {
                    used = i + 1;
                    break;
                }
            }
        }
        Timeline timeline = new Timeline(Timeline.BUCKET_MILLIS, snapshot(Outcome.OK, used),
                snapshot(Outcome.FAILED, used), snapshot(Outcome.WRONG, used));
        List<AvailabilityReport.Failure> byClass = failures.entrySet().stream()
                .map(entry -> new AvailabilityReport.Failure(entry.getValue().exception,
                        entry.getValue().rootCause, entry.getValue().count.sum(), entry.getValue().firstMessage))
                .sorted((a, b) -> Long.compare(b.count(), a.count()))
                .toList();
        boolean failed = firstFailureNanos.get() != Long.MAX_VALUE;
        return AvailabilityReport.of(startEpochMillis, duration.toMillis(), threads, timeline, byClass,
                failed ? TimeUnit.NANOSECONDS.toMillis(firstFailureNanos.get()) : null,
                failed ? TimeUnit.NANOSECONDS.toMillis(lastFailureNanos.get()) : null,
                firstWrongAnswer.get(), stillInCall, faultAt == null ? null : faultAt.toMillis());
    }

    private long[] snapshot(Outcome outcome, int buckets) {
        long[] values = new long[buckets];
        for (int i = 0; i < buckets; i++) {
            values[i] = counts[outcome.ordinal()].get(i);
        }
        return values;
    }

    private static final class FailureTally {
        private final String exception;
        private final String rootCause;
        private final String firstMessage;
        private final LongAdder count = new LongAdder();

        FailureTally(String exception, String rootCause, String firstMessage) {
            this.exception = exception;
            this.rootCause = rootCause;
            this.firstMessage = firstMessage;
        }
    }
}
