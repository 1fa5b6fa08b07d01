package org.rpcbench.report.verdict;

import org.rpcbench.contract.AbVerdict;
import org.rpcbench.contract.CallCost;
import org.rpcbench.gate.Verdict;

/** The cells every verdict table writes alike. */
public final class VerdictCells {

    private VerdictCells() {
    }

    /** A verdict as a table shows it: bold when it fails the gate. */
    static String verdict(Verdict verdict) {
        return verdict.fails() ? "**" + verdict + "**" : verdict.toString();
    }

    /**
     * A metric: a call's cost by its header, the score by its mode and unit, an open-loop call's median as its mode's
     * median, its seconds' median as its seconds' mean's.
     *
     * @param metric as a verdict line names it ({@link AbVerdict#SCORE}, {@link AbVerdict#MEDIAN},
     *               {@link AbVerdict#SECOND_MEANS_MEDIAN} or the cost's label)
     */
    public static String metric(String mode, String metric, String unit, CallCost cost) {
        return cost != null ? cost.header()
                : mode + (AbVerdict.MEDIAN.equals(metric) ? " median"
                        : AbVerdict.SECOND_MEANS_MEDIAN.equals(metric) ? " median second's mean" : "")
                + " (" + unit + ")";
    }

    /** A commit as the pages name it: its first twelve characters. */
    public static String abbreviate(String commit) {
        return commit.length() > 12 ? commit.substring(0, 12) : commit;
    }

    static String plural(long count, String noun) {
        return count + " " + noun + (count == 1 ? "" : "s");
    }
}
