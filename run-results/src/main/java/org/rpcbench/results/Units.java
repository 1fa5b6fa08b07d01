package org.rpcbench.results;

import java.util.Map;

/**
 * JMH's score units turned into the report's two: throughput in calls per second, times in milliseconds. JMH writes
 * throughput as {@code ops/<time unit>} and every other mode as {@code <time unit>/op}.
 */
public final class Units {

    public static final String CALLS_PER_SECOND = "calls/s";
    public static final String MILLISECONDS = "ms";

    /** Seconds per JMH time-unit label. */
    private static final Map<String, Double> SECONDS = Map.of(
            "ns", 1e-9, "us", 1e-6, "μs", 1e-6, "ms", 1e-3, "s", 1.0, "min", 60.0, "hr", 3600.0, "day", 86400.0);

    private Units() {
    }

    /** What a score in {@code unit} is multiplied by to be in calls/s (throughput) or ms (times). */
    static double factor(String unit) {
        int slash = unit.indexOf('/');
        if (slash > 0) {
            String left = unit.substring(0, slash).trim();
            String right = unit.substring(slash + 1).trim();
            if (left.equals("ops") && SECONDS.containsKey(right)) {
                return 1.0 / SECONDS.get(right);
            }
            if (right.equals("op") && SECONDS.containsKey(left)) {
                return SECONDS.get(left) * 1000.0;
            }
        }
        throw new IllegalArgumentException("unknown score unit '" + unit + "' (expected ops/<time> or <time>/op)");
    }

    /** The normalized unit of a score in {@code unit}. */
    static String normalized(String unit) {
        factor(unit);
        return unit.startsWith("ops/") ? CALLS_PER_SECOND : MILLISECONDS;
    }
}
