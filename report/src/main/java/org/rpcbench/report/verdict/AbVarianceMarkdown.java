package org.rpcbench.report.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.rpcbench.gate.AbComparison;
import org.rpcbench.gate.AbVariance;
import org.rpcbench.results.Markdown;

/** Where the variance of A/A runs lives, per metric: the section that opens {@code ab --power}'s page. */
public final class AbVarianceMarkdown {

    private AbVarianceMarkdown() {
    }

    public static String render(List<AbVariance.Row> rows) {
        StringBuilder md = new StringBuilder("## Where the variance lives\n\n");
        md.append("Per metric, pooled over the runs: the spread between a fork's measured iterations; what a trial's"
                + " mean would spread by from those alone; the spread between one side's trials (each a fresh JVM"
                + " at another moment); that of the candidate-over-baseline ratio, which the gate judges; the share"
                + " of one side's trial-to-trial variance the two sides of a trial have in common, which the ratio"
                + " cancels; and the ratio's spread over the mean of an hour of trials, which compares designs"
                + " whose trials take different times (smaller sees more in the same time), from the minutes a"
                + " trial took, both sides' launchers. Coefficients of"
                + " variation; the ratio's is its logarithm's standard deviation.\n\n");
        List<String> header = List.of("pair", "call", "metric", "trials", "iterations of a fork",
                "a trial, from its iterations", "trials, one side", "trials, candidate / baseline",
                "shared by both sides", "ratio, an hour of trials", "minutes a trial");
        List<List<String>> table = new ArrayList<>();
        for (AbVariance.Row row : rows) {
            AbComparison.Series series = row.series();
            table.add(List.of(series.key().pair(), series.key().call(),
                    VerdictCells.metric(series.key().mode(), series.metric(), series.unit(), series.cost()),
                    String.valueOf(row.trialCount()), percent(row.iterations()), percent(row.fromIterations()),
                    percent(row.trials()), percent(row.ratio()), share(row.shared()), percent(row.ratioOverAnHour()),
                    row.trialMinutes() == 0 ? ""
                            : String.format(Locale.ROOT, "%.1f", row.trialMinutes())));
        }
        md.append(Markdown.table(header, table)).append('\n');
        return md.toString();
    }

    private static String percent(double fraction) {
        return Double.isNaN(fraction) ? "" : String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }

    private static String share(double fraction) {
        return Double.isNaN(fraction) ? "" : String.format(Locale.ROOT, "%.0f%%", fraction * 100);
    }
}
