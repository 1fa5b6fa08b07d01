package org.rpcbench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.rpcbench.contract.OpenLoopReport;
import org.rpcbench.results.BenchmarkKey;
import org.rpcbench.results.FigureNotes;
import org.rpcbench.results.Format;
import org.rpcbench.results.Measurement;
import org.rpcbench.results.Run;
import org.rpcbench.results.SeedFigures;

/**
 * report.html: one self-contained page (inline style, inline SVG charts, nothing fetched) with the Markdown report's
 * tables and charts of throughput, latency percentiles and sweeps.
 */
final class HtmlReport {

    static final String STYLE = """
            body { font-family: sans-serif; margin: 24px; color: #222; max-width: 1400px; }
            table { border-collapse: collapse; margin: 8px 0 12px; }
            th, td { border: 1px solid #ccc; padding: 3px 8px; }
            th { background: #f2f2f2; }
            td.number { text-align: right; font-variant-numeric: tabular-nums; }
            .charts { display: flex; flex-wrap: wrap; gap: 16px; }
            .detail { color: #555; font-style: italic; }
            .failure { color: #a00000; font-weight: bold; }
            .ranking { font-weight: bold; }
            svg { max-width: 100%; height: auto; }
            h2 { border-bottom: 1px solid #ccc; padding-bottom: 4px; margin-top: 32px; }
            """;

    /** The category level of a throughput chart that names the benchmark method. */
    private static final String CALL = "call";

    private HtmlReport() {
    }

    /** @param directory where the report goes (its links are relative to it) */
    static String render(ReportModel model, Path directory) {
        Run run = model.run();
        List<String> pairs = run.pairs();
        StringBuilder html = new StringBuilder();
        String title = ReportTables.title(run);
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .append(Svg.escape(title)).append("</title>\n<style>\n").append(STYLE).append("</style>\n</head>\n")
                .append("<body>\n<h1>").append(Svg.escape(title)).append("</h1>\n");
        table(html, List.of("", ""), ReportTables.runFields(run));
        html.append("<h2>Pairs</h2>\n");
        ReportTables.Table pairsTable = ReportTables.pairTable(run);
        table(html, pairsTable.header(), pairsTable.rows());
        List<String> failures = ReportTables.failures(run);
        if (!failures.isEmpty()) {
            html.append("<ul>\n");
            failures.forEach(failure -> html.append("<li class=\"failure\">").append(Svg.escape(failure))
                    .append("</li>\n"));
            html.append("</ul>\n");
        }
        SeedFigures seed = model.seed();
        if (seed != null) {
            html.append("<h2>Seed rows</h2>\n<p class=\"detail\">").append(Svg.escape(ReportTables.seedRowsNote(seed)))
                    .append("</p>\n");
            ReportTables.Table seedRows = ReportTables.seedRows(run, seed);
            table(html, seedRows.header(), seedRows.rows());
        }
        ReportTables.Table frames = ReportTables.frameTable(run);
        if (!frames.rows().isEmpty()) {
            html.append("<h2>Bytes per call</h2>\n<p class=\"detail\">").append(Svg.escape(ReportTables.FRAME_NOTE))
                    .append("</p>\n");
            table(html, frames.header(), frames.rows());
        }
        ReportTables.Table streams = StreamVsUnary.table(model);
        if (!streams.rows().isEmpty()) {
            html.append("<h2>").append(StreamVsUnary.TITLE).append("</h2>\n<p class=\"detail\">")
                    .append(Svg.escape(StreamVsUnary.NOTE)).append("</p>\n");
            table(html, streams.header(), streams.rows());
        }
        List<ReportTables.OpenLoopStep> openLoop = ReportTables.openLoopSteps(run);
        if (!openLoop.isEmpty()) {
            html.append("<h2>Response time at a fixed rate (open loop)</h2>\n<p class=\"detail\">")
                    .append(Svg.escape(ReportTables.OPEN_LOOP_NOTE)).append("</p>\n");
            ReportTables.Table table = ReportTables.openLoopTable(openLoop);
            table(html, table.header(), table.rows());
            List<String> capacities = ReportTables.capacitiesUnderSlo(openLoop);
            if (!capacities.isEmpty()) {
                html.append("<ul>\n");
                capacities.forEach(line -> html.append("<li>").append(Svg.escape(line)).append("</li>\n"));
                html.append("</ul>\n");
            }
            charts(html, latencyThroughputCharts(openLoop));
        }
        List<ReportTables.Soak> soaks = ReportTables.soaks(run);
        if (!soaks.isEmpty()) {
            html.append("<h2>Soak</h2>\n<p class=\"detail\">").append(Svg.escape(ReportTables.SOAK_NOTE))
                    .append("</p>\n<ul>\n");
            ReportTables.soakLines(soaks).forEach(line -> html.append("<li>").append(Svg.escape(line))
                    .append("</li>\n"));
            html.append("</ul>\n");
            ReportTables.Table table = ReportTables.soakTable(soaks);
            table(html, table.header(), table.rows());
            for (ReportTables.Soak soak : soaks) {
                charts(html, SoakCharts.charts(run, soak));
            }
        }
        if (model.calls().isEmpty()) {
            if (openLoop.isEmpty() && soaks.isEmpty()) {
                html.append("<p>No pair produced a result.</p>\n");
            }
        } else if (model.calls().stream().anyMatch(call -> call.ranking().entries().size() > 1)) {
            html.append("<p class=\"detail\">").append(Svg.escape(ReportTables.rankingNote())).append("</p>\n");
        }
        if (model.calls().stream().anyMatch(ReportModel.Call::hasSample)) {
            html.append("<p class=\"detail\">").append(Svg.escape(FigureNotes.CLOSED_LOOP_NOTE)).append("</p>\n");
        }

        List<String> throughputCharts = throughputCharts(model, pairs);
        if (!throughputCharts.isEmpty()) {
            html.append("<h2>Throughput</h2>\n<p class=\"detail\">Bars: TPS; whiskers: JMH's 99.9% error.</p>\n");
            charts(html, throughputCharts);
        }
        List<String> sweepCharts = sweepCharts(model, pairs);
        if (!sweepCharts.isEmpty()) {
            html.append("<h2>Sweeps</h2>\n");
            charts(html, sweepCharts);
        }
        for (ReportModel.Call call : model.calls()) {
            html.append("<h2>").append(Svg.escape(call.title())).append("</h2>\n<p class=\"detail\">")
                    .append(Svg.escape(call.detail())).append(". ").append(Svg.escape(ReportTables.errorNote(call)))
                    .append("</p>\n");
            ReportTables.Table table = ReportTables.callTable(call, seed);
            table(html, table.header(), table.rows());
            for (String note : ReportTables.seedNotes(call, seed)) {
                html.append("<p class=\"detail\">").append(Svg.escape(note)).append("</p>\n");
            }
            String ranking = ReportTables.ranking(call);
            if (!ranking.isEmpty()) {
                html.append("<p class=\"ranking\">").append(Svg.escape(ranking)).append("</p>\n");
            }
            String settle = ReportTables.settleNote(call);
            if (!settle.isEmpty()) {
                html.append("<p class=\"detail\">").append(Svg.escape(settle)).append("</p>\n");
            }
            String harness = ReportTables.harnessNote(call);
            if (!harness.isEmpty()) {
                html.append("<p class=\"detail\">").append(Svg.escape(harness)).append("</p>\n");
            }
            if (call.hasSample()) {
                charts(html, List.of(percentileChart(call, pairs)));
            }
        }
        List<ReportTables.ProfileLine> profiles = ReportTables.profiles(run, directory);
        if (!profiles.isEmpty()) {
            html.append("<h2>Profiles</h2>\n<p class=\"detail\">").append(Svg.escape(ReportTables.PROFILE_NOTE))
                    .append("</p>\n<ul>\n");
            profiles.forEach(profile -> html.append("<li>").append(Svg.escape(profile.text())).append(": <a href=\"")
                    .append(Svg.escape(profile.cpuFlameGraph())).append("\">CPU</a> · <a href=\"")
                    .append(Svg.escape(profile.allocationFlameGraph())).append("\">allocation</a></li>\n"));
            html.append("</ul>\n");
        }
        return html.append("</body>\n</html>\n").toString();
    }

    /**
     * Per call, the latency-throughput curve of every pair: p50, p99 and p99.9 (by dash) against the calls/s each
     * rate achieved (a pair by colour), the knee where the lines turn up. A rate that was not kept is past the
     * curve's end: it stays in the table, off the chart.
     */
    private static List<String> latencyThroughputCharts(List<ReportTables.OpenLoopStep> steps) {
        List<String> pairs = steps.stream().map(ReportTables.OpenLoopStep::pair).distinct().toList();
        Map<String, List<ReportTables.OpenLoopStep>> byCall = new LinkedHashMap<>();
        steps.stream().filter(step -> step.step().problem() == null && step.step().rateNotKept() == null)
                .forEach(step -> byCall.computeIfAbsent(step.step().call(), call -> new ArrayList<>()).add(step));
        List<String> charts = new ArrayList<>();
        List<String> percentiles = List.of("p50", "p99", "p99.9");
        for (Map.Entry<String, List<ReportTables.OpenLoopStep>> call : byCall.entrySet()) {
            List<Charts.XySeries> series = new ArrayList<>();
            for (int pair = 0; pair < pairs.size(); pair++) {
                String name = pairs.get(pair);
                List<OpenLoopReport.CallResult> curve = call.getValue().stream()
                        .filter(step -> step.pair().equals(name)).map(ReportTables.OpenLoopStep::step).toList();
                if (curve.isEmpty()) {
                    continue;
                }
                for (int p = 0; p < percentiles.size(); p++) {
                    double percentile = List.of(50.0, 99.0, 99.9).get(p);
                    series.add(new Charts.XySeries(name + " " + percentiles.get(p), pair, p, curve.stream()
                            .map(step -> new double[] {step.achievedRate(), step.responseTime().at(percentile)})
                            .toList()));
                }
            }
            charts.add(Charts.xy(call.getKey() + ": response time against throughput", "calls/s achieved",
                    "response time (ms)", series));
        }
        return charts;
    }

    /** One chart per benchmark class, a group of bars per call, the calls nested by what varies among them. */
    private static List<String> throughputCharts(ReportModel model, List<String> pairs) {
        List<String> charts = new ArrayList<>();
        for (Map.Entry<String, List<ReportModel.Call>> benchmarkClass : model.callsByClass().entrySet()) {
            List<ReportModel.Call> unordered = benchmarkClass.getValue().stream()
                    .filter(ReportModel.Call::hasThroughput).toList();
            if (unordered.isEmpty()) {
                continue;
            }
            List<String> levels = categoryLevels(unordered);
            List<ReportModel.Call> calls = inCategoryOrder(unordered, levels);
            List<Charts.BarSeries> series = new ArrayList<>();
            for (int pair = 0; pair < pairs.size(); pair++) {
                String name = pairs.get(pair);
                List<Double> values = calls.stream().map(call -> value(call, name, ReportModel.Row::throughput,
                        Measurement::score)).toList();
                if (values.stream().allMatch(value -> value.isNaN())) {
                    continue;
                }
                series.add(new Charts.BarSeries(name, pair, values, calls.stream().map(call -> value(call, name,
                        ReportModel.Row::throughput, Measurement::error)).toList()));
            }
            List<List<String>> paths = calls.stream()
                    .map(call -> levels.stream().map(level -> categoryLabel(call, level)).toList()).toList();
            String name = benchmarkClass.getKey().isEmpty() ? "" : " (" + benchmarkClass.getKey() + ")";
            charts.add(Charts.bars("Throughput per call" + name, "TPS (calls/s), higher is better",
                    new Charts.Categories(levels, paths), series));
        }
        return charts;
    }

    /**
     * The category levels of a throughput chart, outermost first: the call when several ran (or nothing else
     * varies), then each param and the thread count that vary, the one with the fewest values outermost.
     */
    static List<String> categoryLevels(List<ReportModel.Call> calls) {
        Set<String> dimensions = new LinkedHashSet<>();
        calls.forEach(call -> dimensions.addAll(call.key().params().keySet()));
        dimensions.add(ReportModel.THREADS);
        List<String> varying = dimensions.stream()
                .filter(dimension -> distinct(calls, dimension) > 1)
                .sorted(Comparator.comparingLong(dimension -> distinct(calls, dimension)))
                .toList();
        List<String> levels = new ArrayList<>();
        if (calls.stream().map(call -> call.key().benchmark()).distinct().count() > 1 || varying.isEmpty()) {
            levels.add(CALL);
        }
        levels.addAll(varying);
        return levels;
    }

    private static long distinct(List<ReportModel.Call> calls, String dimension) {
        return calls.stream().map(call -> call.key().value(dimension)).distinct().count();
    }

    /**
     * The calls ordered level by level so that calls sharing an outer label are adjacent: calls in run order, a
     * param or thread count by size (a payload such as 1k before 1m; names that are no size after, in run order).
     */
    static List<ReportModel.Call> inCategoryOrder(List<ReportModel.Call> calls, List<String> levels) {
        Comparator<ReportModel.Call> order = Comparator.comparingInt(call -> 0);
        for (String level : levels) {
            List<String> firstSeen = calls.stream().map(call -> categoryLabel(call, level)).distinct().toList();
            if (level.equals(CALL)) {
                order = order.thenComparingInt(call -> firstSeen.indexOf(categoryLabel(call, level)));
            } else {
                order = order.thenComparingDouble((ReportModel.Call call) -> ReportModel.size(call.key()
                                .value(level)))
                        .thenComparingInt(call -> firstSeen.indexOf(categoryLabel(call, level)));
            }
        }
        return calls.stream().sorted(order).toList();
    }

    /** A call's label at one level: its method, a param's bare value, or "8 threads". */
    private static String categoryLabel(ReportModel.Call call, String level) {
        if (level.equals(CALL)) {
            return BenchmarkKey.method(call.key().benchmark());
        }
        return level.equals(ReportModel.THREADS) ? Format.threads(call.key().threads()) : call.key().value(level);
    }

    /**
     * Throughput and p99 against the swept value, a line per pair. Thread counts lie evenly apart; sizes (a string
     * payload) on a log axis, with "empty" before a break and values that are no size (objects) in a panel beside.
     */
    private static List<String> sweepCharts(ReportModel model, List<String> pairs) {
        List<String> charts = new ArrayList<>();
        for (ReportModel.Sweep sweep : model.sweeps()) {
            String fixed = sweep.fixed().isEmpty() ? "" : " (" + sweep.fixed() + ")";
            if (sweep.calls().stream().anyMatch(ReportModel.Call::hasThroughput)) {
                charts.add(sweepChart(sweep, sweep.method() + ": throughput vs " + sweep.dimension() + fixed,
                        "TPS (calls/s)", sweepSeries(sweep, pairs, row -> row.throughput() == null ? Double.NaN
                                : row.throughput().score())));
            }
            if (sweep.calls().stream().anyMatch(ReportModel.Call::hasSample)) {
                charts.add(sweepChart(sweep, sweep.method() + ": p99 vs " + sweep.dimension() + fixed, "p99 (ms)",
                        sweepSeries(sweep, pairs, row -> row.percentile(99.0))));
            }
        }
        return charts;
    }

    private static String sweepChart(ReportModel.Sweep sweep, String title, String yLabel,
                                     List<Charts.LineSeries> series) {
        if (sweep.dimension().equals(ReportModel.THREADS)) {
            List<Double> positions = new ArrayList<>();
            for (int i = 0; i < sweep.values().size(); i++) {
                positions.add((double) i);
            }
            return Charts.lines(title, sweep.dimension(), yLabel, sweep.values(), positions, series);
        }
        List<Double> sizes = sweep.values().stream().map(ReportModel::size)
                .map(size -> size == Double.MAX_VALUE ? Double.NaN : size).toList();
        boolean payload = sweep.dimension().equals("payload");
        return Charts.sizeSweep(title, yLabel,
                payload ? "string payload, by length (log scale)" : sweep.dimension() + " (log scale)",
                payload ? "object payloads" : "other " + sweep.dimension() + " values", sweep.values(), sizes,
                series);
    }

    private static List<Charts.LineSeries> sweepSeries(ReportModel.Sweep sweep, List<String> pairs,
                                                       Function<ReportModel.Row, Double> metric) {
        List<Charts.LineSeries> series = new ArrayList<>();
        for (int pair = 0; pair < pairs.size(); pair++) {
            String name = pairs.get(pair);
            List<Double> values = sweep.calls().stream().map(call -> call.rows().stream()
                    .filter(row -> row.pair().equals(name)).findFirst().map(metric).orElse(Double.NaN)).toList();
            if (values.stream().anyMatch(Double::isFinite)) {
                series.add(new Charts.LineSeries(name, pair, values));
            }
        }
        return series;
    }

    /** x: the percentile at -log10(1 - p), so 50, 90, 99, 99.9 and 99.99 are evenly apart beyond the median. */
    private static String percentileChart(ReportModel.Call call, List<String> pairs) {
        List<Double> percentiles = ReportModel.CHART_PERCENTILES.stream()
                .filter(p -> call.rows().stream().anyMatch(row -> Double.isFinite(row.percentile(p)))).toList();
        List<Charts.LineSeries> series = new ArrayList<>();
        for (ReportModel.Row row : call.rows()) {
            if (row.sample() != null) {
                series.add(new Charts.LineSeries(row.pair(), pairs.indexOf(row.pair()),
                        percentiles.stream().map(row::percentile).toList()));
            }
        }
        return Charts.lines("Latency percentiles: " + call.title(), "percentile", "response time (ms)",
                percentiles.stream().map(Format::percentile).toList(),
                percentiles.stream().map(p -> -Math.log10(1 - p / 100)).toList(), series);
    }

    private static double value(ReportModel.Call call, String pair, Function<ReportModel.Row, Measurement> mode,
                                Function<Measurement, Double> field) {
        return call.rows().stream().filter(row -> row.pair().equals(pair)).findFirst().map(mode)
                .map(field).orElse(Double.NaN);
    }

    static void charts(StringBuilder html, List<String> charts) {
        html.append("<div class=\"charts\">\n");
        charts.forEach(html::append);
        html.append("</div>\n");
    }

    static void table(StringBuilder html, List<String> header, List<List<String>> rows) {
        html.append("<table>\n");
        if (header.stream().anyMatch(cell -> !cell.isEmpty())) {
            html.append("<tr>");
            header.forEach(cell -> html.append("<th>").append(Svg.escape(cell)).append("</th>"));
            html.append("</tr>\n");
        }
        for (List<String> row : rows) {
            html.append("<tr>");
            for (int column = 0; column < row.size(); column++) {
                boolean number = header.get(column).endsWith(")");
                html.append(number ? "<td class=\"number\">" : column == 0 && header.get(0).isEmpty()
                        ? "<td><b>" : "<td>").append(Svg.escape(row.get(column)))
                        .append(column == 0 && header.get(0).isEmpty() ? "</b></td>" : "</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }
}
