package org.rpcbench.report;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;

import org.rpcbench.contract.HistoryEntry;
import org.rpcbench.gate.History;
import org.rpcbench.report.verdict.VerdictCells;
import org.rpcbench.results.Format;

/**
 * {@code history report}'s page: the nights of a history on one self-contained page (inline style and SVG, nothing
 * fetched). At the top, what moved beyond its noise in the newest nights, worse first; then a chart per call and
 * metric, with each machine's nights a series of its own (a change of runner is a new series, not a step), the steps
 * the check found drawn where they lie with the commits between them, and a slow drift's fitted line.
 */
public final class TrendPage {

    private static final double SECONDS_PER_DAY = 86_400;

    /** A chart's subject: a series key without its machine. */
    private record Subject(String pair, String benchmark, String mode, int threads, SortedMap<String, String> params,
            String metric) {

        static Subject of(History.SeriesKey key) {
            return new Subject(key.pair(), key.benchmark(), key.mode(), key.threads(), key.params(), key.metric());
        }
    }

    /** A row of the summary: a step or a drift, with whether it went the worse way and how far. */
    private record Moved(boolean worse, double change, List<String> cells) {
    }

    private TrendPage() {
    }

    /**
     * @param check     the history's check, with the threshold and recent nights it was given
     * @param threshold smallest step or drift in percent that counts
     * @param recent    the newest nights the summary looks at
     */
    public static String render(Path file, List<HistoryEntry> entries, History.Check check, double threshold,
            int recent) {
        Map<History.SeriesKey, List<HistoryEntry>> series = History.series(entries);
        List<String> machines = entries.stream().map(TrendPage::machine).distinct().toList();
        List<Instant> times = entries.stream().map(HistoryEntry::instant).sorted().toList();
        Instant first = times.isEmpty() ? Instant.EPOCH : times.get(0);
        Instant last = times.isEmpty() ? Instant.EPOCH : times.get(times.size() - 1);
        String title = "Benchmark history: " + file.getFileName();
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n")
                .append("<meta charset=\"utf-8\">\n<title>").append(Svg.escape(title)).append("</title>\n<style>\n")
                .append(HtmlReport.STYLE)
                .append("</style>\n</head>\n<body>\n<h1>").append(Svg.escape(title)).append("</h1>\n");
        HtmlReport.table(html, List.of("", ""), List.of(
                List.of("file", file.toString()),
                List.of("nights", entries.isEmpty() ? "none" : date(first) + " to " + date(last) + ", up to "
                        + check.nights() + " per series"),
                List.of("series", String.valueOf(check.series())),
                List.of("machines", String.join("; ", machines))));

        html.append("<h2>What moved in the newest ").append(recent).append(" nights</h2>\n");
        List<Moved> moved = moved(series, check, threshold, recent);
        if (moved.isEmpty()) {
            html.append("<p>Nothing moved beyond its noise in the newest ").append(recent).append(" nights of any"
                    + " series.</p>\n");
        } else {
            HtmlReport.table(html, List.of("pair", "call", "metric", "machine", "what", "when", "between commits",
                    "change (%)", "side"), moved.stream().map(Moved::cells).toList());
        }
        html.append("<p class=\"detail\">A step is a change of level the check found (binary segmentation, Welch's"
                + " t-test, corrected p below its alpha); a regression is a step to the worse side of at least ")
                .append(Svg.escape(Format.axis(threshold))).append("% among the newest nights, which fails")
                .append(" <code>history check</code>. A drift is a least-squares line over the newest ")
                .append(History.DRIFT_NIGHTS).append(" nights spanning a week or more. Each machine (CPU model and")
                .append(" cores) is a series of its own: figures of two machines are never compared.</p>\n");

        html.append("<h2>Nights</h2>\n");
        Map<Subject, List<History.SeriesKey>> charts = new LinkedHashMap<>();
        series.keySet().forEach(key -> charts.computeIfAbsent(Subject.of(key), k -> new ArrayList<>()).add(key));
        List<String> svgs = new ArrayList<>();
        for (Map.Entry<Subject, List<History.SeriesKey>> chart : charts.entrySet()) {
            svgs.add(chart(chart.getValue(), series, check, machines, first));
        }
        HtmlReport.charts(html, svgs);
        return html.append("</body>\n</html>\n").toString();
    }

    private static String chart(List<History.SeriesKey> keys, Map<History.SeriesKey, List<HistoryEntry>> series,
            History.Check check, List<String> machines, Instant first) {
        History.SeriesKey any = keys.get(0);
        String unit = series.get(any).get(series.get(any).size() - 1).unit();
        List<Charts.XySeries> lines = new ArrayList<>();
        for (History.SeriesKey key : keys) {
            int color = machines.indexOf(machine(key));
            List<double[]> points = series.get(key).stream()
                    .map(entry -> new double[] {days(first, entry), entry.value(),
                        entry.error() == null ? Double.NaN : entry.error()})
                    .toList();
            lines.add(new Charts.XySeries(machine(key), color, 0, points));
            for (History.Step step : check.steps()) {
                if (step.key().equals(key)) {
                    double at = (days(first, step.lastBefore()) + days(first, step.firstAfter())) / 2;
                    lines.add(new Charts.XySeries("step " + Format.percent(step.step().changePercent())
                            + commits(step.lastBefore(), step.firstAfter()), color, 1,
                            List.of(new double[] {at, step.step().before()}, new double[] {at, step.step().after()}),
                            false));
                }
            }
            for (History.Drift drift : check.drifts()) {
                if (drift.key().equals(key)) {
                    lines.add(new Charts.XySeries("drift " + Format.percent(drift.perWeek()) + " a week", color, 2,
                            List.of(new double[] {days(first, drift.first()), drift.fittedFirst()},
                                new double[] {days(first, drift.last()), drift.fittedLast()}), false));
                }
            }
        }
        return Charts.xy(any.pair() + ": " + any.call() + ", "
                + VerdictCells.metric(any.mode(), any.metric(), unit, any.cost()), "days since " + date(first), unit,
                lines);
    }

    /**
     * The steps of the threshold or more that begin among the newest nights of their series, and every drift: worse
     * first, then largest.
     */
    private static List<Moved> moved(Map<History.SeriesKey, List<HistoryEntry>> series, History.Check check,
            double threshold, int recent) {
        List<Moved> moved = new ArrayList<>();
        for (History.Step step : check.steps()) {
            List<HistoryEntry> nights = series.get(step.key());
            double change = step.step().changePercent();
            if (nights.indexOf(step.firstAfter()) < nights.size() - recent || Math.abs(change) < threshold) {
                continue;
            }
            moved.add(new Moved(step.worse(), change, cells(step.key(), step.unit(),
                    step.flagged() ? "regression" : "step", date(step.lastBefore().instant()) + " to "
                            + date(step.firstAfter().instant()), commits(step.lastBefore(), step.firstAfter()).strip(),
                    change, step.worse())));
        }
        for (History.Drift drift : check.drifts()) {
            moved.add(new Moved(drift.worse(), drift.total(), cells(drift.key(), drift.unit(), "drift, "
                    + Format.percent(drift.perWeek()) + " a week", date(drift.first().instant()) + " to "
                    + date(drift.last().instant()), commits(drift.first(), drift.last()).strip(), drift.total(),
                    drift.worse())));
        }
        moved.sort(Comparator.comparing((Moved row) -> !row.worse())
                .thenComparing(row -> -Math.abs(row.change())));
        return moved;
    }

    private static List<String> cells(History.SeriesKey key, String unit, String what, String when, String commits,
            double change, boolean worse) {
        return List.of(key.pair(), key.call(), VerdictCells.metric(key.mode(), key.metric(), unit, key.cost()),
                machine(key), what, when, commits, Format.percent(change), worse ? "worse" : "better");
    }

    private static String commits(HistoryEntry before, HistoryEntry after) {
        if (before.commit() == null || after.commit() == null || Objects.equals(before.commit(), after.commit())) {
            return "";
        }
        return " " + VerdictCells.abbreviate(before.commit()) + ".." + VerdictCells.abbreviate(after.commit());
    }

    private static String machine(History.SeriesKey key) {
        return key.machine() == null ? "machine unknown" : key.machine();
    }

    private static String machine(HistoryEntry entry) {
        return entry.machine() == null ? "machine unknown" : entry.machine();
    }

    private static double days(Instant first, HistoryEntry entry) {
        return Duration.between(first, entry.instant()).toSeconds() / SECONDS_PER_DAY;
    }

    private static String date(Instant instant) {
        return instant.toString().substring(0, 10);
    }
}
