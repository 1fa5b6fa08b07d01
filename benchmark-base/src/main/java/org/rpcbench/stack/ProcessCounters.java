package org.rpcbench.stack;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

import com.sun.management.OperatingSystemMXBean;
import com.sun.management.ThreadMXBean;

/** What this JVM has spent so far, as its own management beans count it: the same on a client and a server. */
public final class ProcessCounters {

    private static final OperatingSystemMXBean OS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** Processes on one kernel share its cores, network namespaces and containers included. */
    private static final String MACHINE = readMachine();

    private ProcessCounters() {
    }

    private static String readMachine() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).strip();
        } catch (IOException | RuntimeException e) {
            return "";
        }
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
     * Bytes allocated on the heap by every thread since the JVM started, ended threads included (JDK 14+); -1 where
     * the JVM does not count them.
     */
    public static long allocatedBytes() {
        return THREADS.isThreadAllocatedMemorySupported() && THREADS.isThreadAllocatedMemoryEnabled()
                ? THREADS.getTotalThreadAllocatedBytes() : -1;
    }
}
