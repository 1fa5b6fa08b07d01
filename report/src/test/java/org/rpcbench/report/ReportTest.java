package org.rpcbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.node.ArrayNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.JvmSample;
import org.rpcbench.contract.JvmSeries;
import org.rpcbench.contract.JvmSettings;
import org.rpcbench.contract.OpenLoopReport;
import org.rpcbench.contract.RunRecord;
import org.rpcbench.contract.ServerReady;
import org.rpcbench.contract.SoakReport;
import org.rpcbench.results.Fixtures;
import org.rpcbench.results.JmhJson;

class ReportTest {

    private static final Pattern URL = Pattern.compile("(?i)(https?:)?//[a-z0-9.-]+\\.[a-z]{2,}[^\"'\\s<>]*");

    @TempDir
    Path out;

    private String report(String file, String... inputs) throws IOException {
        return reportOf(file, Stream.of(inputs).map(Fixtures::arg).toList());
    }

    /** The report of inputs given as paths. */
    private String reportOf(String file, List<String> inputs) throws IOException {
        List<String> args = Stream.concat(Stream.of("report", "--out", out.toString()), inputs.stream()).toList();
        ReportTool.Result result = ReportTool.cli(args.toArray(String[]::new));
        assertEquals(0, result.exitCode(), result.err());
        assertEquals(out.resolve("report.md") + "\n" + out.resolve("report.html") + "\n", result.out());
        return Files.readString(out.resolve(file), StandardCharsets.UTF_8);
    }

    private static long count(String text, String needle) {
        return Pattern.compile(Pattern.quote(needle)).matcher(text).results().count();
    }

    @Test
    void markdownHasTheHeaderTheSeedTablesAndTheRanking() throws IOException {
        String md = report("report.md", "baseline");

        assertTrue(md.startsWith("# Benchmark report: 20261121T031500Z-quick\n"), md);
        assertTrue(md.contains("| length | quick |"), md);
        assertTrue(md.contains("| end | 2026-11-22T03:19:40Z (4 min 40 s) |"), md);
        assertTrue(md.contains("| cpuModel | Intel(R) Xeon(R) CPU @ 2.20GHz |"), md);
        assertTrue(md.contains("| memoryBytes | 24.0 GiB |"), md);
        assertTrue(md.contains("| libraries | hessian-lite 4.0.4, kryo 5.6.2, fst 3.0.4-jdk17 |"), md);
        assertTrue(md.contains("| dubbo-fst | fst | passed | 1x1 | 95.2 | dubbo-fst.json |"), md);
        assertTrue(md.contains("\n## getUser\n"), md);
        assertTrue(md.contains("| pair | TPS (calls/s) | avg (ms) | p50 (ms) | p90 (ms) | p99 (ms) | p99.9 (ms) |"));
        // avg from the average-time mode when it ran (no JMH error: one fork), else the sample mode's mean
        assertTrue(md.contains("| dubbo-kryo | 20,000 ± 500 | 1.500 | 1.280 | 2.560 | 5.600 | 9.600 |"), md);
        assertTrue(md.contains("| dubbo-fst | 18,600 ± 500 | 1.700 ± 0.030 | 1.360 | 2.720 | 5.950 | 10.200 |"), md);
        // 20,000 ± 500, 18,600 ± 500 and 15,600 ± 400: each gap is wider than both errors together
        assertTrue(md.contains("\nRanking by TPS (relative to the best): kryo 1.00 > fst 0.93 > hessian2 0.78"
                + " (>: separated beyond both noises)\n"), md);
        assertTrue(md.contains("| dubbo-kryo | 18,000 ± 400 |  |  |  |  |  |"), "createUser: throughput only");
    }

    @Test
    void bytesPerCallAreTabledAndARegisteredPairIsRankedUnderItsOwnLabel() throws IOException {
        String md = report("report.md", "frames");

        assertTrue(md.contains("\n## Bytes per call\n\n_Bytes on the wire per call, request / answer"), md);
        assertTrue(md.contains("| pair | existUser (B) | listUser (B) |\n| --- | ---: | ---: |\n"
                + "| dubbo-kryo | 235 / 36 | 231 / 3070 |\n| dubbo-kryo-registered | 235 / 36 | 231 / 2100 |\n"), md);
        assertTrue(md.contains("kryo registered "), md);
        assertTrue(report("report.html", "frames").contains("<h2>Bytes per call</h2>"));
        assertFalse(report("report.md", "baseline").contains("Bytes per call"), "no proofs in run.json: no table");
    }

    @Test
    void aRunOfTheEchoAndTheStreamsSetsThemSideBySidePerPair() throws IOException {
        String md = report("report.md", "streams");

        assertTrue(md.contains("\n## Unary echo vs streaming\n\n_Per pair, payload and thread count measured both"
                + " ways"), md);
        assertTrue(md.contains("| pair | payload | threads | call | messages/s | time per message (ms) | × echo |"),
                md);
        assertTrue(md.contains("| grpc-protobuf | 1k | 1 | echo (unary) | 5,000 ± 200 |"), md);
        assertTrue(md.contains("| grpc-protobuf | 1k | 1 | serverStream, 100 per stream | 40,000 ± 1,000 |"), md);
        assertTrue(md.contains("| 8.00 |\n| grpc-protobuf | 1k | 1 | bidiStream, 100 per stream |"), md);
        assertTrue(md.contains("| netty-ceiling | 1k | 1 | bidiStream, 100 per stream | 50,000 ± 1,000 |"), md);
        assertTrue(report("report.html", "streams").contains("<h2>Unary echo vs streaming</h2>"));
        assertFalse(report("report.md", "payloads").contains("Unary echo vs streaming"), "no stream: no table");
    }

    @Test
    void failedPairIsShownWithItsMessage() throws IOException {
        String md = report("report.md", "candidate");

        assertTrue(md.contains("| dubbo-fst | fst | failed | 1x1 | 12.0 |  |"), md);
        assertTrue(md.contains("- **dubbo-fst failed: dubbo-fst-client exited 1: wire check failed:"
                + " &lt;wire=hessian2> & \"quoted\" \\| piped**"), md);
        assertTrue(md.contains("\nRanking by TPS (relative to the best): hessian2 1.00 > kryo 0.83"
                + " (>: separated beyond both noises)\n"), md);
    }

    @Test
    void rankingsOrderOnlyWhatTheNoiseSeparates() throws IOException {
        String md = report("report.md", "noise/dubbo-kryo.json", "noise/dubbo-fst.json",
                "noise/dubbo-hessianlite.json");

        // getUser: 20,000 ± 1,000 and 19,000 ± 500 overlap; 15,000 ± 500 lies beyond both
        assertTrue(md.contains("\nRanking by TPS (relative to the best): dubbo-kryo 1.00 ≈ dubbo-fst 0.95"
                + " > dubbo-hessianlite 0.75 (≈: within noise, >: separated beyond both noises)\n"), md);
        // listUser: 10,000 ± 3,000 also overlaps 7,500 ± 200, which the chain does not say
        assertTrue(md.contains("\nRanking by TPS (relative to the best): dubbo-kryo 1.00 ≈ dubbo-fst 0.90"
                + " > dubbo-hessianlite 0.75; also dubbo-kryo ≈ dubbo-hessianlite (≈: within noise,"
                + " >: separated beyond both noises)\n"), md);
        // createUser: kryo's forks at 18,000 and 14,000 make its noise ±2,000, beyond JMH's ±500; each neighbour
        // overlaps the next, yet kryo and hessian2 are apart
        assertTrue(md.contains("\nRanking by TPS (relative to the best): dubbo-kryo 1.00 ≈ dubbo-fst 0.94"
                + " ≈ dubbo-hessianlite 0.83; also dubbo-kryo > dubbo-hessianlite (≈: within noise,"
                + " >: separated beyond both noises)\n"), md);
        // assembleRandomNumbers: fst ran one iteration; its neighbours lie beyond the others' noise
        assertTrue(md.contains("\nRanking by TPS (relative to the best): dubbo-kryo 1.00 ? dubbo-fst 0.90"
                + " ? dubbo-hessianlite 0.50; also dubbo-kryo > dubbo-hessianlite (>: separated beyond both noises,"
                + " ?: cannot tell, one has no error estimate)\n"), md);
        // what the symbols mean, once before the calls
        assertTrue(md.contains("\nRankings: the pairs by TPS"), md);
        assertTrue(md.contains("≈ between neighbours: their noise intervals (score ± noise) overlap"), md);
        assertTrue(md.indexOf("\nRankings: ") < md.indexOf("\n## getUser"), md);

        String html = Files.readString(out.resolve("report.html"), StandardCharsets.UTF_8);
        assertTrue(html.contains("<p class=\"ranking\">Ranking by TPS (relative to the best): dubbo-kryo 1.00"
                + " ≈ dubbo-fst 0.95 &gt; dubbo-hessianlite 0.75 (≈: within noise, &gt;: separated beyond both"
                + " noises)</p>"), html);
        assertTrue(html.contains("<p class=\"detail\">Rankings: the pairs by TPS"), html);
    }

    @Test
    void callsWithoutAnErrorEstimateListThePairsUnranked() throws IOException {
        String md = report("report.md", "noise/dubbo-kryo.json", "noise/dubbo-fst.json",
                "noise/dubbo-hessianlite.json");

        // existUser: one iteration of one fork for every pair
        String existUser = md.substring(md.indexOf("\n## existUser"), md.indexOf("\n## createUser"));
        assertTrue(existUser.contains("_UserServiceBenchmark.existUser, 32 threads. No error estimate: one"
                + " iteration of one fork; the pairs are listed, not ranked._"), existUser);
        assertTrue(existUser.contains("\nRanking by TPS (relative to the best): not ranked, no error estimate (one"
                + " iteration of one fork); listed: dubbo-kryo 1.00, dubbo-fst 0.96, dubbo-hessianlite 0.80\n"),
                existUser);
        assertFalse(existUser.contains(" > ") || existUser.contains(" ≈ "), existUser);
        // the header counts the scores without an estimate
        assertTrue(md.contains("| error estimate | none for 4 of 15 scores (one iteration of one fork) |"), md);
        // what tests/run-all-test.sh greps for in a smoke run's report (one iteration, one fork)
        assertTrue(Pattern.compile("(?m)^Ranking by TPS .*: dubbo-kryo 1\\.00").matcher(existUser).find());
        assertTrue(Pattern.compile("(?m)^Ranking by TPS .*dubbo-hessianlite [01]\\.[0-9][0-9]").matcher(existUser)
                .find());
    }

    @Test
    void aRunTooShortForAnyErrorSaysSoInItsHeader(@TempDir Path files) throws Exception {
        List<String> inputs = new ArrayList<>();
        for (String pair : List.of("dubbo-kryo", "dubbo-fst")) {
            // existUser alone: every score is one iteration of one fork
            ArrayNode results = (ArrayNode) JmhJson.readTree(Fixtures.path("noise/" + pair + ".json"));
            ArrayNode existUser = JmhJson.MAPPER.createArrayNode();
            results.forEach(r -> {
                if (r.path("benchmark").asText().endsWith(".existUser")) {
                    existUser.add(r);
                }
            });
            Path file = files.resolve(pair + ".json");
            JmhJson.MAPPER.writeValue(file.toFile(), existUser);
            inputs.add(file.toString());
        }
        ReportTool.Result result = ReportTool.cli("report", "--out", out.toString(), inputs.get(0), inputs.get(1));
        assertEquals(0, result.exitCode(), result.err());
        String md = Files.readString(out.resolve("report.md"), StandardCharsets.UTF_8);

        assertTrue(md.contains("| error estimate | none: every score is one iteration of one fork, too short to"
                + " carry an error; the pairs are listed, not ranked |"), md);
        assertTrue(md.contains("\nRanking by TPS (relative to the best): not ranked, no error estimate (one"
                + " iteration of one fork); listed: dubbo-kryo 1.00, dubbo-fst 0.96\n"), md);
    }

    @Test
    void runWithoutResultsStillReportsWhatFailed() throws IOException {
        String md = report("report.md", "all-failed");

        assertTrue(md.contains("- **dubbo-kryo failed: dubbo-kryo-server did not start: port 18600 taken**"));
        assertTrue(md.contains("- **dubbo-fst not run**"), md);
        assertTrue(md.contains("No pair produced a result."), md);
    }

    @Test
    void aCallWithTheCeilingShowsEveryPairsThroughputAsAFractionOfIt() throws IOException {
        String md = report("report.md", "payloads");

        assertTrue(md.contains("| pair | TPS (calls/s) | of the ceiling (TPS) | avg (ms) |"), md);
        // echo 1k at 8 threads: kryo 19.80 and hessian2 16.83 calls/ms against the ceiling's 27.72
        assertTrue(md.lines().anyMatch(line -> line.startsWith("| dubbo-kryo | 19,800") && line.contains(" | 0.71 | ")),
                md);
        assertTrue(md.lines().anyMatch(line -> line.startsWith("| dubbo-hessianlite | 16,830")
                && line.contains(" | 0.61 | ")), md);
        assertTrue(md.lines().anyMatch(line -> line.startsWith("| netty-ceiling | 27,720")
                && line.contains(" | 1.00 | ")), md);
        assertTrue(report("report.html", "payloads").contains("<th>of the ceiling (TPS)</th>"));
    }

    @Test
    void aPresetsSeedRowsStandBesideThePairsThatStandForThem(@TempDir Path run) throws IOException {
        for (String file : List.of("dubbo-kryo.json", "dubbo-fst.json", "dubbo-hessianlite.json",
                "netty-ceiling.json")) {
            Files.copy(Fixtures.path("payloads/" + file), run.resolve(file));
        }
        Files.writeString(run.resolve("run.json"), Files.readString(Fixtures.path("payloads/run.json"))
                .replace("\"scenario\": \"echo\"", "\"scenario\": \"dubbox\""));

        String md = reportOf("report.md", List.of(run.toString()));

        assertTrue(md.contains("\n## Seed rows\n"), md);
        assertTrue(md.contains("| A: dubbo, netty, hessian2 | dubbo-hessianlite |"), md);
        assertTrue(md.contains("| E: dubbo, netty, kryo | dubbo-kryo |"), md);
        assertTrue(md.contains("| C: dubbo, netty, java | not in this run: dubbo-java |"), md);
        assertTrue(md.contains("| F: dubbo, mina, hessian2 | none (not in Dubbo 3: the mina transporter is"), md);
        // echo 1m at one thread: seed 001's JDK 1.7 averages beside kryo (row E) and hessian2 (row A), none beside
        // the ceiling, which stands for no seed row
        assertTrue(md.contains("| seed row | seed avg (ms) |"), md);
        assertTrue(md.lines().anyMatch(line -> line.startsWith("| dubbo-kryo |")
                && line.endsWith("| E: dubbo, netty, kryo | 33.501 |")), md);
        assertTrue(md.lines().anyMatch(line -> line.startsWith("| dubbo-hessianlite |")
                && line.endsWith("| A: dubbo, netty, hessian2 | 47.691 |")), md);
        assertTrue(md.lines().anyMatch(line -> line.startsWith("| netty-ceiling |") && line.endsWith("|  |  |")), md);
        assertTrue(md.contains("seed figures: seed 001, dubbox 2.8.4 (JDK 1.7, one PC, one thread, 60 s a scene)"
                + "; another machine"), md);
        // at 8 threads the seed has no figure: no seed columns
        String eightThreads = md.substring(md.indexOf("\n## echo · payload=1k · 8 threads\n"));
        eightThreads = eightThreads.substring(0, eightThreads.indexOf("\n## ", 1));
        assertFalse(eightThreads.contains("seed"), eightThreads);
        assertTrue(reportOf("report.html", List.of(run.toString())).contains("<th>seed row</th>"));
    }

    @Test
    void pairTableOfPlainJmhFilesShowsNoEmptyColumn() throws IOException {
        String md = report("report.md", "sweep/dubbo-kryo.json", "sweep/dubbo-fst.json");

        // no run.json: no serialization, topology or duration to show
        String pairs = md.substring(md.indexOf("## Pairs\n"), md.indexOf("\n\n", md.indexOf("## Pairs\n") + 10));
        assertEquals("""
                ## Pairs

                | pair | status | result |
                | --- | --- | --- |
                | dubbo-kryo | passed | dubbo-kryo.json |
                | dubbo-fst | passed | dubbo-fst.json |""", pairs);

        String html = Files.readString(out.resolve("report.html"), StandardCharsets.UTF_8);
        assertTrue(html.contains("<h2>Pairs</h2>\n<table>\n<tr><th>pair</th><th>status</th><th>result</th></tr>\n"
                + "<tr><td>dubbo-kryo</td><td>passed</td><td>dubbo-kryo.json</td></tr>\n"), html);
        assertFalse(html.substring(html.indexOf("<h2>Pairs</h2>"), html.indexOf("</table>", html.indexOf("<h2>Pairs")))
                .contains("<td></td>"), html);
    }

    @Test
    void pairTableKeepsAColumnOneRowFillsAndDropsOneNoneFills() throws IOException {
        String md = report("report.md", "all-failed");

        // no pair has a result file: no result column; dubbo-fst did not run, yet dubbo-kryo fills the others
        assertTrue(md.contains("| pair | serialization | status | topology | seconds |\n"), md);
        assertTrue(md.contains("| dubbo-fst | fst | not run |  |  |\n"), md);
    }

    @Test
    void unitsAreNormalizedToCallsPerSecondAndMilliseconds() throws IOException {
        String md = report("report.md", "units/dubbo-kryo.json");

        // 2,500 ops/s; 400 us/op; the sample mode's median 336 us/op
        assertTrue(md.contains("| dubbo-kryo | 2,500 ± 50 | 0.400 ± 0.008 | 0.336 | 0.672 | 1.470 | 2.520 |"), md);
    }

    @Test
    void htmlIsSelfContained() throws IOException {
        for (String input : List.of("baseline", "candidate", "sweep/dubbo-kryo.json")) {
            String html = report("report.html", input);
            Matcher urls = URL.matcher(html);
            while (urls.find()) {
                assertEquals("http://www.w3.org/2000/svg", urls.group(), input + ": a URL besides SVG's namespace");
            }
            assertFalse(html.contains("<script"), input);
            assertFalse(html.contains("<link"), input);
            assertFalse(html.contains("<img"), input);
            assertFalse(html.contains("url("), input);
            assertFalse(html.contains("@import"), input);
            assertTrue(html.startsWith("<!DOCTYPE html>") && html.endsWith("</html>\n"), input);
        }
    }

    @Test
    void htmlHasOneThroughputChartPerBenchmarkClassAndOnePercentileChartPerSampledCall() throws IOException {
        String html = report("report.html", "candidate");

        // bars: UserServiceBenchmark and CpuBoundBenchmark; percentiles: getUser, the only call in sample mode
        assertEquals(3, count(html, "<svg "));
        assertEquals(2, count(html, "<title>Throughput per call"));
        assertEquals(1, count(html, "<title>Latency percentiles: getUser</title>"));
        assertFalse(html.contains(" vs "), "no sweep ran");
        assertFalse(html.contains("<h2>Sweeps</h2>"));
    }

    @Test
    void sweepChartsAppearWhenAPayloadOrThreadSweepRan() throws IOException {
        String html = report("report.html", "sweep/dubbo-kryo.json", "sweep/dubbo-fst.json");

        // 1 throughput chart, 4 percentile charts (2 payloads x 2 thread counts), and throughput and p99 for each of
        // 2 payload sweeps (at 1 and 8 threads) and 2 thread sweeps (at 1k and 100k)
        assertEquals(13, count(html, "<svg "));
        assertEquals(4, count(html, "<title>Latency percentiles: echo"));
        for (String sweep : List.of("payload (1 thread)", "payload (8 threads)", "threads (payload=1k)",
                "threads (payload=100k)")) {
            assertEquals(1, count(html, "<title>echo: throughput vs " + sweep + "</title>"), sweep);
            assertEquals(1, count(html, "<title>echo: p99 vs " + sweep + "</title>"), sweep);
        }
        // the payload axis in size order; each line chart names both pairs in its legend
        String payloadSweep = chart(html, "echo: throughput vs payload (8 threads)");
        assertTrue(payloadSweep.indexOf(">1k</text>") < payloadSweep.indexOf(">100k</text>"), payloadSweep);
        assertTrue(payloadSweep.contains(">dubbo-kryo</text>") && payloadSweep.contains(">dubbo-fst</text>"));
    }

    @Test
    void everyChartHasATitleAxisLabelsAndALegend() throws IOException {
        String html = report("report.html", "candidate");
        for (String title : List.of("Throughput per call (UserServiceBenchmark)", "Latency percentiles: getUser")) {
            String chart = chart(html, title);
            assertTrue(chart.contains("font-weight=\"bold\">" + title + "</text>"), chart);
            assertTrue(chart.contains("rotate(-90"), "a y axis label");
            assertTrue(chart.contains(">dubbo-kryo</text>") && chart.contains(">dubbo-hessianlite</text>"), chart);
        }
        assertTrue(chart(html, "Latency percentiles: getUser").contains(">percentile</text>"));
        assertTrue(chart(html, "Throughput per call (UserServiceBenchmark)").contains(">call</text>"));
    }

    @Test
    void textIsEscapedInHtml() throws IOException {
        String html = report("report.html", "candidate");

        assertTrue(html.contains("wire check failed: &lt;wire=hessian2&gt; &amp; &quot;quoted&quot; | piped"), html);
        assertFalse(html.contains("<wire"));
    }

    @Test
    void defaultOutputIsTheRunDirectory(@TempDir Path run) throws IOException {
        for (String file : List.of("run.json", "dubbo-kryo.json", "dubbo-fst.json", "dubbo-hessianlite.json")) {
            Files.copy(Fixtures.path("baseline/" + file), run.resolve(file));
        }
        ReportTool.Result result = ReportTool.cli("report", run.toString());

        assertEquals(0, result.exitCode(), result.err());
        assertEquals(run.resolve("report.md") + "\n" + run.resolve("report.html") + "\n", result.out());
        assertTrue(Files.readString(run.resolve("report.html")).contains("<svg "));
    }

    @Test
    void aJvmMatrixSetsItsSettingsSideBySideAsPairsWithTheCollectorEachServerRan(@TempDir Path run)
            throws IOException {
        Map<String, JvmSettings> matrix = new LinkedHashMap<>();
        List<RunRecord.Pair> pairs = new ArrayList<>();
        for (String setting : List.of("g1", "parallel")) {
            String name = "dubbo-kryo@" + setting;
            Files.copy(Fixtures.path("baseline/dubbo-kryo.json"), run.resolve(name + ".json"));
            String collector = setting.equals("g1") ? "G1" : "Parallel";
            matrix.put(setting, new JvmSettings(null, "17.0.15", List.of("-XX:+Use" + collector + "GC")));
            ServerReady ready = new ServerReady("dubbo", "127.0.0.1", 8080, "dubbo", "kryo", null,
                    Map.of("dubbo", "3.3.6", "gc", collector), Map.of(), null, 1, null);
            pairs.add(new RunRecord.Pair(name, "dubbo", "dubbo", "kryo", RunRecord.Pair.PASSED, null, name + ".json",
                    null, null, 60.0, "1x1", null, List.of(new RunRecord.Provider(8080, null, ready, null, null)),
                    List.of(), List.of(), List.of()));
        }
        RunRecord.Environment environment = new RunRecord.Environment("abc", false, "Debian", "17.0.15", "OpenJDK",
                "/usr/lib/jvm/java-17", "Linux", "Xeon", 2, null, Map.of(), null, null, matrix);
        new RunRecord("matrix-run", "quick", "user", List.of(), List.of(), "2026-11-29T10:00:00Z",
                "2026-11-29T10:05:00Z", environment, pairs).write(run);

        String md = reportOf("report.md", List.of(run.toString()));
        assertTrue(md.contains("| serverJvmMatrix | g1: flags -XX:+UseG1GC; parallel: flags -XX:+UseParallelGC |"),
                md);
        assertTrue(md.contains("| pair | serialization | server collector | status |"), md);
        assertTrue(md.contains("| dubbo-kryo@g1 | kryo | G1 | passed |"), md);
        assertTrue(md.contains("| dubbo-kryo@parallel | kryo | Parallel | passed |"), md);
        assertTrue(md.lines().filter(line -> line.startsWith("| dubbo-kryo@parallel | ")).count() > 1,
                "the settings' figures tabled as pairs' are: " + md);
    }

    @Test
    void thePairsTableSaysWhichHostEachSideRanOnWhenAnExecutorPlacedThem(@TempDir Path run) throws IOException {
        Files.copy(Fixtures.path("baseline/dubbo-kryo.json"), run.resolve("dubbo-kryo.json"));
        RunRecord.Machine server = new RunRecord.Machine("root@10.233.0.1", "AMD EPYC 7B13", 2);
        RunRecord.Machine client = new RunRecord.Machine("root@10.233.0.2", "AMD EPYC 7B13", 2);
        List<RunRecord.Consumer> consumers = List.of(
                new RunRecord.Consumer("dubbo-kryo.json", null, 0, List.of(), null, null, null, client),
                new RunRecord.Consumer(null, null, 0, List.of(), null, null, null, client));
        RunRecord.Pair pair = new RunRecord.Pair("dubbo-kryo", "dubbo", "dubbo", "kryo", RunRecord.Pair.PASSED, null,
                "dubbo-kryo.json", null, null, 60.0, "1x2", null,
                List.of(new RunRecord.Provider(8080, null, null, null, null, server)), consumers, List.of(),
                List.of());
        new RunRecord("ssh-run", "quick", "user", List.of(), List.of(), "2026-11-30T10:00:00Z",
                "2026-11-30T10:05:00Z", null, List.of(pair)).write(run);

        String md = reportOf("report.md", List.of(run.toString()));
        // one client host for both consumers, named once
        assertTrue(md.contains("| pair | serialization | status | topology | servers ran on | clients ran on |"), md);
        assertTrue(md.contains("| dubbo-kryo | kryo | passed | 1x2 | root@10.233.0.1 (AMD EPYC 7B13, 2 cores) |"
                + " root@10.233.0.2 (AMD EPYC 7B13, 2 cores) |"), md);
        // where every JVM ran here, the columns are not there
        assertFalse(report("report.md", "all-failed").contains("ran on"));
    }

    @Test
    void unusableInputExitsTwo(@TempDir Path empty) {
        for (List<String> args : List.of(List.of("report", empty.resolve("absent").toString()),
                List.of("report", Fixtures.arg("broken/dubbo-kryo.json")),
                List.of("report", empty.toString()),
                List.of("report", Fixtures.arg("baseline"), Fixtures.arg("candidate")),
                List.of("report", "--out"))) {
            ReportTool.Result result = ReportTool.cli(args.toArray(String[]::new));
            assertEquals(2, result.exitCode(), args.toString());
            assertTrue(result.err().startsWith("error: "), result.err());
        }
    }

    @Test
    void anOpenLoopSweepIsTabledWithItsCapacityUnderTheBoundAndDrawnAsACurve(@TempDir Path run) throws IOException {
        OpenLoopReport.Slo slo = OpenLoopReport.Slo.parse("p99=5ms");
        List<RunRecord.Pair> pairs = new ArrayList<>();
        for (String pair : List.of("dubbo-kryo", "dubbo-hessianlite")) {
            double scale = pair.equals("dubbo-kryo") ? 1 : 2;
            OpenLoopReport.ClosedLoop closedLoop = new OpenLoopReport.ClosedLoop(10_000 / scale,
                    latency(1.5 * scale));
            List<OpenLoopReport.CallResult> steps = List.of(
                    step(5_000 / scale, closedLoop, latency(1 * scale), null),
                    step(9_000 / scale, closedLoop, latency(2 * scale), null),
                    step(10_000 / scale, closedLoop, latency(30 * scale), "the rate was not kept: 9,100 calls/s"
                            + " answered in the window, 10,000 asked"));
            OpenLoopReport report = new OpenLoopReport(1, null, List.of(50, 90, 100), slo, OpenLoopReport.FIXED,
                    10_000, 10_000, 32, steps);
            pairs.add(new RunRecord.Pair(pair, "dubbo", "dubbo", pair.substring(6), RunRecord.Pair.PASSED, null,
                    null, null, null, 60.0, "1x1", null, List.of(), List.of(new RunRecord.Consumer(pair
                            + "-open-loop.json", pair + "-client.out", 0, List.of(), null, report, null)), List.of(),
                    List.of()));
        }
        new RunRecord("open-loop-run", "default", "open-loop", List.of("--rate-sweep", "50,90,100"), List.of(),
                "2026-11-24T21:00:00Z", "2026-11-24T21:10:00Z", null, pairs).write(run);

        String md = reportOf("report.md", List.of(run.toString()));
        assertTrue(md.contains("## Response time at a fixed rate (open loop)"), md);
        assertTrue(md.contains("| dubbo-kryo | getUser | 9,000 | 9,000 | 2.000 | 3.000 | 4.000 | 8.000 | 12.000 |"
                + " 16.000 | 90% of 10,000 calls/s in a closed loop (p99 3.000 ms from each send) |"), md);
        assertTrue(md.contains("| dubbo-hessianlite | getUser | 2,500 | 2,500 |"), md);
        assertTrue(md.contains("the rate was not kept: 9,100 calls/s answered"), md);
        assertTrue(md.contains("- dubbo-kryo, getUser: 9,000 calls/s keeping p99 within 5.000 ms"), md);
        assertTrue(md.contains("- dubbo-hessianlite, getUser: 2,500 calls/s keeping p99 within 5.000 ms"), md);
        assertFalse(md.contains("No pair produced a result"), md);
        assertFalse(md.contains("JMH's sample mode"), "no closed-loop JMH table, no note on one: " + md);

        String html = Files.readString(out.resolve("report.html"), StandardCharsets.UTF_8);
        String curve = chart(html, "getUser: response time against throughput");
        assertEquals(6, count(curve, "<polyline"), "p50, p99 and p99.9 for each pair");
        assertFalse(curve.contains(">100</text>"), "a rate not kept (p99.9 of 120 ms and more) is off the chart");
        assertTrue(curve.contains("dubbo-hessianlite p99.9"), curve);
    }

    @Test
    void aSoakIsTabledWithEveryCheckAndItsSeriesDrawnFromTheFilesBesideIt(@TempDir Path run) throws IOException {
        long start = 1_700_000_000_000L;
        try (JvmSeries client = JvmSeries.create(run.resolve("dubbo-kryo-client.jvm.jsonl"));
                JvmSeries server = JvmSeries.create(run.resolve("dubbo-kryo-server.jvm.jsonl"))) {
            for (int i = 0; i <= 12; i++) {
                long at = start + i * 5000L;
                client.append(new JvmSample(at, 50 << 20, 30 << 20, 20 << 20, 25 << 20, i % 4 == 0 ? 15 << 20 : -1,
                        Map.of(), 0, 12, 16, i * 3_000_000_000L, 300 << 20, 0, new JvmSample.Load(5, 90_000, 0, 1,
                                2, 3)));
                server.append(new JvmSample(at, 60 << 20, 40 << 20, 30 << 20, 35 << 20, i % 4 == 0 ? 18 << 20 : -1,
                        Map.of(), 0, 220, 20, i * 4_000_000_000L, 400 << 20, 0, null));
            }
        }
        SoakReport.Check ok = new SoakReport.Check(SoakReport.LIVE_SET, 0.5, 4, "MB/h", true, "fitted");
        SoakReport.Check broken = new SoakReport.Check(SoakReport.FULL_GCS, 2, 0, "", false, "after the warmup");
        SoakReport soak = new SoakReport(start, start + 60_000, 60_000, 20_000, 5000, 20,
                List.of("echo:5k", "echo:person", "echo:personMap"), SoakReport.Limits.DEFAULT, 1_000_000, 0, null,
                null, List.of(
                        new SoakReport.JvmVerdict("client", "/elsewhere/dubbo-kryo-client.jvm.jsonl", 8, List.of(ok)),
                        new SoakReport.JvmVerdict("server", "/elsewhere/dubbo-kryo-server.jvm.jsonl", 8,
                                List.of(ok, broken))),
                false, "server full GCs 2 beyond 0");
        new RunRecord("soak-run", "default", "soak", List.of("--soak", "1m"), List.of(), "2026-11-25T04:00:00Z",
                "2026-11-25T04:01:00Z", null, List.of(new RunRecord.Pair("dubbo-kryo", "dubbo", "dubbo", "kryo",
                        RunRecord.Pair.FAILED, "server full GCs 2 beyond 0", null, null, null, 60.0, "1x1", null,
                        List.of(), List.of(new RunRecord.Consumer("dubbo-kryo-soak.json", null, 1, List.of(), null,
                                null, soak)), List.of(), List.of()))).write(run);

        String md = reportOf("report.md", List.of(run.toString()));
        assertTrue(md.contains("## Soak"), md);
        assertTrue(md.contains("- dubbo-kryo: soak: 1m at 20 threads (echo:5k, echo:person, echo:personMap)"), md);
        assertTrue(md.contains("soak verdict: FAILED: server full GCs 2 beyond 0"), md);
        assertTrue(md.contains("| dubbo-kryo | server | full GCs | 2 (after the warmup) | 0 | BROKEN |"), md);
        assertTrue(md.contains("| dubbo-kryo | client | live set growth | 0.5 MB/h (fitted) | 4 MB/h | ok |"), md);
        assertFalse(md.contains("No pair produced a result"), md);

        String html = Files.readString(out.resolve("report.html"), StandardCharsets.UTF_8);
        String memory = chart(html, "dubbo-kryo: memory");
        assertEquals(4, count(memory, "<polyline"), "live set and heap after GC of both JVMs, read beside run.json");
        assertTrue(memory.contains("server live set"), memory);
        assertEquals(4, count(chart(html, "dubbo-kryo: threads and open files"), "<polyline"),
                "threads and open files of both JVMs");
        assertTrue(chart(html, "dubbo-kryo: CPU").contains("server CPU"));
        assertTrue(chart(html, "dubbo-kryo: load").contains("client calls/s"));
    }

    @Test
    void bytesPerCallFromJmhsGcProfilerAreAColumnAndProfilesAreLinked() throws IOException {
        Path run = Files.createDirectories(out.resolve("profiled-run"));
        Files.writeString(run.resolve("dubbo-kryo.json"), "[{\"benchmark\": \"org.rpcbench.client.UserServiceBenchmark"
                + ".getUser\", \"mode\": \"thrpt\", \"threads\": 4, \"forks\": 1, \"params\": {},"
                + " \"primaryMetric\": {\"score\": 20000, \"scoreError\": 500, \"scoreUnit\": \"ops/s\","
                + " \"rawData\": [[20000]]}, \"secondaryMetrics\": {\"gc.alloc.rate.norm\": {\"score\": 3456.7,"
                + " \"scoreError\": \"NaN\", \"scoreUnit\": \"B/op\"}}}]");
        new RunRecord("profiled-run", "quick", "user", List.of(), List.of(), "2026-11-25T08:00:00Z",
                "2026-11-25T08:01:00Z", null, List.of(new RunRecord.Pair("dubbo-kryo", "dubbo", "dubbo", "kryo",
                        RunRecord.Pair.PASSED, null, "dubbo-kryo.json", null, null, 60.0, "1x1", null, List.of(),
                        List.of(), List.of(new RunRecord.Profile("server :19900", "dubbo-kryo-server.jfr",
                                "async-profiler 4.6, perf_events", 1514, 52_000_000L,
                                "dubbo-kryo-server.cpu.html", "dubbo-kryo-server.alloc.html", 3_000_000L)),
                        List.of()))).write(run);

        String md = reportOf("report.md", List.of(run.toString()));
        assertTrue(md.contains("| pair | TPS (calls/s) | avg (ms) | p50 (ms) | p90 (ms) | p99 (ms) | p99.9 (ms)"
                + " | client alloc (B/call) |"), md);
        assertTrue(md.contains("| dubbo-kryo | 20,000 ± 500 |  |  |  |  |  | 3,457 |"), md);
        assertTrue(md.contains("\n## Profiles\n"), md);
        assertTrue(md.contains("- dubbo-kryo, server :19900: async-profiler 4.6, perf\\_events, 1,514 CPU samples,"
                + " 52 MB allocated (sampled), 17 B per call served:"
                + " [CPU](profiled-run/dubbo-kryo-server.cpu.html) ·"
                + " [allocation](profiled-run/dubbo-kryo-server.alloc.html)\n"), "relative to the report: " + md);
        String html = Files.readString(out.resolve("report.html"), StandardCharsets.UTF_8);
        assertTrue(html.contains("<a href=\"profiled-run/dubbo-kryo-server.cpu.html\">CPU</a>"), html);
        assertFalse(report("report.md", "baseline").contains("alloc (B/call)"), "no gc profiler: no column");
    }

    private static OpenLoopReport.CallResult step(double rate, OpenLoopReport.ClosedLoop closedLoop,
            OpenLoopReport.Latency time, String rateNotKept) {
        return new OpenLoopReport.CallResult("getUser", rate, closedLoop, (long) rate * 10, (long) rate * 10, 0,
                (long) rate * 10, 0, 0, rateNotKept == null ? rate : rate * 0.91, time, latency(0.1), 32, 0, null,
                "getUser.hlog", rateNotKept, null, null, null, null, 0, null);
    }

    /** A distribution whose p50 is the value given and whose higher percentiles double it in turn. */
    private static OpenLoopReport.Latency latency(double p50) {
        return new OpenLoopReport.Latency(1000, p50, p50, p50 * 1.5, p50 * 2, p50 * 4, p50 * 6, p50 * 8);
    }

    /** The SVG element whose title is {@code title}. */
    private static String chart(String html, String title) {
        int titleAt = html.indexOf("<title>" + title + "</title>");
        assertTrue(titleAt > 0, "no chart " + title);
        int start = html.lastIndexOf("<svg ", titleAt);
        return html.substring(start, html.indexOf("</svg>", titleAt));
    }
}
