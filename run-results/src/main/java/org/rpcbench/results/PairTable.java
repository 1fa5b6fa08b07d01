package org.rpcbench.results;

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
    public static final String SEED_TPS_HEADER = "seed TPS (calls/s)";
    public static final String SEED_AVERAGE_HEADER = "seed avg (ms)";
    static final List<String> HEADER = List.of("call", "payload", "threads", THROUGHPUT_HEADER, "avg (ms)", "p50 (ms)",
            "p99 (ms)", "p99.9 (ms)");

    /** One call at one payload and thread count; a mode that did not run is null. */
    public record Row(String call, String payload, int threads, Measurement throughput, Measurement average,
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

        Measurement.HarnessLoad harnessLoad() {
            return Measurement.harnessLoad(throughput, average, sample);
        }

        /** How far the throughput still rose while measured ({@link Measurement#climb()}), or null. */
        Measurement.Climb climb() {
            return throughput == null ? null : throughput.climb();
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
        return markdown(jmhJson, null, null);
    }

    /**
     * The table with a seed report's published figures in more columns, from the seed's row beside this pair
     * ({@link SeedFigures#rowBeside}), on the table's rows it has figures for, and a line under it naming the
     * source and the row; without seed figures, the plain table.
     *
     * @param seed the preset's seed figures, or null
     * @param pair the pair whose table this is
     * @throws IllegalArgumentException when the text is not JMH's JSON
     */
    public static String markdown(String jmhJson, SeedFigures seed, String pair) {
        List<Row> rows;
        try {
            rows = rows(JmhJson.parse(jmhJson, ""));
        } catch (InputException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        String note = rows.stream().anyMatch(row -> row.sample() != null)
                ? "\n" + FigureNotes.CLOSED_LOOP_NOTE + "\n" : "";
        List<CallCost> costs = CallCost.PER_CALL.stream()
                .filter(cost -> rows.stream().anyMatch(row -> row.cost(cost) != null)).toList();
        SeedFigures.Row seedRow = seed == null ? null : seed.rowBeside(pair).orElse(null);
        boolean seedTps = seedRow != null && seedRow.figures().values().stream().anyMatch(f -> f.tps() != null);
        List<String> header = new ArrayList<>(HEADER);
        costs.forEach(cost -> header.add(cost.header()));
        if (seedRow != null) {
            if (seedTps) {
                header.add(SEED_TPS_HEADER);
            }
            header.add(SEED_AVERAGE_HEADER);
        }
        List<List<String>> cells = new ArrayList<>();
        Map<String, Measurement.HarnessLoad> harnessBound = new LinkedHashMap<>();
        Map<String, Measurement.Climb> unsettled = new LinkedHashMap<>();
        for (Row row : rows) {
            List<String> line = new ArrayList<>(row.cells());
            int marked = row.throughput() == null ? 0 : HEADER.indexOf(THROUGHPUT_HEADER);
            Measurement.Climb climb = row.climb();
            if (climb != null) {
                line.set(marked, line.get(marked) + FigureNotes.UNSETTLED_MARK);
                unsettled.put(row.name(), climb);
            }
            if (row.harnessLoad() != null) {
                line.set(marked, line.get(marked) + FigureNotes.HARNESS_BOUND_MARK);
                harnessBound.put(row.name(), row.harnessLoad());
            }
            costs.forEach(cost -> line.add(Format.cost(cost, row.cost(cost))));
            if (seedRow != null) {
                SeedFigures.Figure figure = seedRow.at(row.payload(), row.threads());
                if (seedTps) {
                    line.add(seedTps(figure));
                }
                line.add(seedAverage(figure));
            }
            cells.add(line);
        }
        String settle = FigureNotes.settleNote(unsettled);
        if (!settle.isEmpty()) {
            note += "\n" + settle + "\n";
        }
        String harness = FigureNotes.harnessNote(harnessBound);
        if (!harness.isEmpty()) {
            note += "\n" + harness + "\n";
        }
        if (seedRow == null) {
            return Markdown.table(header, cells) + note;
        }
        return Markdown.table(header, cells) + note + "\n" + seedSource(seed, seedRow) + "\n";
    }

    public static String seedTps(SeedFigures.Figure figure) {
        return figure == null || figure.tps() == null ? "" : Format.score(figure.tps(), Units.CALLS_PER_SECOND);
    }

    public static String seedAverage(SeedFigures.Figure figure) {
        return figure == null || figure.averageMillis() == null ? ""
                : Format.score(figure.averageMillis(), Units.MILLISECONDS);
    }

    /** The line under a table with seed figures: where they come from and why they are no ratio to this run. */
    public static String seedSource(SeedFigures seed, SeedFigures.Row row) {
        return "seed figures: " + seed.source() + (row == null ? "" : ", row " + row.name())
                + "; another machine, JVM and version: compare the shape, not the ratio";
    }

    static List<Row> rows(List<Measurement> measurements) {
        Map<String, Map<String, Measurement>> byCall = new LinkedHashMap<>();
        for (Measurement measurement : measurements) {
            byCall.computeIfAbsent(key(measurement), k -> new LinkedHashMap<>()).put(measurement.mode(), measurement);
        }
        List<Row> rows = new ArrayList<>();
        byCall.values().forEach(modes -> {
            Measurement any = modes.values().iterator().next();
            rows.add(new Row(BenchmarkKey.method(any.benchmark()), any.params().getOrDefault("payload", ""),
                    any.threads(), modes.get(Measurement.THROUGHPUT), modes.get(Measurement.AVERAGE_TIME),
                    modes.get(Measurement.SAMPLE)));
        });
        return rows;
    }

    private static String key(Measurement measurement) {
        return measurement.benchmark() + "|" + measurement.params() + "|" + measurement.threads();
    }
}
