package org.rpcbench.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
