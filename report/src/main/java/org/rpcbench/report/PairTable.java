package org.rpcbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.rpcbench.contract.CallCost;

/**
 * One pair's results in the seed reports' shape, the table a client prints and saves beside its result: a row per
 * call, payload and thread count with TPS, average time and the sample mode's percentiles, JMH's error beside each
 * score. Scores are normalised by {@link Units}, as in every table of the report.
 */
public final class PairTable {

    private static final String THROUGHPUT_HEADER = "TPS (calls/s)";
    static final List<String> HEADER = List.of("call", "payload", "threads", THROUGHPUT_HEADER, "avg (ms)", "p50 (ms)",
            "p99 (ms)", "p99.9 (ms)");

    /** One call at one payload and thread count; a mode that did not run is null. */
    record Row(String call, String payload, int threads, Measurement throughput, Measurement average,
            Measurement sample) {

        List<String> cells() {
            // without the average-time mode, the sample mode's mean is the same quantity
            Measurement mean = average != null ? average : sample;
            return List.of(call, payload, String.valueOf(threads),
                    throughput == null ? "" : Format.scoreWithError(throughput.score(), throughput.error(),
                            Units.CALLS_PER_SECOND),
                    mean == null ? "" : Format.scoreWithError(mean.score(), mean.error(), Units.MILLISECONDS),
                    percentile(50), percentile(99), percentile(99.9));
        }

        Double cost(CallCost cost) {
            return Measurement.cost(cost, throughput, average, sample);
        }

        String harnessBound() {
            return Measurement.harnessBound(throughput, average, sample);
        }

        /** The call with its payload and threads, as the note under the table names a row. */
        String name() {
            return call + (payload.isEmpty() ? "" : " " + payload) + " (" + Format.threads(threads) + ")";
        }

        private String percentile(double percentile) {
            return sample == null ? ""
                    : Format.score(sample.percentiles().getOrDefault(percentile, Double.NaN), Units.MILLISECONDS);
        }
    }

    private PairTable() {
    }

    /**
     * The table of JMH JSON text (what JMH's JSON writer produced for a client's run).
     *
     * @throws IllegalArgumentException when the text is not JMH's JSON
     */
    public static String markdown(String jmhJson) {
        return markdown(jmhJson, null);
    }

    /**
     * The table with a seed report's published figures in two more columns, on the rows it has figures for, and a
     * line under it naming the source; without seed figures, the plain table.
     *
     * @throws IllegalArgumentException when the text is not JMH's JSON
     */
    public static String markdown(String jmhJson, SeedFigures seed) {
        List<Row> rows;
        try {
            rows = rows(JmhJson.parse(jmhJson, ""));
        } catch (InputException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        String note = rows.stream().anyMatch(row -> row.sample() != null)
                ? "\n" + ReportTables.CLOSED_LOOP_NOTE + "\n" : "";
        List<CallCost> costs = CallCost.PER_CALL.stream()
                .filter(cost -> rows.stream().anyMatch(row -> row.cost(cost) != null)).toList();
        List<String> header = new ArrayList<>(HEADER);
        costs.forEach(cost -> header.add(cost.header()));
        if (seed != null) {
            header.add("seed TPS (calls/s)");
            header.add("seed avg (ms)");
        }
        List<List<String>> cells = new ArrayList<>();
        Map<String, String> harnessBound = new LinkedHashMap<>();
        for (Row row : rows) {
            List<String> line = new ArrayList<>(row.cells());
            if (row.harnessBound() != null) {
                int marked = row.throughput() == null ? 0 : HEADER.indexOf(THROUGHPUT_HEADER);
                line.set(marked, line.get(marked) + ReportTables.HARNESS_BOUND_MARK);
                harnessBound.put(row.name(), row.harnessBound());
            }
            costs.forEach(cost -> line.add(Format.cost(cost, row.cost(cost))));
            if (seed == null) {
                cells.add(line);
                continue;
            }
            SeedFigures.Figure figure = seed.figures().get(SeedFigures.key(row.payload(), row.threads()));
            line.add(figure == null ? "" : Format.score(figure.tps(), Units.CALLS_PER_SECOND));
            line.add(figure == null || figure.averageMillis() == null ? ""
                    : Format.score(figure.averageMillis(), Units.MILLISECONDS));
            cells.add(line);
        }
        String harness = ReportTables.harnessNote(harnessBound);
        if (!harness.isEmpty()) {
            note += "\n" + harness + "\n";
        }
        if (seed == null) {
            return MarkdownReport.table(header, cells) + note;
        }
        return MarkdownReport.table(header, cells) + note + "\nseed figures: " + seed.source()
                + " (another machine, JVM and version: compare the shape, not the ratio)\n";
    }

    static List<Row> rows(List<Measurement> measurements) {
        Map<String, Map<String, Measurement>> byCall = new LinkedHashMap<>();
        for (Measurement measurement : measurements) {
            byCall.computeIfAbsent(key(measurement), k -> new LinkedHashMap<>()).put(measurement.mode(), measurement);
        }
        List<Row> rows = new ArrayList<>();
        byCall.values().forEach(modes -> {
            Measurement any = modes.values().iterator().next();
            rows.add(new Row(ReportModel.method(any.benchmark()), any.params().getOrDefault("payload", ""),
                    any.threads(), modes.get(Measurement.THROUGHPUT), modes.get(Measurement.AVERAGE_TIME),
                    modes.get(Measurement.SAMPLE)));
        });
        return rows;
    }

    private static String key(Measurement measurement) {
        return measurement.benchmark() + "|" + measurement.params() + "|" + measurement.threads();
    }
}
