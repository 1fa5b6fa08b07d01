package org.rpcbench.report.verdict;

import org.rpcbench.contract.CallCost;
import org.rpcbench.gate.Comparison;
import org.rpcbench.gate.Verdict;
import org.rpcbench.results.Format;
import org.rpcbench.results.Markdown;
import org.rpcbench.results.Measurement;
import org.rpcbench.results.Run;

/** {@code compare}'s page: each benchmark's and each call cost's verdict between two runs, and the gate's. */
public final class ComparisonMarkdown {

    private ComparisonMarkdown() {
    }

    public static String render(Comparison comparison) {
        StringBuilder md = new StringBuilder("## Benchmark comparison\n\n")
                .append("Baseline: ").append(Markdown.escape(describe(comparison.baseline()))).append("  \n")
                .append("Candidate: ").append(Markdown.escape(describe(comparison.candidate()))).append("\n\n")
                .append("| pair | call | mode | baseline | candidate | change | verdict |\n")
                .append("| --- | --- | --- | ---: | ---: | ---: | --- |\n");
        for (Comparison.Line line : comparison.lines()) {
            String verdict = VerdictCells.verdict(line.verdict())
                    + (line.note().isEmpty() ? "" : " (" + Markdown.escape(line.note()) + ")")
                    + (line.noNoiseEstimate() ? " (no noise estimate)" : "");
            md.append("| ").append(String.join(" | ", Markdown.escape(line.key().pair()),
                            Markdown.escape(line.key().call()), Markdown.escape(line.key().mode()),
                            Markdown.escape(score(line.baseline())),
                            Markdown.escape(score(line.candidate())),
                            Double.isNaN(line.change()) ? "" : Format.percent(line.change()), verdict))
                    .append(" |\n");
        }
        long unmatched = comparison.count(Verdict.ONLY_IN_BASELINE) + comparison.count(Verdict.ONLY_IN_CANDIDATE);
        md.append('\n').append(VerdictCells.plural(comparison.count(Verdict.REGRESSION), "regression")).append(", ")
                .append(VerdictCells.plural(comparison.count(Verdict.IMPROVEMENT), "improvement")).append(", ")
                .append(comparison.count(Verdict.WITHIN_NOISE)).append(" within noise, ")
                .append(unmatched).append(" unmatched, ")
                .append(comparison.count(Verdict.PAIR_FAILED)).append(" pair failed")
                .append("; threshold ").append(Format.axis(comparison.thresholds().time()))
                .append("%, noise = the largest of JMH's 99.9% error,")
                .append(" half the spread of the fork means and, in sample mode, of the iteration means.\n\n");
        if (!comparison.costLines().isEmpty()) {
            costs(md, comparison);
        }
        md.append(comparison.passed() ? "**Gate: passed**\n" : "**Gate: failed**\n");
        return md.toString();
    }

    private static void costs(StringBuilder md, Comparison comparison) {
        md.append("### What a call cost\n\n")
                .append("| pair | call | cost | baseline | candidate | change | verdict |\n")
                .append("| --- | --- | --- | ---: | ---: | ---: | --- |\n");
        for (Comparison.CostLine line : comparison.costLines()) {
            Comparison.Judgement judgement = line.judgement();
            String verdict = VerdictCells.verdict(judgement.verdict())
                    + (judgement.note().isEmpty() ? "" : " (" + Markdown.escape(judgement.note()) + ")")
                    + (judgement.noNoiseEstimate() ? " (no noise estimate)" : "");
            md.append("| ").append(String.join(" | ", Markdown.escape(line.key().pair()),
                            Markdown.escape(line.key().call()), Markdown.escape(line.cost().header()),
                            cost(line.cost(), line.baseline()), cost(line.cost(), line.candidate()),
                            Double.isNaN(judgement.change()) ? "" : Format.percent(judgement.change()), verdict))
                    .append(" |\n");
        }
        md.append('\n').append(VerdictCells.plural(comparison.costCount(Verdict.REGRESSION), "regression"))
                .append(", ")
                .append(VerdictCells.plural(comparison.costCount(Verdict.IMPROVEMENT), "improvement")).append(", ")
                .append(comparison.costCount(Verdict.WITHIN_NOISE)).append(" within noise, ")
                .append(comparison.costCount(Verdict.ONLY_IN_BASELINE)).append(" only in baseline; thresholds: CPU ")
                .append(Format.axis(comparison.thresholds().cpu())).append("%, bytes allocated ")
                .append(Format.axis(comparison.thresholds().allocation()))
                .append("%, noise = the larger of JMH's 99.9% error and half the spread of the fork means.\n\n");
    }

    private static String cost(CallCost cost, Measurement.Cost value) {
        if (value == null) {
            return "";
        }
        return Format.cost(cost, value.score())
                + (Double.isFinite(value.error()) ? " ± " + Format.cost(cost, value.error()) : "");
    }

    private static String describe(Run run) {
        return run.source() + (run.info() != null && run.info().runId() != null ? " (run " + run.info().runId() + ")"
                : "");
    }

    private static String score(Measurement measurement) {
        return measurement == null ? "" : Format.scoreWithError(measurement.score(), measurement.error(),
                measurement.unit()) + " " + measurement.unit();
    }
}
