package org.rpcbench.report.verdict;

import java.util.List;
import java.util.Locale;

import org.rpcbench.contract.AbRecord;
import org.rpcbench.contract.AbVerdict;
import org.rpcbench.gate.AbComparison;
import org.rpcbench.gate.Verdict;
import org.rpcbench.results.Format;
import org.rpcbench.results.Markdown;

/** verdict.md: an A/B run's verdict per benchmark and metric, how it was judged, and the gate's. */
public final class AbComparisonMarkdown {

    private AbComparisonMarkdown() {
    }

    /** A side's JDKs and JVM flags as its run-all was given them; nothing when it ran the suite's own. */
    private static String jvms(List<String> jvmOptions) {
        return jvmOptions.isEmpty() ? "" : ", its JVMs `" + String.join(" ", jvmOptions.stream()
                .map(word -> word.contains(" ") ? "\"" + word + "\"" : word).toList()) + "`";
    }

    public static String render(AbComparison comparison) {
        AbRecord record = comparison.record();
        int trials = comparison.trials();
        AbVerdict.Thresholds thresholds = comparison.thresholds();
        StringBuilder md = new StringBuilder("## A/B comparison\n\n")
                .append("Baseline: ").append(Markdown.escape(AbComparison.describe(record.baseline())))
                .append(jvms(record.baselineJvmOptions()))
                .append("  \n")
                .append("Candidate: ").append(Markdown.escape(AbComparison.describe(record.candidate())))
                .append(jvms(record.candidateJvmOptions()))
                .append(record.candidateServerArgs().isEmpty() ? "" : ", its servers also given `"
                        + String.join(" ", record.candidateServerArgs()) + "`")
                .append(record.candidateClientArgs().isEmpty() ? "" : ", its clients also given `"
                        + String.join(" ", record.candidateClientArgs()) + "`")
                .append("\n\n")
                .append(trials).append(trials == 1 ? " trial" : " trials").append(" ran both sides (")
                .append(comparison.directory().toAbsolutePath().normalize())
                .append(record.duet() ? "), both sides at once in each, each side's servers and clients on CPUs "
                        + String.join(" or ", record.duetCpus()) + ", swapped from trial to trial (seed "
                        : "), in random order within each (seed ").append(record.seed()).append(").")
                .append(record.confirmationFrom() == null ? "" : " The first "
                        + (trials - comparison.confirmationTrials()) + " flagged a regression, so "
                        + comparison.confirmationTrials() + " confirmation trials followed: a change"
                        + " counts only when the first trials and the confirmation trials, each judged alone (the"
                        + " confirmation trials by their " + Format.axis(thresholds.confirmationConfidence())
                        + "% interval), both show it; the figures and intervals are over all trials.")
                .append(" Change: the")
                .append(" candidate's mean over the baseline's; interval: ").append(AbComparison.INTERVAL)
                .append("; a regression only when the whole interval lies beyond the threshold. Detectable: the")
                .append(" smallest change a run this noisy sees nine times in ten")
                .append(record.confirmationTrials() != null && record.confirmationTrials() > 0
                        ? ", by the rule it is judged by (the first trials and the confirmation trials, at "
                                + Format.axis(thresholds.confirmationConfidence()) + "%, must each flag it)" : "")
                .append(".\n\n")
                .append("| pair | call | metric | baseline | candidate | change | 95% interval | detectable"
                        + " | verdict |\n")
                .append("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |\n");
        for (AbComparison.Judged judged : comparison.lines()) {
            AbVerdict.Line line = judged.line();
            String verdict = VerdictCells.verdict(judged.verdict())
                    + (line.note() == null || line.note().isEmpty() ? ""
                            : " (" + Markdown.escape(line.note()) + ")");
            md.append("| ").append(String.join(" | ", Markdown.escape(line.pair()),
                    line.benchmark() == null ? "" : Markdown.escape(judged.key().call()),
                    metric(judged), figure(judged, line.baseline()), figure(judged, line.candidate()),
                    line.ratio() == null ? "" : Format.percent((line.ratio() - 1) * 100),
                    line.low() == null ? "" : Format.percent((line.low() - 1) * 100) + " to "
                            + Format.percent((line.high() - 1) * 100),
                    line.detectable() == null ? "" : String.format(Locale.ROOT, "%.1f%%", line.detectable()),
                    verdict)).append(" |\n");
        }
        md.append('\n').append(comparison.count(Verdict.REGRESSION)).append(" regressions, ")
                .append(comparison.count(Verdict.IMPROVEMENT)).append(" improvements, ")
                .append(comparison.count(Verdict.WITHIN_NOISE)).append(" within noise, ")
                .append(comparison.count(Verdict.ONLY_IN_BASELINE) + comparison.count(Verdict.ONLY_IN_CANDIDATE))
                .append(" unmatched, ")
                .append(comparison.count(Verdict.PAIR_FAILED)).append(" pair failed, ")
                .append(comparison.count(Verdict.NOT_JUDGED)).append(" not judged; thresholds: time ")
                .append(Format.axis(thresholds.time()))
                .append("%, median time ").append(Format.axis(thresholds.median()))
                .append("%, server CPU ").append(Format.axis(thresholds.serverCpu()))
                .append("%, client CPU ").append(Format.axis(thresholds.clientCpu()))
                .append("%, bytes allocated ").append(Format.axis(thresholds.allocation())).append("%.\n\n")
                .append(comparison.compared() == 0 ? "Nothing was compared: no benchmark and metric ran on both"
                        + " sides of a trial.\n\n" : "")
                .append(comparison.passed() ? "**Gate: passed**\n" : "**Gate: failed**\n");
        return md.toString();
    }

    private static String metric(AbComparison.Judged judged) {
        if (judged.line().benchmark() == null) {
            return "";
        }
        return judged.line().unit() == null && judged.cost() == null ? judged.key().mode()
                : VerdictCells.metric(judged.key().mode(), judged.line().metric(), judged.line().unit(),
                        judged.cost());
    }

    private static String figure(AbComparison.Judged judged, Double value) {
        if (value == null) {
            return "";
        }
        return judged.cost() != null ? Format.cost(judged.cost(), value) : Format.score(value, judged.line().unit());
    }
}
