package org.rpcbench.report.verdict;

import java.nio.file.Path;
import java.util.Locale;

import org.rpcbench.contract.HistoryEntry;
import org.rpcbench.gate.History;
import org.rpcbench.results.Format;
import org.rpcbench.results.Markdown;

/** {@code history check}'s page: the steps and the slow drifts found in the history, and whether it passed. */
public final class HistoryMarkdown {

    private HistoryMarkdown() {
    }

    /**
     * @param threshold smallest step or drift in percent that counts, as the check was given it
     * @param recent    the newest nights in which a worse step fails the check
     */
    public static String render(Path file, History.Check check, double threshold, int recent) {
        StringBuilder md = new StringBuilder("## Benchmark history\n\n").append(Markdown.escape(file.toString()))
                .append(": ").append(check.series()).append(" series, up to ").append(check.nights())
                .append(" nights each. A step: a change of level found by binary segmentation with Welch's t-test")
                .append(" (corrected p below the check's alpha); flagged when it is to the worse side, at least ")
                .append(Format.axis(threshold)).append("%, and begins among the newest ").append(recent)
                .append(" nights of its series. A series is one machine's (CPU model and cores): figures of two")
                .append(" machines are never compared.\n\n");
        if (check.steps().isEmpty()) {
            md.append("No step.\n\n");
        } else {
            md.append("| pair | call | metric | from | to | between commits | before | after | change | verdict"
                    + " | machine |\n")
                    .append("| --- | --- | --- | --- | --- | --- | ---: | ---: | ---: | --- | --- |\n");
            for (History.Step step : check.steps()) {
                String verdict = step.flagged() ? "**regression**" : step.worse() ? "worse" : "better";
                md.append("| ").append(String.join(" | ", Markdown.escape(step.key().pair()),
                        Markdown.escape(step.key().call()), Markdown.escape(metric(step.key(), step.unit())),
                        date(step.lastBefore()), date(step.firstAfter()),
                        commits(step.lastBefore(), step.firstAfter()), number(step.step().before()),
                        number(step.step().after()), Format.percent(step.step().changePercent()), verdict,
                        Markdown.escape(machine(step.key())))).append(" |\n");
            }
            md.append('\n');
        }
        if (!check.drifts().isEmpty()) {
            md.append("Slow drifts over the newest " + History.DRIFT_NIGHTS + " nights (a least-squares line over a"
                    + " week or more, reported, not failed):\n\n")
                    .append("| pair | call | metric | since | per week | in all | side | machine |\n")
                    .append("| --- | --- | --- | --- | ---: | ---: | --- | --- |\n");
            for (History.Drift drift : check.drifts()) {
                md.append("| ").append(String.join(" | ", Markdown.escape(drift.key().pair()),
                        Markdown.escape(drift.key().call()), Markdown.escape(metric(drift.key(), drift.unit())),
                        date(drift.first()), Format.percent(drift.perWeek()), Format.percent(drift.total()),
                        drift.worse() ? "worse" : "better", Markdown.escape(machine(drift.key())))).append(" |\n");
            }
            md.append('\n');
        }
        md.append(check.passed() ? "**History: passed**\n" : "**History: failed**\n");
        return md.toString();
    }

    private static String metric(History.SeriesKey key, String unit) {
        return VerdictCells.metric(key.mode(), key.metric(), unit, key.cost());
    }

    private static String machine(History.SeriesKey key) {
        return key.machine() == null ? "unknown" : key.machine();
    }

    private static String date(HistoryEntry entry) {
        String time = entry.time() == null ? "" : entry.time();
        return time.length() >= 10 ? time.substring(0, 10) : time;
    }

    /** The git range a step lies in: the last commit before it and the first after. */
    private static String commits(HistoryEntry before, HistoryEntry after) {
        if (before.commit() == null || after.commit() == null) {
            return "";
        }
        return "`" + VerdictCells.abbreviate(before.commit()) + ".." + VerdictCells.abbreviate(after.commit()) + "`";
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, Math.abs(value) >= 100 ? "%,.0f" : "%,.3f", value);
    }
}
