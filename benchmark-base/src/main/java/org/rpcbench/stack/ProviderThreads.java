package org.rpcbench.stack;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Dubbo's provider thread model, which the other stacks' servers copy by default so that a comparison of stacks
 * measures their own work, not different thread counts.
 */
public final class ProviderThreads {

    /** Dubbo's default IO threads: one more than the cores, at most 32. */
    public static final int IO_THREADS = Math.min(Runtime.getRuntime().availableProcessors() + 1, 32);

    /** Dubbo's default worker pool: fixed, 200 threads. */
    public static final int WORKERS = 200;

    private ProviderThreads() {
    }

    /** Daemon threads named {@code <prefix>-1}, {@code <prefix>-2}...: a pool never keeps a stopped server's JVM up. */
    public static ThreadFactory daemon(String prefix) {
        AtomicInteger number = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + "-" + number.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
