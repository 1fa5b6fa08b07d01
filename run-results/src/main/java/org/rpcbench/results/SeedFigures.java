package org.rpcbench.results;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a seed report published for the scenes a preset reproduces, row by row as the seed lists them (a protocol,
 * transporter and serializer each), and which pairs of this suite stand for each row. Printed beside this suite's
 * figures. Different machines, JVMs and versions: read them for shape (how TPS falls with payload, rises with
 * threads, which row leads), never as a ratio to this run.
 *
 * @param source which report and how it measured, e.g. "seed 001, dubbox 2.8.4 on one PC, JDK 1.7, one thread"
 * @param rows   the seed's rows in its order
 */
public record SeedFigures(String source, List<Row> rows) {

    /**
     * One published row.
     *
     * @param name    the seed's name for it, e.g. "A: dubbo, netty, hessian2"
     * @param pairs   the pairs that stand for it; empty when none does (then {@code absent} says why) or when the
     *                seed does not say which framework it measured
     * @param absent  why no pair stands for it, or null
     * @param figures by {@link #key(String, int)}
     */
    public record Row(String name, List<String> pairs, String absent, Map<String, Figure> figures) {

        /** A row whose framework the seed does not name (seed 004's one table): it stands beside every pair. */
        public boolean unattributed() {
            return pairs.isEmpty() && absent == null;
        }

        /** The figure at a payload and thread count, or null. */
        public Figure at(String payload, int threads) {
            return figures.get(key(payload, threads));
        }
    }

    /**
     * One published figure.
     *
     * @param tps           calls per second, or null where the report gives none (seed 001 gives averages only)
     * @param averageMillis the average response time, or null where the report gives none
     */
    public record Figure(Double tps, Double averageMillis) {
    }

    /** The key of a figure: the echo payload and the thread count. */
    public static String key(String payload, int threads) {
        return payload + "@" + threads;
    }

    /** The seed figures of a preset (run-all's scenario, the client's {@code --preset}); empty when it has none. */
    public static Optional<SeedFigures> ofPreset(String preset) {
        return Optional.ofNullable(SeedReports.BY_PRESET.get(preset));
    }

    /** The row a pair stands for; empty when none. */
    public Optional<Row> rowOf(String pair) {
        return rows.stream().filter(row -> row.pairs().contains(pair)).findFirst();
    }

    /**
     * The row to print beside one pair's own table: the row it stands for; else the seed's row of no named
     * framework; else the seed's reference row (its first that a pair stands for), whose name says it is another
     * stack's: the shape is still worth seeing.
     */
    public Optional<Row> rowBeside(String pair) {
        return rowOf(pair)
                .or(() -> rows.stream().filter(Row::unattributed).findFirst())
                .or(() -> rows.stream().filter(row -> !row.pairs().isEmpty()).findFirst());
    }
}
