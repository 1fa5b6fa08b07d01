package org.rpcbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.results.Fixtures;

class CompareTest {

    private static String row(String markdown, String pair, String call, String mode) {
        String prefix = "| " + pair + " | " + call + " | " + mode + " |";
        List<String> rows = markdown.lines().filter(line -> line.startsWith(prefix)).toList();
        assertEquals(1, rows.size(), "one row for " + prefix + " in\n" + markdown);
        return rows.get(0);
    }

    @Test
    void runDirectoriesGiveEachVerdictAndFailTheGate() {
        ReportTool.Result result = ReportTool.cli("compare", Fixtures.arg("baseline"), Fixtures.arg("candidate"));

        assertEquals(1, result.exitCode(), result.err());
        String md = result.out();
        assertTrue(row(md, "dubbo-kryo", "getUser (32 threads)", "thrpt")
                .endsWith("| 20,000 ± 500 calls/s | 15,000 ± 500 calls/s | -25.0% | **regression**"
                        + " (beyond noise ±1,000 calls/s) |"), md);
        assertTrue(row(md, "dubbo-kryo", "listUser (32 threads)", "thrpt")
                .contains("| -10.0% | within noise (inside the noise ±4,000 calls/s) |"), md);
        assertTrue(row(md, "dubbo-kryo", "existUser (32 threads)", "thrpt")
                .contains("| +20.0% | improvement (beyond noise ±600 calls/s) |"), md);
        assertTrue(row(md, "dubbo-kryo", "createUser (32 threads)", "thrpt").contains("| **only in baseline** |"), md);
        assertTrue(row(md, "dubbo-kryo", "assembleRandomNumbers (20 threads)", "thrpt")
                .contains("| only in candidate |"), md);
        assertTrue(row(md, "dubbo-kryo", "getUser (32 threads)", "avgt")
                .contains("| 1.500 ms | 1.520 ms | +1.3% | within noise (under the 5% threshold)"
                        + " (no noise estimate) |"),
                md);
        assertTrue(row(md, "dubbo-kryo", "getUser (32 threads)", "sample")
                .contains("| within noise (under the 5% threshold and inside the noise ±0.040 ms) |"), md);
        assertTrue(row(md, "dubbo-fst", "getUser (32 threads)", "thrpt")
                .contains("| **pair failed** (status failed: dubbo-fst-client exited 1: wire check failed:"), md);
        // lower is better in sample mode: 2.00 ms to 1.80 ms is an improvement
        assertTrue(row(md, "dubbo-hessianlite", "getUser (32 threads)", "sample")
                .contains("| -10.0% | improvement"), md);
        assertTrue(md.contains("1 regression, 3 improvements, 3 within noise, 2 unmatched, 2 pair failed;"
                + " threshold 5%"), md);
        assertTrue(md.strip().endsWith("**Gate: failed**"), md);
    }

    @Test
    void twoJmhFilesOfOnePairCompareWhateverTheirNames() {
        ReportTool.Result result = ReportTool.cli("compare", Fixtures.arg("baseline/dubbo-hessianlite.json"),
                Fixtures.arg("candidate/dubbo-hessianlite.json"));

        assertEquals(0, result.exitCode(), result.out() + result.err());
        assertTrue(result.out().contains("0 regressions, 2 improvements, 0 within noise, 0 unmatched"), result.out());
        assertTrue(result.out().contains("**Gate: passed**"), result.out());
    }

    @Test
    void thresholdOptionDecidesWhatCounts() {
        String baseline = Fixtures.arg("baseline/dubbo-kryo.json");
        String candidate = Fixtures.arg("candidate/dubbo-kryo.json");

        ReportTool.Result strict = ReportTool.cli("compare", baseline, candidate);
        assertEquals(1, strict.exitCode());
        assertTrue(strict.out().contains("-25.0% | **regression**"), strict.out());
        ReportTool.Result lenient = ReportTool.cli("compare", "--threshold", "30", baseline, candidate);
        assertTrue(lenient.out().contains("-25.0% | within noise (under the 30% threshold)"), lenient.out());
        assertTrue(lenient.out().contains("threshold 30%"), lenient.out());
        assertTrue(lenient.out().contains("0 regressions, 0 improvements, 5 within noise, 2 unmatched"), lenient.out());
        // the candidate lost createUser: no threshold passes that
        assertEquals(1, lenient.exitCode(), lenient.out());
    }

    @Test
    void whatTheCandidateLostFailsTheGateEvenWithNothingSlower(@TempDir Path directory) throws Exception {
        String baseline = costs(directory, "a", 40, 10000).toString();
        Path candidate = costs(directory, "b", 40, 10000);
        Files.writeString(candidate, Files.readString(candidate).replaceAll(
                "\\\"cost.server.cpu\\\": \\{[^}]*\\}, ", ""));

        ReportTool.Result result = ReportTool.cli("compare", baseline, candidate.toString());

        assertEquals(1, result.exitCode(), result.out());
        assertTrue(result.out().contains("| dubbo-kryo | getUser (4 threads) | server CPU (µs/call) | 40.0 ± 1.0 |  |"
                + "  | **only in baseline** (the candidate reported none) |"), result.out());
        assertTrue(result.out().contains("0 regressions, 0 improvements, 1 within noise, 1 only in baseline;"),
                result.out());
        assertTrue(result.out().strip().endsWith("**Gate: failed**"), result.out());
    }

    @Test
    void unitsAreNormalizedBeforeComparing() {
        ReportTool.Result result = ReportTool.cli("compare", Fixtures.arg("units/dubbo-kryo.json"),
                Fixtures.arg("units/dubbo-kryo-ms.json"));

        assertTrue(result.out().contains("| 2,500 ± 50 calls/s | 2,500 ± 50 calls/s | +0.0% | within noise"),
                result.out());
        // the candidate ran throughput only: its lost average-time and sample results fail the gate
        assertEquals(1, result.exitCode(), result.err());
        assertEquals(2, result.out().lines().filter(line -> line.endsWith("| **only in baseline** |")).count(),
                result.out());
    }

    /** One pair's JMH result of getUser in two modes, each with the same server CPU and client bytes per call. */
    private static Path costs(Path directory, String side, double serverCpu, double clientBytes) throws Exception {
        String result = "{\"benchmark\": \"org.rpcbench.client.UserServiceBenchmark.getUser\", \"mode\": \"%s\","
                + " \"threads\": 4, \"params\": {}, \"primaryMetric\": {\"score\": %s, \"scoreError\": 1,"
                + " \"scoreUnit\": \"%s\"}, \"secondaryMetrics\": {"
                + "\"cost.server.cpu\": {\"score\": %s, \"scoreError\": 1.0, \"scoreUnit\": \"us/op\"},"
                + " \"cost.client.alloc\": {\"score\": %s, \"scoreError\": 50, \"scoreUnit\": \"B/op\"},"
                + " \"cost.client.load\": {\"score\": 70, \"scoreError\": 50, \"scoreUnit\": \"%%\"}}}";
        Path file = directory.resolve(side + "/dubbo-kryo.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "[" + String.format(java.util.Locale.ROOT, result, "thrpt", 20000, "ops/s", serverCpu,
                clientBytes) + ", " + String.format(java.util.Locale.ROOT, result, "avgt", 0.2, "ms/op", serverCpu,
                clientBytes) + "]");
        return file;
    }

    @Test
    void aCallsCostIsGatedOncePerCallWithItsOwnThreshold(@TempDir Path directory) throws Exception {
        String baseline = costs(directory, "a", 40, 10000).toString();
        String candidate = costs(directory, "b", 48, 10150).toString();

        ReportTool.Result result = ReportTool.cli("compare", baseline, candidate);
        assertEquals(1, result.exitCode(), result.out() + result.err());
        String md = result.out();
        assertTrue(md.contains("| dubbo-kryo | getUser (4 threads) | server CPU (µs/call) | 40.0 ± 1.0 | 48.0 ± 1.0"
                + " | +20.0% | **regression** (beyond noise ±2.0 us/op) |"), md);
        assertTrue(md.contains("| dubbo-kryo | getUser (4 threads) | client alloc (B/call) | 10,000 ± 50 |"
                + " 10,150 ± 50 | +1.5% | within noise (under the 2% threshold) |"), md);
        assertEquals(2, md.lines().filter(line -> line.contains("(µs/call)") || line.contains("(B/call)")).count(),
                "one line per cost and call, whatever the modes; the load is not gated: " + md);
        assertTrue(md.contains("1 regression, 0 improvements, 1 within noise, 0 only in baseline; thresholds: CPU 10%,"
                + " bytes allocated 2%"), md);
        assertTrue(md.strip().endsWith("**Gate: failed**"), md);

        ReportTool.Result lenient = ReportTool.cli("compare", "--cpu-threshold", "25", "--alloc-threshold", "1",
                baseline, candidate);
        assertEquals(1, lenient.exitCode(), lenient.out());
        assertTrue(lenient.out().contains("| +20.0% | within noise (under the 25% threshold) |"), lenient.out());
        assertTrue(lenient.out().contains("| +1.5% | **regression** (beyond noise ±100 B/op) |"), lenient.out());
        assertEquals(0, ReportTool.cli("compare", "--cpu-threshold", "25", baseline, candidate).exitCode());
    }

    @Test
    void outOptionWritesTheSameMarkdown(@TempDir Path directory) throws Exception {
        Path file = directory.resolve("gate/compare.md");
        ReportTool.Result result = ReportTool.cli("compare", "--out", file.toString(), Fixtures.arg("baseline"),
                Fixtures.arg("candidate"));

        assertEquals(1, result.exitCode());
        assertEquals(result.out(), Files.readString(file, StandardCharsets.UTF_8));
    }

    @Test
    void unusableInputExitsTwoWithAMessage(@TempDir Path directory) {
        assertUnusable("no such file or directory", Fixtures.arg("baseline"), directory.resolve("absent").toString());
        assertUnusable("is not readable JSON", Fixtures.arg("broken/dubbo-kryo.json"),
                Fixtures.arg("baseline/dubbo-kryo.json"));
        assertUnusable("has no benchmark result: dubbo-kryo failed: dubbo-kryo-server did not start",
                Fixtures.arg("baseline"), Fixtures.arg("all-failed"));
        assertUnusable("no benchmark in common", Fixtures.arg("baseline/dubbo-kryo.json"),
                Fixtures.arg("sweep/dubbo-kryo.json"));
        assertUnusable("has no run.json", Fixtures.arg("baseline"), directory.toString());
    }

    private static void assertUnusable(String message, String baseline, String candidate) {
        ReportTool.Result result = ReportTool.cli("compare", baseline, candidate);
        assertEquals(2, result.exitCode(), result.out());
        assertTrue(result.err().startsWith("error: ") && result.err().contains(message), result.err());
        assertEquals("", result.out());
    }

    @Test
    void badOptionsExitTwo() {
        String baseline = Fixtures.arg("baseline");
        for (List<String> args : List.<List<String>>of(List.of("compare", "--threshold", "abc", baseline, baseline),
                List.of("compare", "--threshold", "-1", baseline, baseline),
                List.of("compare", "--cpu-threshold", "-1", baseline, baseline),
                List.of("compare", "--alloc-threshold", "NaN", baseline, baseline),
                List.of("compare", "--bogus", baseline, baseline),
                List.of("compare", baseline),
                List.of("compare", baseline, baseline, baseline),
                List.of("report"),
                List.of("frobnicate"),
                List.of())) {
            ReportTool.Result result = ReportTool.cli(args.toArray(String[]::new));
            assertEquals(2, result.exitCode(), args.toString());
            assertTrue(result.err().startsWith("error: "), args + ": " + result.err());
        }
    }

    @Test
    void helpPrintsUsage() {
        ReportTool.Result result = ReportTool.cli("--help");
        assertEquals(0, result.exitCode());
        assertTrue(result.out().contains("report") && result.out().contains("compare"), result.out());
        ReportTool.Result compare = ReportTool.cli("compare", "--help");
        assertEquals(0, compare.exitCode());
        assertTrue(compare.out().contains("[--threshold=PERCENT]") && compare.out().contains("<baseline>")
                        && compare.out().contains("<candidate>"),
                compare.out());
    }
}
