package org.rpcbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The table a client prints, with and without a seed report's figures beside it. */
class PairTableTest {

    @Test
    void seedFiguresFillTheirRowsOnlyAndTheSourceIsNamedUnderTheTable() throws IOException {
        String json = Files.readString(Fixtures.path("payloads/dubbo-kryo.json"));
        SeedFigures seed = new SeedFigures("seed 004, a test table", List.of(new SeedFigures.Row("its table",
                List.of(), null, Map.of(SeedFigures.key("1k", 8), new SeedFigures.Figure(19968.0, 0.5),
                        SeedFigures.key("empty", 8), new SeedFigures.Figure(39181.0, null)))));

        String md = PairTable.markdown(json, seed, "dubbo-kryo");

        assertTrue(md.startsWith("| call | payload | threads | TPS (calls/s) | avg (ms) | p50 (ms) | p99 (ms) |"
                + " p99.9 (ms) | seed TPS (calls/s) | seed avg (ms) |\n"), md);
        assertTrue(md.lines().anyMatch(line -> line.startsWith("| echo | 1k | 8 |")
                && line.endsWith("| 19,968 | 0.500 |")), md);
        assertTrue(md.lines().anyMatch(line -> line.startsWith("| echo | empty | 8 |")
                && line.endsWith("| 39,181 |  |")), md);
        assertTrue(md.lines().anyMatch(line -> line.startsWith("| echo | 1k | 1 |") && line.endsWith("|  |  |")),
                md);
        assertTrue(md.endsWith("\nseed figures: seed 004, a test table, row its table; another machine, JVM and"
                + " version: compare the shape, not the ratio\n"), md);
    }

    @Test
    void aPairGetsTheSeedRowItStandsForAndOtherwiseTheSeedsReferenceRow() throws IOException {
        String json = Files.readString(Fixtures.path("payloads/dubbo-kryo.json"));
        SeedFigures dubbox = SeedFigures.ofPreset("dubbox").orElseThrow();

        String kryo = PairTable.markdown(json, dubbox, "dubbo-kryo");
        String fastjson2 = PairTable.markdown(json, dubbox, "dubbo-fastjson2");

        // seed 001 gives averages only, at one thread: no TPS column
        assertTrue(kryo.startsWith("| call | payload | threads | TPS (calls/s) | avg (ms) | p50 (ms) | p99 (ms) |"
                + " p99.9 (ms) | seed avg (ms) |\n"), kryo);
        assertTrue(kryo.lines().anyMatch(line -> line.startsWith("| echo | 1m | 1 |") && line.endsWith("| 33.501 |")),
                kryo);
        assertTrue(kryo.contains("row E: dubbo, netty, kryo; "), kryo);
        assertTrue(fastjson2.lines().anyMatch(line -> line.startsWith("| echo | 1m | 1 |")
                && line.endsWith("| 47.691 |")), fastjson2);
        assertTrue(fastjson2.contains("row A: dubbo, netty, hessian2; "), fastjson2);
    }

    @Test
    void withoutSeedFiguresTheTableIsThePlainOne() throws IOException {
        String json = Files.readString(Fixtures.path("payloads/dubbo-kryo.json"));
        assertEquals(PairTable.markdown(json), PairTable.markdown(json, null, "dubbo-kryo"));
        assertTrue(PairTable.markdown(json).startsWith("| call | payload | threads | TPS (calls/s) | avg (ms) |"
                + " p50 (ms) | p99 (ms) | p99.9 (ms) |\n"));
    }

    @Test
    void withJmhsGcProfilerTheClientsBytesPerCallAreAColumn() {
        String json = "[{\"benchmark\": \"org.rpcbench.client.UserServiceBenchmark.getUser\", \"mode\": \"thrpt\","
                + " \"threads\": 4, \"params\": {}, \"primaryMetric\": {\"score\": 20000, \"scoreError\": 500,"
                + " \"scoreUnit\": \"ops/s\"}, \"secondaryMetrics\": {\"gc.alloc.rate.norm\": {\"score\": 1234.4,"
                + " \"scoreUnit\": \"B/op\"}}}]";
        String md = PairTable.markdown(json);
        assertTrue(md.startsWith("| call | payload | threads | TPS (calls/s) | avg (ms) | p50 (ms) | p99 (ms) |"
                + " p99.9 (ms) | client alloc (B/call) |\n"), md);
        assertTrue(md.contains("| getUser |  | 4 | 20,000 ± 500 |  |  |  |  | 1,234 |"), md);
    }

    /** A throughput result of {@code call} at 32 threads: its primary metric's and secondary metrics' fields. */
    private static String throughput(String call, String primaryMetric, String secondaryMetrics) {
        return "{\"benchmark\": \"org.rpcbench.client.UserServiceBenchmark." + call + "\", \"mode\": \"thrpt\","
                + " \"threads\": 32, \"params\": {}, \"primaryMetric\": {" + primaryMetric + "},"
                + " \"secondaryMetrics\": {" + secondaryMetrics + "}}";
    }

    private static String loads(String call, double client, double server, Double machine) {
        return throughput(call, "\"score\": 20000, \"scoreUnit\": \"ops/s\"",
                "\"cost.client.load\": {\"score\": " + client + "}, \"cost.server.load\": {\"score\": " + server
                        + "}" + (machine == null ? "" : ", \"cost.machine.load\": {\"score\": " + machine + "}"));
    }

    @Test
    void aClientThatTookTheCoresMarksItsRowsAsTheHarnesssFigures() {
        String md = PairTable.markdown("[" + String.join(", ",
                loads("getUser", 48, 40, 88.0),     // shared cores, nearly all used, the client the larger share
                loads("listUser", 40, 48, 88.0),    // the server the larger share: the stack's figure
                loads("existUser", 93, 30, null),   // a saturated client on its own machine
                loads("createUser", 60, 30, null))  // apart, neither saturated
                + "]");
        assertTrue(md.contains("| getUser |  | 32 | 20,000 ‡ |"), md);
        assertTrue(md.contains("| listUser |  | 32 | 20,000 |"), md);
        assertTrue(md.contains("| existUser |  | 32 | 20,000 ‡ |"), md);
        assertTrue(md.contains("| createUser |  | 32 | 20,000 |"), md);
        assertTrue(md.contains("‡ harness-bound, the figure is the load generator's as much as the stack's:"
                + " getUser (32 threads): client and server used 88% of the cores they share, the client 48%, the"
                + " server 40%; existUser (32 threads): the client used 93% of its cores. To measure the stack"
                + " rather than the load generator, run the client on another host (docs/two-hosts.md), or with"
                + " fewer threads (--threads) where the question allows."), md);
    }

    private static String iterations(String call, String... forks) {
        return throughput(call,
                "\"score\": 20, \"scoreUnit\": \"ops/ms\", \"rawData\": [" + String.join(", ", forks) + "]", "");
    }

    @Test
    void aForkWhoseThroughputStillRoseThroughItsMeasuredIterationsIsMarkedNotSettled() {
        String md = PairTable.markdown("[" + String.join(", ",
                // the JIT's climb: a steady rise far beyond the iterations' spread
                iterations("getUser", "[20, 21, 20, 21, 20, 21]", "[15, 16, 17, 21, 22, 23]"),
                // noise about one level, the same size as that climb's halves apart
                iterations("listUser", "[17, 23, 18, 22, 23, 17]"),
                // a fall is the machine's, not a climb
                iterations("existUser", "[24, 25, 24, 18, 19, 18]"),
                // too few iterations to tell
                iterations("createUser", "[10, 20, 30]"))
                + "]");
        assertTrue(md.contains("| getUser |  | 32 | 20,000 † |"), md);
        assertTrue(md.contains("| listUser |  | 32 | 20,000 |"), md);
        assertTrue(md.contains("| existUser |  | 32 | 20,000 |"), md);
        assertTrue(md.contains("| createUser |  | 32 | 20,000 |"), md);
        assertTrue(md.contains("† not settled, the throughput still rose through the measured iterations: getUser"
                + " (32 threads): fork 2's second half 38% above its first (p = 0.002)"), md);
        assertTrue(md.contains("Warm each fork longer (--warmupIterations, --warmupTime)."), md);
    }

    @Test
    void theHarnessBoundRowsAreSummedUpOnceWithTheRangeOfTheirLoads() {
        String md = PairTable.markdown("[" + String.join(", ",
                loads("getUser", 57.2, 41, 99.0),
                loads("listUser", 71, 28.4, 100.0),
                loads("existUser", 65, 34, 99.4))
                + "]");
        assertTrue(md.contains("‡ harness-bound, the figure is the load generator's as much as the stack's:"
                + " getUser (32 threads), listUser (32 threads), existUser (32 threads): client and server used"
                + " 99-100% of the cores they share, the client 57-71%, the server 28-41%. To measure"), md);
        assertEquals(1, md.split("harness-bound", -1).length - 1, md);
    }

    @Test
    void theCostsTheClientMeasuredAreColumnsItsOwnAllocationCountFirst() {
        String json = "[{\"benchmark\": \"org.rpcbench.client.UserServiceBenchmark.getUser\", \"mode\": \"thrpt\","
                + " \"threads\": 4, \"params\": {}, \"primaryMetric\": {\"score\": 20000, \"scoreError\": 500,"
                + " \"scoreUnit\": \"ops/s\"}, \"secondaryMetrics\": {\"gc.alloc.rate.norm\": {\"score\": 1234.4,"
                + " \"scoreUnit\": \"B/op\"}, \"cost.client.alloc\": {\"score\": 1240.2, \"scoreUnit\": \"B/op\"},"
                + " \"cost.client.cpu\": {\"score\": 151.26, \"scoreUnit\": \"us/op\"},"
                + " \"cost.server.cpu\": {\"score\": 40.04, \"scoreUnit\": \"us/op\"},"
                + " \"cost.server.alloc\": {\"score\": 15122.0, \"scoreUnit\": \"B/op\"}}}]";
        String md = PairTable.markdown(json);
        assertTrue(md.startsWith("| call | payload | threads | TPS (calls/s) | avg (ms) | p50 (ms) | p99 (ms) |"
                + " p99.9 (ms) | client CPU (µs/call) | server CPU (µs/call) | client alloc (B/call) |"
                + " server alloc (B/call) |\n"), md);
        assertTrue(md.contains("| getUser |  | 4 | 20,000 ± 500 |  |  |  |  | 151.3 | 40.0 | 1,240 | 15,122 |"), md);
    }
}
