package org.rpcbench.client.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.ScalarResult;
import org.rpcbench.contract.CallCost;
import org.rpcbench.contract.MeasuredWindow;
import org.rpcbench.stack.ServerSample;

class CallCostProfilerTest {

    private static final long SECOND = 1_000_000_000L;

    /** A provider whose Java threads used nine tenths of its process's CPU. */
    private static ServerSample server(long cpuNanos, long allocatedBytes, long nanoTime) {
        return new ServerSample(cpuNanos, cpuNanos / 10 * 9, allocatedBytes, nanoTime, 2, "elsewhere", Map.of());
    }

    private static Map<String, Double> byLabel(List<ScalarResult> results) {
        Map<String, Double> values = new TreeMap<>();
        results.forEach(result -> values.put(result.getLabel(), result.getScore()));
        return values;
    }

    @Test
    void clientCostsArePerOperationServerCostsPerCallTheProvidersServed() {
        // two providers over one second: 1,000 operations by this client, 3,000 calls served (another client too)
        CallCostProfiler.Spent start = new CallCostProfiler.Spent(5 * SECOND, 4 * SECOND, 1_000_000, 0, 0, 2, 2,
                "here",
                Map.of("a:1", server(SECOND, 0, 0), "b:1", server(SECOND, 0, 7 * SECOND)),
                Map.of("a:1", 100L, "b:1", 0L));
        CallCostProfiler.Spent end = new CallCostProfiler.Spent(6 * SECOND, 4 * SECOND + SECOND / 2, 11_000_000,
                SECOND, 0, 2, 2, "here",
                Map.of("a:1", server(SECOND + SECOND / 2, 6_000_000, SECOND),
                        "b:1", server(SECOND + SECOND / 2, 3_000_000, 8 * SECOND)),
                Map.of("a:1", 2100L, "b:1", 1000L));

        Map<String, Double> costs = byLabel(CallCostProfiler.costs(start, end, 1000));

        assertEquals(1000.0, costs.get(CallCost.CLIENT_CPU.label()), 1e-9);
        assertEquals(500.0, costs.get(CallCost.CLIENT_THREADS_CPU.label()), 1e-9);
        assertEquals(10_000.0, costs.get(CallCost.CLIENT_ALLOCATION.label()), 1e-9);
        assertEquals(50.0, costs.get(CallCost.CLIENT_LOAD.label()), 1e-9);
        assertEquals(1e6 / 3000, costs.get(CallCost.SERVER_CPU.label()), 1e-9);
        assertEquals(0.9e6 / 3000, costs.get(CallCost.SERVER_THREADS_CPU.label()), 1e-9);
        assertEquals(3000.0, costs.get(CallCost.SERVER_ALLOCATION.label()), 1e-9);
        assertEquals(25.0, costs.get(CallCost.SERVER_LOAD.label()), 1e-9);
        assertEquals(null, costs.get(CallCost.MACHINE_LOAD.label()), "the providers run elsewhere");
    }

    @Test
    void onTheCoresClientAndServerShareTheMachinesLoadIsBothTogether() {
        CallCostProfiler.Spent start = new CallCostProfiler.Spent(0, 0, 0, 0, 0, 2, 2, "here",
                Map.of("a:1", new ServerSample(0, 0, 0, 0, 2, "here", Map.of())), Map.of("a:1", 0L));
        CallCostProfiler.Spent end = new CallCostProfiler.Spent(SECOND, 0, 0, SECOND, 0, 2, 2, "here",
                Map.of("a:1", new ServerSample(SECOND / 2, 0, 0, SECOND, 2, "here", Map.of())),
                Map.of("a:1", 100L));

        Map<String, Double> costs = byLabel(CallCostProfiler.costs(start, end, 100));

        assertEquals(50.0, costs.get(CallCost.CLIENT_LOAD.label()), 1e-9);
        assertEquals(25.0, costs.get(CallCost.SERVER_LOAD.label()), 1e-9);
        assertEquals(75.0, costs.get(CallCost.MACHINE_LOAD.label()), 1e-9);
    }

    @Test
    void pinnedToACoreEachTheMachinesLoadIsOverTheMachinesCores() {
        // --client-cpus 0 --server-cpus 1 on two cores: each JVM sees one processor, each kept its core busy
        CallCostProfiler.Spent start = new CallCostProfiler.Spent(0, 0, 0, 0, 0, 1, 2, "here",
                Map.of("a:1", new ServerSample(0, 0, 0, 0, 1, "here", Map.of())), Map.of("a:1", 0L));
        CallCostProfiler.Spent end = new CallCostProfiler.Spent(SECOND, 0, 0, SECOND, 0, 1, 2, "here",
                Map.of("a:1", new ServerSample(SECOND, 0, 0, SECOND, 1, "here", Map.of())), Map.of("a:1", 100L));

        Map<String, Double> costs = byLabel(CallCostProfiler.costs(start, end, 100));

        assertEquals(100.0, costs.get(CallCost.CLIENT_LOAD.label()), 1e-9);
        assertEquals(100.0, costs.get(CallCost.SERVER_LOAD.label()), 1e-9);
        assertEquals(100.0, costs.get(CallCost.MACHINE_LOAD.label()), 1e-9);
    }

    @Test
    void whatCannotBeCountedIsLeftOutRatherThanGuessed() {
        CallCostProfiler.Spent start = new CallCostProfiler.Spent(0, -1, -1, 0, 1_800_000_000_250L, 2, 2, "here",
                Map.of("a:1", server(0, -1, 0)), Map.of("a:1", 10L));
        CallCostProfiler.Spent end = new CallCostProfiler.Spent(SECOND, -1, -1, SECOND, 1_800_000_001_250L, 2, 2,
                "here", Map.of("a:1", server(SECOND, -1, SECOND)), Map.of("a:1", 10L));

        Map<String, Double> costs = byLabel(CallCostProfiler.costs(start, end, 0));

        // no operations, no bytes or threads' CPU counted, no calls served: only the loads and the window remain
        assertEquals(Map.of(CallCost.CLIENT_LOAD.label(), 50.0, CallCost.SERVER_LOAD.label(), 50.0,
                MeasuredWindow.START, 1_800_000_000.25, MeasuredWindow.END, 1_800_000_001.25), costs);
    }
}
