package org.rpcbench.runner.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.AbRecord;
import org.rpcbench.contract.OpenLoopReport;
import org.rpcbench.contract.RunRecord;

class CapacityProbeTest {

    @TempDir
    Path run;

    @Test
    void theRateIsTheShareOfTheLowestCapacityOfAnyCallOfAnyPairRoundedDown() {
        write(pair("dubbo-a", RunRecord.Pair.PASSED, call("getUser", 30_000), call("listUser", 12_345)),
                pair("dubbo-b", RunRecord.Pair.PASSED, call("getUser", 25_000)));

        AbRecord.RateProbe probe = CapacityProbe.rate(run, 50);

        assertEquals(new AbRecord.RateProbe(CapacityProbe.RUN, "listUser", 12_345, 50, 6_100), probe,
                "half of 12,345 is 6,172.5: two significant digits, down");
        assertEquals("6100", CapacityProbe.format(probe.rate()));
    }

    @Test
    void aPairThatFailedInTheProbeIsNamedWithItsCause() {
        write(pair("dubbo-a", RunRecord.Pair.PASSED, call("getUser", 30_000)),
                pair("dubbo-b", RunRecord.Pair.FAILED, "getUser: a call failed in the closed loop"));

        IllegalStateException failed = assertThrows(IllegalStateException.class, () -> CapacityProbe.rate(run, 50));

        assertEquals("dubbo-b failed in the probe: getUser: a call failed in the closed loop", failed.getMessage());
    }

    @Test
    void theProbeTakesTheUsersOptionsOverItsOwnLength() {
        assertEquals(List.of("--duration", "3", "--calls", "getUser", "--warmup", "1"),
                CapacityProbe.clientArgs(List.of("--calls", "getUser", "--warmup", "1")));
        assertTrue(CapacityProbe.clientArgs(List.of()).containsAll(List.of("--warmup", "5", "--duration", "3")));
    }

    private void write(RunRecord.Pair... pairs) {
        new RunRecord("probe", "quick", "user", List.of(), List.of("run-all"), "start", "end", null, List.of(pairs))
                .write(run);
    }

    private static RunRecord.Pair pair(String name, String status, OpenLoopReport.CallResult... calls) {
        return pair(name, status, null, calls);
    }

    private static RunRecord.Pair pair(String name, String status, String message,
            OpenLoopReport.CallResult... calls) {
        OpenLoopReport report = new OpenLoopReport(0, null, List.of(50), null, OpenLoopReport.FIXED, 5_000, 5_000,
                32, List.of(calls));
        return new RunRecord.Pair(name, "dubbo", "dubbo", "kryo", status, message, null, "start", "end", 1.0, "1x1",
                null, List.of(), List.of(new RunRecord.Consumer("client.json", "client.out", 0, List.of(), null,
                        report, null)), List.of(), List.of());
    }

    private static RunRecord.Pair pair(String name, String status, String message) {
        return new RunRecord.Pair(name, "dubbo", "dubbo", "kryo", status, message, null, "start", "end", 1.0, "1x1",
                null, List.of(), List.of(), List.of(), List.of());
    }

    private static OpenLoopReport.CallResult call(String name, double capacity) {
        OpenLoopReport.Latency none = new OpenLoopReport.Latency(0, 0, 0, 0, 0, 0, 0, 0);
        return new OpenLoopReport.CallResult(name, capacity / 2, new OpenLoopReport.ClosedLoop(capacity, none), 0, 0,
                0, 0, 0, 0, 0, none, none, 0, 0, null, null, null, null, null, null, null, 0, null);
    }
}
