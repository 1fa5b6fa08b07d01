package org.rpcbench.stack;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A server's thread model: Dubbo's provider default, which the other stacks' servers copy so that a comparison of
 * stacks measures their own work, unless the server module's properties file says otherwise.
 *
 * @param dispatcher {@value #ALL}: IO threads hand each call to a fixed pool of {@code workers} threads (Dubbo's
 *                   default); {@value #DIRECT}: calls are answered on the IO thread that read them
 * @param workers the pool's threads; 0 when calls run on the IO threads
 */
public record ProviderThreads(String dispatcher, int workers) {

    /** Dubbo's default IO threads: one more than the cores, at most 32. */
    public static final int IO_THREADS = Math.min(Runtime.getRuntime().availableProcessors() + 1, 32);

    /** Dubbo's default worker pool: fixed, 200 threads. */
    public static final int WORKERS = 200;

    public static final String ALL = "all";
    public static final String DIRECT = "direct";

    /**
     * The thread model a server module's properties file on the class path states ({@code dispatcher}, {@code
     * threads}); Dubbo's default where it is absent or silent.
     *
     * @throws IllegalArgumentException naming the file and the value it cannot use
     */
    public static ProviderThreads load(String resource) {
        Properties properties = ModuleProperties.read(resource);
        String dispatcher = properties.getProperty("dispatcher", ALL);
        if (!dispatcher.equals(ALL) && !dispatcher.equals(DIRECT)) {
            throw new IllegalArgumentException(resource + ": dispatcher '" + dispatcher + "' is not all or direct");
        }
        String threads = properties.getProperty("threads", String.valueOf(WORKERS));
        try {
            int workers = Integer.parseInt(threads.trim());
            if (workers < 1) {
                throw new NumberFormatException();
            }
            return new ProviderThreads(dispatcher, dispatcher.equals(DIRECT) ? 0 : workers);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(resource + ": threads '" + threads + "' is not a positive number");
        }
    }

    public boolean direct() {
        return dispatcher.equals(DIRECT);
    }

    /** dispatcher, threads and iothreads, in the order a ready record states them. */
    public Map<String, String> details() {
        Map<String, String> details = new LinkedHashMap<>();
        details.put("dispatcher", dispatcher);
        details.put("threads", String.valueOf(workers));
        details.put("iothreads", String.valueOf(IO_THREADS));
        return details;
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
