package org.rpcbench.stack;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import com.sun.management.OperatingSystemMXBean;
import com.sun.management.ThreadMXBean;

/** What this JVM has spent so far, as its own management beans count it: the same on a client and a server. */
public final class ProcessCounters {

    private static final OperatingSystemMXBean OS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** Processes on one kernel share its cores, network namespaces and containers included. */
    private static final String MACHINE = readMachine();
    private static final int MACHINE_CORES = readMachineCores();
    /** Each live Java thread's CPU time at the last read, by thread id (never reused within a JVM). */
    private static final Map<Long, Long> THREAD_CPU = new HashMap<>();
    /** What threads that have ended had used by the last read before they ended. */
    private static long endedThreadsCpuNanos;

    private ProcessCounters() {
    }

    private static String readMachine() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).strip();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /**
     * The kernel's online CPUs ("0-1,4"), or this JVM's processors off Linux: the machine's cores, where
     * {@code availableProcessors} counts only the ones this process may run on (one, pinned by taskset).
     */
    private static int readMachineCores() {
        try {
            return cpuCount(Files.readString(Path.of("/sys/devices/system/cpu/online")));
        } catch (IOException | RuntimeException e) {
            return Runtime.getRuntime().availableProcessors();
        }
    }

    /** The CPUs a kernel CPU list names: "0-3,6" is five. */
    static int cpuCount(String cpuList) {
        int count = 0;
        for (String range : cpuList.strip().split(",")) {
            int dash = range.indexOf('-');
            count += dash < 0 ? 1
                    : Integer.parseInt(range.substring(dash + 1)) - Integer.parseInt(range.substring(0, dash)) + 1;
        }
        return count;
    }

    /** The cores of the machine this process runs on, whatever CPUs it is pinned to. */
    public static int machineCores() {
        return MACHINE_CORES;
    }

    /** The running kernel's boot id, the same for every process that shares this machine's cores; empty off Linux. */
    public static String machine() {
        return MACHINE;
    }

    /** The process's CPU time in ns, every thread's, the JVM's own included. */
    public static long cpuNanos() {
        return OS.getProcessCpuTime();
    }

    /**
     * The CPU time of the JVM's Java threads in ns: the stack's I/O and worker threads, the load's, the JVM's own Java
     * threads; without its JIT compiler threads, which the JVM hides from this count, and its collector's, which are
     * not Java threads. Their share is a fresh JVM's compiling and collecting, which varies from JVM to JVM far more
     * than a call's own work does. A thread that ended counts what it had used by the read before it ended, so the
     * figure never falls; -1 where the JVM cannot read threads' CPU time.
     */
    public static synchronized long threadsCpuNanos() {
        if (!THREADS.isThreadCpuTimeSupported() || !THREADS.isThreadCpuTimeEnabled()) {
            return -1;
        }
        long[] ids = THREADS.getAllThreadIds();
        long[] times = THREADS.getThreadCpuTime(ids);
        Map<Long, Long> live = new HashMap<>();
        long total = 0;
        for (int i = 0; i < ids.length; i++) {
            // -1: the thread ended between the two calls; it counts as ended, below
            if (times[i] >= 0) {
                live.put(ids[i], times[i]);
                total += times[i];
            }
        }
        THREAD_CPU.forEach((id, time) -> {
            if (!live.containsKey(id)) {
                endedThreadsCpuNanos += time;
            }
        });
        THREAD_CPU.clear();
        THREAD_CPU.putAll(live);
        return endedThreadsCpuNanos + total;
    }

    /**
     * Bytes allocated on the heap by every thread since the JVM started, ended threads included (JDK 14+); -1 where
     * the JVM does not count them.
     */
    public static long allocatedBytes() {
        return THREADS.isThreadAllocatedMemorySupported() && THREADS.isThreadAllocatedMemoryEnabled()
                ? THREADS.getTotalThreadAllocatedBytes() : -1;
    }
}
