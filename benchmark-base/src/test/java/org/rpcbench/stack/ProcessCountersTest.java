package org.rpcbench.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;

class ProcessCountersTest {

    @Test
    void aKernelCpuListCountsItsRangesAndSingles() {
        assertEquals(1, ProcessCounters.cpuCount("0\n"));
        assertEquals(2, ProcessCounters.cpuCount("0-1\n"));
        assertEquals(5, ProcessCounters.cpuCount("0-3,6"));
    }

    @Test
    void theMachineHasAtLeastTheCoresThisJvmMayUse() {
        assertTrue(ProcessCounters.machineCores() >= Runtime.getRuntime().availableProcessors());
    }

    @Test
    void theJavaThreadsCpuKeepsWhatAThreadThatEndedHadUsed() throws InterruptedException {
        CountDownLatch burnt = new CountDownLatch(1);
        CountDownLatch end = new CountDownLatch(1);
        Thread burner = new Thread(() -> {
            // 100 ms of this thread's own CPU, however busy the machine (bounded: 10 s of wall time)
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long until = System.nanoTime() + 10_000_000_000L;
            long spin = 0;
            while (threads.getCurrentThreadCpuTime() < 100_000_000 && System.nanoTime() < until) {
                spin++;
            }
            burnt.countDown();
            try {
                end.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (spin < 0) {
                throw new AssertionError();
            }
        });
        long before = ProcessCounters.threadsCpuNanos();
        burner.start();
        burnt.await();
        long whileAlive = ProcessCounters.threadsCpuNanos();
        end.countDown();
        burner.join();
        long afterItEnded = ProcessCounters.threadsCpuNanos();

        assertTrue(whileAlive - before >= 100_000_000, "the burner's 100 ms counted: " + (whileAlive - before));
        assertTrue(afterItEnded >= whileAlive, "an ended thread's CPU stays counted: " + whileAlive + " then "
                + afterItEnded);
        assertTrue(afterItEnded <= ProcessCounters.cpuNanos(), "the Java threads are part of the process");
    }
}
