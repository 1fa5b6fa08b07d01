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
    private static final int MACHINE_CORES = readMachineCores();

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
     * Bytes allocated on the heap by every thread since the JVM started, ended threads included (JDK 14+); -1 where
     * the JVM does not count them.
     */
    public static long allocatedBytes() {
        return THREADS.isThreadAllocatedMemorySupported() && THREADS.isThreadAllocatedMemoryEnabled()
                ? THREADS.getTotalThreadAllocatedBytes() : -1;
    }
}
