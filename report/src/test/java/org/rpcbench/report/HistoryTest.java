package org.rpcbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.IntToDoubleFunction;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.AbVerdict;
import org.rpcbench.contract.HistoryEntry;
import org.rpcbench.results.Fixtures;
import org.rpcbench.results.Units;

class HistoryTest {

    private static final String GET_USER = "org.rpcbench.client.UserServiceBenchmark.getUser";
    private static final Instant FIRST_NIGHT = Instant.parse("2026-10-01T02:17:00Z");

    @TempDir
    Path directory;

    private static final String MACHINE = "AMD EPYC 7763 64-Core Processor, 2 cores";

    /** Nightly getUser figures of one metric, night n's level given, each spread by ±2%; commit c<n> each. */
    private static List<HistoryEntry> nights(int count, String mode, String metric, IntToDoubleFunction level) {
        return nights(count, mode, metric, level, night -> MACHINE);
    }

    /** The same, night n run on the machine given. */
    private static List<HistoryEntry> nights(int count, String mode, String metric, IntToDoubleFunction level,
            java.util.function.IntFunction<String> machine) {
        Random noise = new Random(11);
        List<HistoryEntry> entries = new ArrayList<>();
        for (int night = 0; night < count; night++) {
            entries.add(new HistoryEntry(FIRST_NIGHT.plus(Duration.ofDays(night)).toString(), "c" + night,
                    machine.apply(night), "dubbo-kryo", GET_USER, mode, 32, new TreeMap<>(), metric,
                    metric.equals(AbVerdict.SCORE) ? Units.CALLS_PER_SECOND : "B/op",
                    level.applyAsDouble(night) * (1 + (noise.nextDouble() - 0.5) * 0.04), null));
        }
        return entries;
    }

    private String check(List<HistoryEntry> entries, int expectedExit) throws IOException {
        Path file = directory.resolve("history.jsonl");
        HistoryEntry.append(file, entries);
        ReportTool.Result result = ReportTool.cli("history", "check", "--file", file.toString());
        assertEquals(expectedExit, result.exitCode(), result.out() + result.err());
        return result.out();
    }

    @Test
    void aStepToTheWorseSideInTheNewestNightsFailsTheCheckAndNamesItsCommits() throws IOException {
        String md = check(nights(23, "thrpt", AbVerdict.SCORE, night -> night < 20 ? 10_000 : 8_500), 1);

        assertTrue(md.contains("| dubbo-kryo | getUser (32 threads) | thrpt (calls/s) | 2026-10-20 | 2026-10-21 |"
                + " `c19..c20` |"), md);
        assertTrue(md.contains("| **regression** | " + MACHINE + " |"), md);
        assertTrue(md.strip().endsWith("**History: failed**"), md);
    }

    @Test
    void aStepThatComesWithAnotherMachineIsTheMachinesAndFailsNothing() throws IOException {
        String other = "Intel(R) Xeon(R) Platinum 8370C CPU @ 2.80GHz, 2 cores";
        String md = check(nights(23, "thrpt", AbVerdict.SCORE, night -> night < 20 ? 10_000 : 8_500,
                night -> night < 20 ? MACHINE : other), 0);

        assertTrue(md.contains("2 series, up to 20 nights each"), md);
        assertTrue(md.contains("No step."), md);
        assertTrue(md.strip().endsWith("**History: passed**"), md);
    }

    @Test
    void anOldStepAndAnImprovementAreReportedWithoutFailing() throws IOException {
        List<HistoryEntry> entries = new ArrayList<>(nights(30, "thrpt", AbVerdict.SCORE,
                night -> night < 8 ? 10_000 : 9_000));
        entries.addAll(nights(30, "thrpt", "cost.server.alloc", night -> night < 22 ? 15_000 : 14_000));

        String md = check(entries, 0);

        assertTrue(md.contains("| thrpt (calls/s) | 2026-10-08 | 2026-10-09 | `c7..c8` |"), md);
        assertTrue(md.contains("| worse |"), "22 nights ago: reported, not flagged\n" + md);
        assertTrue(md.contains("| server alloc (B/call) | 2026-10-22 | 2026-10-23 | `c21..c22` |"), md);
        assertTrue(md.contains("| better |"), md);
        assertTrue(md.strip().endsWith("**History: passed**"), md);
    }

    @Test
    void aSlowDriftIsReportedOverTheNewestWeeks() throws IOException {
        String md = check(nights(28, "thrpt", "cost.server.alloc", night -> 15_000 * (1 + 0.004 * night)), 0);

        assertTrue(md.contains("Slow drifts over the newest 28 nights"), md);
        assertTrue(md.lines().anyMatch(line -> line.startsWith("| dubbo-kryo | getUser (32 threads) | server alloc"
                + " (B/call) | 2026-10-01 | +2.") && line.endsWith("| worse | " + MACHINE + " |")), md);
    }

    @Test
    void aFlatHistoryPassesAndALineCutInHalfIsSkipped() throws IOException {
        Path file = directory.resolve("history.jsonl");
        HistoryEntry.append(file, nights(20, "thrpt", AbVerdict.SCORE, night -> 10_000));
        Files.writeString(file, "{\"time\": \"2026-11-", StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND);

        assertEquals(20, HistoryEntry.read(file).size());
        ReportTool.Result result = ReportTool.cli("history", "check", "--file", file.toString());
        assertEquals(0, result.exitCode(), result.out());
        assertTrue(result.out().contains("1 series, up to 20 nights each"), result.out());
        assertTrue(result.out().contains("No step."), result.out());
    }

    @Test
    void aRunDirectoryIsAppendedWithItsScoresAndCosts() throws IOException {
        Path file = directory.resolve("history.jsonl");

        ReportTool.Result result = ReportTool.cli("history", "append", "--file", file.toString(),
                Fixtures.arg("baseline"));

        assertEquals(0, result.exitCode(), result.err());
        List<HistoryEntry> entries = HistoryEntry.read(file);
        assertFalse(entries.isEmpty());
        assertTrue(result.out().startsWith(entries.size() + " figures of "), result.out());
        assertTrue(entries.stream().allMatch(entry -> entry.pair() != null && entry.benchmark() != null),
                entries.toString());
        assertTrue(entries.stream().allMatch(entry -> entry.machine() != null && entry.machine().endsWith(" cores")),
                "each figure names the machine of the run's environment: " + entries);
    }

    @Test
    void anAbRunMustBeJudgedBeforeItIsKept() throws IOException {
        Files.writeString(directory.resolve("ab.json"), "{}", StandardCharsets.UTF_8);

        ReportTool.Result result = ReportTool.cli("history", "append", "--file",
                directory.resolve("h.jsonl").toString(),
                directory.toString());

        assertEquals(2, result.exitCode());
        assertTrue(result.err().contains("has no verdict.json: judge it first"), result.err());
    }
}
