package org.rpcbench.report;

import java.util.Map;

/**
 * What a seed report published for the rows a preset reproduces, printed beside this run's figures. Different
 * machines, JVMs and versions: read them for shape (how TPS falls with payload, rises with threads), never as a
 * ratio to this run.
 *
 * @param source which report and which of its rows, e.g. "seed 004, the motan benchmark's client table"
 * @param figures by {@link #key(String, int)}
 */
public record SeedFigures(String source, Map<String, Figure> figures) {

    /**
     * One published row.
     *
     * @param tps calls per second
     * @param averageMillis the average response time, or null where the report gives none
     */
    public record Figure(double tps, Double averageMillis) {
    }

    /** The key of a row: the echo payload and the thread count. */
    public static String key(String payload, int threads) {
        return payload + "@" + threads;
    }
}
