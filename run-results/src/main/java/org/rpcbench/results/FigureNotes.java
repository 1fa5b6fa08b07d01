package org.rpcbench.results;

import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The marks beside a table's figures and the notes under it, the same in the report and in the table a client
 * prints: what closed-loop percentiles are, the rows the harness bounds, the rows that had not settled.
 */
public final class FigureNotes {

    private FigureNotes() {
    }

    /** What closed-loop percentiles are, wherever the report shows them. */
    public static final String CLOSED_LOOP_NOTE = "Percentiles from JMH's sample mode: a closed loop, each thread"
            + " sending its next call when the last returns (service time under a fixed concurrency; a stall is counted"
            + " once per thread), not response time at a fixed rate (run-all --rate).";

    /**
     * Beside the throughput the harness bounds (beside the row's name where it has no throughput), explained under
     * its table.
     */
    public static final String HARNESS_BOUND_MARK = " ‡";
    public static final String UNSETTLED_MARK = " †";

    /**
     * Under a table, once: the rows whose figures are the load generator's as much as the stack's, the range of
     * loads that make them so, and where to measure the stack instead; empty when there are none.
     *
     * @param bound each marked row's name and its loads
     */
    public static String harnessNote(Map<String, Measurement.HarnessLoad> bound) {
        if (bound.isEmpty()) {
            return "";
        }
        Map<Boolean, List<String>> rowsByKind = new LinkedHashMap<>();
        bound.forEach((row, load) -> rowsByKind.computeIfAbsent(load.clientSaturated(), k -> new ArrayList<>())
                .add(row));
        List<String> parts = new ArrayList<>();
        rowsByKind.forEach((clientSaturated, rows) -> {
            List<Measurement.HarnessLoad> loads = rows.stream().map(bound::get).toList();
            String client = percentRange(loads, Measurement.HarnessLoad::client);
            parts.add(String.join(", ", rows) + ": " + (clientSaturated ? "the client used " + client
                    + " of its cores" : "client and server used " + percentRange(loads,
                    Measurement.HarnessLoad::machine) + " of the cores they share, the client " + client
                    + ", the server " + percentRange(loads, Measurement.HarnessLoad::server)));
        });
        return HARNESS_BOUND_MARK.strip() + " harness-bound, the figure is the load generator's as much as the"
                + " stack's: " + String.join("; ", parts) + ". To measure the stack rather than the load"
                + " generator, run the client on another host (docs/two-hosts.md), or with fewer threads"
                + " (--threads) where the question allows.";
    }

    /** "57%" or "57-71%": the loads' range, rounded as they are printed. */
    private static String percentRange(List<Measurement.HarnessLoad> loads,
            ToDoubleFunction<Measurement.HarnessLoad> load) {
        DoubleSummaryStatistics range = loads.stream().mapToDouble(load).map(Math::rint).summaryStatistics();
        return range.getMin() == range.getMax() ? String.format(Locale.ROOT, "%.0f%%", range.getMin())
                : String.format(Locale.ROOT, "%.0f-%.0f%%", range.getMin(), range.getMax());
    }

    /**
     * Under a table: the rows whose throughput still rose through their measured iterations
     * ({@link Measurement#climb()}), and what to do about it; empty when every fork had settled.
     *
     * @param unsettled each marked row's name and its fork that moved most
     */
    public static String settleNote(Map<String, Measurement.Climb> unsettled) {
        if (unsettled.isEmpty()) {
            return "";
        }
        List<String> rows = new ArrayList<>();
        unsettled.forEach((row, climb) -> rows.add(String.format(Locale.ROOT,
                "%s: fork %d's second half %.0f%% above its first (p %s)", row, climb.fork(), 100 * climb.change(),
                climb.p() < 0.001 ? "< 0.001" : String.format(Locale.ROOT, "= %.3f", climb.p()))));
        return UNSETTLED_MARK.strip() + " not settled, the throughput still rose through the measured iterations: "
                + String.join("; ", rows) + ". Warm each fork longer (--warmupIterations, --warmupTime).";
    }
}
