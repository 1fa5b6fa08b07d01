package org.rpcbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
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
import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.AbVerdict;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.HistoryEntry;
import org.rpcbench.results.Units;

/** history report's page, from a crafted history holding a step, a drift and a change of machine. */
class TrendPageTest {

    private static final String BENCHMARK = "org.rpcbench.client.UserServiceBenchmark.";
    private static final Instant FIRST_NIGHT = Instant.parse("2026-10-01T02:17:00Z");
    private static final String OLD_RUNNER = "Intel Xeon Platinum 8370C, 2 cores";
    private static final String NEW_RUNNER = "AMD EPYC 7763 64-Core Processor, 2 cores";

    @TempDir
    Path directory;

    /** A call's nightly calls/s, the machine and level of each night given, spread ±2%, error 3%; commit c<night>. */
    private static List<HistoryEntry> nights(String call, int from, int to, IntFunction<String> machine,
            IntToDoubleFunction level) {
        Random noise = new Random(call.hashCode());
        List<HistoryEntry> entries = new ArrayList<>();
        for (int night = from; night < to; night++) {
            double value = level.applyAsDouble(night) * (1 + (noise.nextDouble() - 0.5) * 0.04);
            entries.add(new HistoryEntry(FIRST_NIGHT.plus(Duration.ofDays(night)).toString(), "c" + night,
                    machine.apply(night), "dubbo-kryo", BENCHMARK + call, "thrpt", 32, new TreeMap<>(),
                    AbVerdict.SCORE, Units.CALLS_PER_SECOND, value, value * 0.03));
        }
        return entries;
    }

    /**
     * getUser fell 15% at night 26 of 30 on the old runner, then ran on a faster new runner from night 30;
     * listUser slides 0.25% a night on the new runner (a drift); existUser holds still on both.
     */
    private Path history() {
        List<HistoryEntry> entries = new ArrayList<>();
        entries.addAll(nights("getUser", 0, 60, night -> night < 30 ? OLD_RUNNER : NEW_RUNNER,
                night -> night < 26 ? 10_000 : night < 30 ? 8_500 : 14_000));
        entries.addAll(nights("listUser", 30, 60, night -> NEW_RUNNER, night -> 6_000 * (1 - 0.0025 * (night - 30))));
        entries.addAll(nights("existUser", 0, 60, night -> night < 30 ? OLD_RUNNER : NEW_RUNNER, night -> 20_000));
        Path file = directory.resolve("history.jsonl");
        HistoryEntry.append(file, entries);
        return file;
    }

    private String page(String... more) throws IOException {
        Path file = history();
        List<String> args = new ArrayList<>(List.of("history", "report", "--file", file.toString()));
        args.addAll(List.of(more));
        ReportTool.Result result = ReportTool.cli(args.toArray(String[]::new));
        assertEquals(ExitCode.OK, result.exitCode(), result.err());
        Path page = directory.resolve("trend.html");
        assertEquals("trend: " + page, result.out().strip());
        return Files.readString(page, StandardCharsets.UTF_8);
    }

    /** The summary table's rows, each its cells' text between bars. */
    private static List<String> summaryRows(String html) {
        String summary = html.substring(html.indexOf("<h2>What moved"), html.indexOf("<h2>Nights</h2>"));
        List<String> rows = new ArrayList<>();
        Matcher row = Pattern.compile("<tr>(.*?)</tr>").matcher(summary);
        while (row.find()) {
            rows.add("|" + row.group(1).replaceAll("</t[dh]><t[dh][^>]*>", "|").replaceAll("<[^>]+>", "") + "|");
        }
        return rows.subList(1, rows.size());
    }

    @Test
    void theSummaryHoldsTheStepAndTheDriftWorseFirstAndNeverAChangeOfMachine() throws IOException {
        List<String> rows = summaryRows(page());
        assertTrue(rows.stream().anyMatch(row -> row.matches(".*\\|getUser \\(32 threads\\)\\|.*\\|"
                + Pattern.quote(OLD_RUNNER) + "\\|regression\\|2026-10-26 to 2026-10-27\\|c25\\.\\.c26\\|-1[456]\\.\\d%"
                + "\\|worse\\|.*")), rows.toString());
        assertTrue(rows.stream().anyMatch(row -> row.matches(".*\\|listUser \\(32 threads\\)\\|.*\\|"
                + Pattern.quote(NEW_RUNNER) + "\\|drift, -1\\.\\d% a week\\|.*\\|worse\\|.*")), rows.toString());
        assertTrue(rows.stream().noneMatch(row -> row.contains("c29..c30")), "the night the runner changed is no step");
        assertTrue(rows.stream().noneMatch(row -> row.contains("existUser")), "what held still is not listed");
        List<Double> worse = rows.stream().filter(row -> row.endsWith("|worse|"))
                .map(row -> Math.abs(Double.parseDouble(row.replaceAll(".*\\|([-+][0-9.]+)%\\|worse\\|$", "$1"))))
                .toList();
        assertEquals(rows.size(), worse.size(), "nothing got better here");
        for (int i = 1; i < worse.size(); i++) {
            assertTrue(worse.get(i - 1) >= worse.get(i), "largest first: " + rows);
        }
    }

    @Test
    void aStepOlderThanTheNewestNightsLeavesTheSummaryButStaysOnItsChart() throws IOException {
        String html = page("--recent", "3");
        assertTrue(summaryRows(html).stream().noneMatch(row -> row.contains("c25..c26")), html);
        assertTrue(html.contains("step -1"), "the step is drawn on getUser's chart");
    }

    @Test
    void eachCallAndMetricIsAChartWithEveryMachineItRanOnAndEachSvgIsWellFormed() throws Exception {
        String html = page();
        List<String> svgs = new ArrayList<>();
        Matcher svg = Pattern.compile("<svg.*?</svg>", Pattern.DOTALL).matcher(html);
        while (svg.find()) {
            svgs.add(svg.group());
        }
        assertEquals(3, svgs.size(), "getUser, listUser and existUser, one metric each");
        for (String one : svgs) {
            DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(new ByteArrayInputStream(one.getBytes(StandardCharsets.UTF_8)));
        }
        String getUser = svgs.stream().filter(one -> one.contains("getUser (32 threads)")).findFirst().orElseThrow();
        assertTrue(getUser.contains(OLD_RUNNER) && getUser.contains(NEW_RUNNER), "both runners, told apart");
        assertTrue(getUser.contains("c25..c26"), "the step with the commits it lies between");
        assertTrue(svgs.stream().anyMatch(one -> one.contains("listUser") && one.contains("a week")),
                "the drift's fitted line");
        assertTrue(html.contains("days since 2026-10-01"));
    }

    @Test
    void aMissingHistoryIsOneLineAndExit2() {
        ReportTool.Result result = ReportTool.cli("history", "report", "--file",
                directory.resolve("none.jsonl").toString());
        assertEquals(ExitCode.USAGE, result.exitCode());
        assertEquals("error: no such file: " + directory.resolve("none.jsonl"), result.err().strip());
    }
}
