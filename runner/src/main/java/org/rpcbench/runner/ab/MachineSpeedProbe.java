package org.rpcbench.runner.ab;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import com.sun.management.HotSpotDiagnosticMXBean;
import org.rpcbench.contract.MachineSpeed;

/**
 * How fast this machine is, moment by moment, while ab's trials run on it ({@link MachineSpeed}): one thread per CPU
 * times a fixed integer work every 20 ms by its own CPU clock, so that a wait for the CPU does not count, only how
 * fast the CPU ran the work once it had it. About half a percent of each CPU. Both sides' trials meet the same probe,
 * so what it costs falls on both.
 */
final class MachineSpeedProbe implements AutoCloseable {

    /** The work's steps: about 0.1 ms here, short enough to fall between a trial's threads' turns. */
    static final int STEPS = 60_000;
    static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private final ThreadMXBean clocks = ManagementFactory.getThreadMXBean();
    private final List<Thread> threads = new ArrayList<>();
    /** What was timed and how often, for the record; fixed for the JVM's life, so written once. */
    private final String description;
    /** Per second since the epoch: samples, and their nanoseconds summed. */
    private final TreeMap<Long, long[]> seconds = new TreeMap<>();
    private volatile boolean stopped;
    /** Where the work's result goes, so that the compiler cannot drop the work. */
    private volatile long sink;

    private MachineSpeedProbe(int cpus) {
        description = String.format(Locale.ROOT, "a chain of %,d dependent multiplies and shifts every %d ms on each"
                + " of %d threads, compiled by %s, timed by the thread's CPU clock", STEPS,
                TimeUnit.NANOSECONDS.toMillis(PERIOD_NANOS), cpus, compiler());
        for (int cpu = 0; cpu < cpus; cpu++) {
            Thread thread = new Thread(this::sample, "machine-speed-probe-" + cpu);
            thread.setDaemon(true);
            threads.add(thread);
        }
        threads.forEach(Thread::start);
    }

    /** A probe with a thread per CPU, started; null when this JVM cannot read a thread's CPU clock. */
    static MachineSpeedProbe start() {
        ThreadMXBean clocks = ManagementFactory.getThreadMXBean();
        if (!clocks.isCurrentThreadCpuTimeSupported()) {
            return null;
        }
        clocks.setThreadCpuTimeEnabled(true);
        return new MachineSpeedProbe(Runtime.getRuntime().availableProcessors());
    }

    /** The samples so far. */
    MachineSpeed record() {
        List<MachineSpeed.Second> recorded = new ArrayList<>();
        synchronized (seconds) {
            for (Map.Entry<Long, long[]> second : seconds.entrySet()) {
                long[] sums = second.getValue();
                recorded.add(new MachineSpeed.Second(second.getKey(), (int) sums[0], (double) sums[1] / sums[0]));
            }
        }
        return new MachineSpeed(description, threads.size(), recorded);
    }

    /**
     * Which of HotSpot's compilers runs the work at its top tier. It matters: C1's code for it slowed with the
     * machine's load 1.7 times as much as a C program's did, C2's 1.2 times, and so followed the load more than the
     * machine's speed; {@code benchmark.sh} gives ab's JVM both compilers.
     */
    private static String compiler() {
        HotSpotDiagnosticMXBean options = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        if (options == null) {
            return "a JIT not HotSpot's";
        }
        boolean tiered = Boolean.parseBoolean(options.getVMOption("TieredCompilation").getValue());
        int topTier = Integer.parseInt(options.getVMOption("TieredStopAtLevel").getValue());
        return !tiered || topTier >= 4 ? "C2" : "C1 alone (-XX:TieredStopAtLevel=" + topTier + ")";
    }

    private void sample() {
        long next = System.nanoTime();
        long seed = Thread.currentThread().getId();
        while (!stopped) {
            long before = clocks.getCurrentThreadCpuTime();
            seed = work(seed);
            long nanos = clocks.getCurrentThreadCpuTime() - before;
            long second = Math.floorDiv(System.currentTimeMillis(), 1000);
            synchronized (seconds) {
                long[] sums = seconds.computeIfAbsent(second, s -> new long[2]);
                sums[0]++;
                sums[1] += nanos;
            }
            sink = seed;
            next += PERIOD_NANOS;
            long wait = next - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
            } else {
                next = System.nanoTime();
            }
        }
    }

    /** Each step needs the last one's result: no compiler or CPU runs two at once. */
    static long work(long seed) {
        long x = seed;
        for (int step = 0; step < STEPS; step++) {
            x = x * 0x9E3779B97F4A7C15L + 1;
            x ^= x >>> 29;
        }
        return x;
    }

    /** Stops the threads; they are daemons, so one that does not stop in time holds nothing up. */
    @Override
    public void close() throws InterruptedException {
        stopped = true;
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(1));
        }
    }
}
