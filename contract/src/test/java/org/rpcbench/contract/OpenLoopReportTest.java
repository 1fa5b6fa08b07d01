package org.rpcbench.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class OpenLoopReportTest {

    /** A sweep step of getUser at this rate, answered at it, with this p99 in ms. */
    private static OpenLoopReport.CallResult step(double rate, double p99) {
        OpenLoopReport.Latency time = new OpenLoopReport.Latency(1000, p99 / 2, p99 / 3, p99 / 2, p99, p99, p99, p99);
        return new OpenLoopReport.CallResult("getUser", rate, null, 1000, 1000, 0, 1000, 0, 0, rate, time, time, 4, 0,
                null, null, null, null, null, null, null, 0, null);
    }

    /** A fixed rate's getUser, every call due answered in the window, whose seconds read these means (ms). */
    private static OpenLoopReport.CallResult seconds(String rateNotKept, Double... secondMeans) {
        return warmedDropping(0, rateNotKept, secondMeans);
    }

    /** A window at 1,000 calls/s whose warmup ended {@code warmupDropped} calls behind, dropped as it began. */
    private static OpenLoopReport.CallResult warmedDropping(long warmupDropped, String rateNotKept,
            Double... secondMeans) {
        OpenLoopReport.Latency time = new OpenLoopReport.Latency(1000, 1, 1, 1, 1, 1, 1, 1);
        return new OpenLoopReport.CallResult("getUser", 1000, null, 1000, 1000, 0, 1000, 0, 0, 1000, time, time, 4, 0,
                null, null, rateNotKept, null, null, null, List.of(secondMeans), warmupDropped, null);
    }

    private static OpenLoopReport sweep(OpenLoopReport.CallResult... steps) {
        return new OpenLoopReport(1, null, List.of(25, 50, 75), OpenLoopReport.Slo.parse("p99=5ms"),
                OpenLoopReport.FIXED, 10, 10, 4, List.of(steps));
    }

    @Test
    void theCapacityUnderABoundIsTheHighestRateBelowTheFirstStepThatBrokeIt() {
        assertEquals(3000.0, sweep(step(1000, 1), step(2000, 2), step(3000, 4)).capacityUnderSlo("getUser"));
        // 2,000 calls/s broke the bound; 3,000 keeping it after that is luck, not capacity
        assertEquals(1000.0, sweep(step(1000, 1), step(2000, 9), step(3000, 4)).capacityUnderSlo("getUser"));
        assertNull(sweep(step(1000, 6), step(2000, 2)).capacityUnderSlo("getUser"));
        // in whatever order the steps ran, the rates asked order them
        assertEquals(1000.0, sweep(step(3000, 4), step(2000, 9), step(1000, 1)).capacityUnderSlo("getUser"));
    }

    @Test
    void aWindowFellBehindWhenItsRateWasNotKeptOrItBeganWithABacklog() {
        assertFalse(seconds(null, 0.9, 1.1, 0.8).fellBehind());
        assertFalse(seconds(null).fellBehind(), "a file from before the seconds were kept");
        assertFalse(seconds(null, 190.0, 2.0).fellBehind(), "a slow first second, no backlog");
        // calls due in the warmup sent seconds late, all answered within the window
        assertTrue(seconds(null, 5600.0, 3100.0, 900.0, 1.0).fellBehind());
        assertTrue(seconds("28 of the 76,000 calls due in the window were never sent", 1.0).fellBehind());
    }

    @Test
    void aWindowFellBehindWhenItsWarmupEndedAQuarterSecondOfCallsBehind() {
        // as aa-td-481's sixth trial: a warmup 4 s behind, its window's first second under 300 ms, the rate kept
        assertTrue(warmedDropping(4_160, null, 267.2, 1.0).fellBehind());
        assertTrue(warmedDropping(250, null, 1.0).fellBehind());
        assertFalse(warmedDropping(249, null, 1.0).fellBehind());
        assertFalse(warmedDropping(74, null, 1.0).fellBehind(), "the most a warmup dropped without a stall");
    }
}
