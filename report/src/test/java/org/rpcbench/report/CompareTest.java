package org.rpcbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareTest {

    private static String row(String markdown, String pair, String call, String mode) {
        String prefix = "| " + pair + " | " + call + " | " + mode + " |";
        List<String> rows = markdown.lines().filter(line -> line.startsWith(prefix)).toList();
        assertEquals(1, rows.size(), "one row for " + prefix + " in\n" + markdown);
        return rows.get(0);
    }

    @Test
    void runDirectoriesGiveEachVerdictAndFailTheGate() {
        Fixtures.Result result = Fixtures.cli("compare", Fixtures.arg("baseline"), Fixtures.arg("candidate"));

        assertEquals(1, result.exitCode(), result.err());
        String md = result.out();
        assertTrue(row(md, "dubbo-kryo", "getUser (32 threads)", "thrpt")
                .endsWith("| 20,000 ± 500 calls/s | 15,000 ± 500 calls/s | -25.0% | **regression**"
                        + " (beyond noise ±1,000 calls/s) |"), md);
        assertTrue(row(md, "dubbo-kryo", "listUser (32 threads)", "thrpt")
                .contains("| -10.0% | within noise (inside the noise ±4,000 calls/s) |"), md);
        assertTrue(row(md, "dubbo-kryo", "existUser (32 threads)", "thrpt")
                .contains("| +20.0% | improvement (beyond noise ±600 calls/s) |"), md);
        assertTrue(row(md, "dubbo-kryo", "createUser (32 threads)", "thrpt").contains("| only in baseline |"), md);
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
        Fixtures.Result result = Fixtures.cli("compare", Fixtures.arg("baseline/dubbo-hessianlite.json"),
                Fixtures.arg("candidate/dubbo-hessianlite.json"));

        assertEquals(0, result.exitCode(), result.out() + result.err());
        assertTrue(result.out().contains("0 regressions, 2 improvements, 0 within noise, 0 unmatched"), result.out());
        assertTrue(result.out().contains("**Gate: passed**"), result.out());
    }

    @Test
    void thresholdOptionDecidesWhatCounts() {
        String baseline = Fixtures.arg("baseline/dubbo-kryo.json");
        String candidate = Fixtures.arg("candidate/dubbo-kryo.json");

        assertEquals(1, Fixtures.cli("compare", baseline, candidate).exitCode());
        Fixtures.Result lenient = Fixtures.cli("compare", "--threshold", "30", baseline, candidate);
        assertEquals(0, lenient.exitCode(), lenient.out());
        assertTrue(lenient.out().contains("-25.0% | within noise (under the 30% threshold)"), lenient.out());
        assertTrue(lenient.out().contains("threshold 30%"), lenient.out());
    }

    @Test
    void unitsAreNormalizedBeforeComparing() {
        Fixtures.Result result = Fixtures.cli("compare", Fixtures.arg("units/dubbo-kryo.json"),
                Fixtures.arg("units/dubbo-kryo-ms.json"));

        assertEquals(0, result.exitCode(), result.err());
        assertTrue(result.out().contains("| 2,500 ± 50 calls/s | 2,500 ± 50 calls/s | +0.0% | within noise"),
                result.out());
    }

    @Test
    void outOptionWritesTheSameMarkdown(@TempDir Path directory) throws Exception {
        Path file = directory.resolve("gate/compare.md");
        Fixtures.Result result = Fixtures.cli("compare", "--out", file.toString(), Fixtures.arg("baseline"),
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
        Fixtures.Result result = Fixtures.cli("compare", baseline, candidate);
        assertEquals(2, result.exitCode(), result.out());
        assertTrue(result.err().startsWith("error: ") && result.err().contains(message), result.err());
        assertEquals("", result.out());
    }

    @Test
    void badOptionsExitTwo() {
        String baseline = Fixtures.arg("baseline");
        for (List<String> args : List.<List<String>>of(List.of("compare", "--threshold", "abc", baseline, baseline),
                List.of("compare", "--threshold", "-1", baseline, baseline),
                List.of("compare", "--bogus", baseline, baseline),
                List.of("compare", baseline),
                List.of("compare", baseline, baseline, baseline),
                List.of("report"),
                List.of("frobnicate"),
                List.of())) {
            Fixtures.Result result = Fixtures.cli(args.toArray(String[]::new));
            assertEquals(2, result.exitCode(), args.toString());
            assertTrue(result.err().startsWith("error: "), args + ": " + result.err());
        }
    }

    @Test
    void helpPrintsUsage() {
        Fixtures.Result result = Fixtures.cli("--help");
        assertEquals(0, result.exitCode());
        assertTrue(result.out().contains("report") && result.out().contains("compare"), result.out());
        Fixtures.Result compare = Fixtures.cli("compare", "--help");
        assertEquals(0, compare.exitCode());
        assertTrue(compare.out().contains("[--threshold=PERCENT]") && compare.out().contains("<baseline>")
                        && compare.out().contains("<candidate>"),
                compare.out());
    }
}
