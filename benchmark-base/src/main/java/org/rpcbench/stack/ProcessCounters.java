package org.rpcbench.stack;

import java.lang.management.ManagementFactory;

import com.sun.management.OperatingSystemMXBean;
import com.sun.management.ThreadMXBean;

/** What this JVM has spent so far, as its own management beans count it: the same on a client and a server. */
public final class ProcessCounters {

    private static final OperatingSystemMXBean OS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

    private ProcessCounters() {
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
