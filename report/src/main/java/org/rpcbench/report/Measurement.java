package org.rpcbench.report;

import java.util.List;
import java.util.SortedMap;
import java.util.stream.Collectors;

/**
 * One JMH result (one benchmark x mode x params x threads) of one pair, in the report's units: a throughput score in
 * calls/s, every other score and the percentiles in ms.
 *
 * @param pair       the pair that produced it, e.g. dubbo-kryo
 * @param benchmark  JMH's full benchmark name
 * @param mode       JMH's short mode label: thrpt, avgt, sample or ss
 * @param params     the benchmark's @Param values, sorted by name; empty when it has none
 * @param score      the primary score, normalized
 * @param error      JMH's 99.9% error, normalized; NaN when JMH could not estimate it
 * @param unit       {@link Units#CALLS_PER_SECOND} or {@link Units#MILLISECONDS}
 * @param percentiles the score's percentiles (0..100) in ms, sample mode only; empty otherwise
 * @param forkMeans  the mean score of each fork, normalized
 */
record Measurement(String pair, String benchmark, String mode, int threads, SortedMap<String, String> params,
                   double score, double error, String unit, SortedMap<Double, Double> percentiles,
                   List<Double> forkMeans) {

    static final String THROUGHPUT = "thrpt";
    static final String AVERAGE_TIME = "avgt";
    static final String SAMPLE = "sample";

    boolean higherIsBetter() {
        return mode.equals(THROUGHPUT);
    }

    /**
     * How far this score can move by chance: JMH's error when it has one, or half the spread of the fork means when
     * there are two forks or more, whichever is larger; NaN when there is neither.
     */
    double noise() {
        double forkSpread = forkMeans.size() < 2 ? Double.NaN
                : (forkMeans.stream().mapToDouble(Double::doubleValue).max().orElseThrow()
                        - forkMeans.stream().mapToDouble(Double::doubleValue).min().orElseThrow()) / 2;
        boolean hasError = Double.isFinite(error);
        boolean hasSpread = Double.isFinite(forkSpread);
        if (hasError && hasSpread) {
            return Math.max(error, forkSpread);
        }
        return hasError ? error : hasSpread ? forkSpread : Double.NaN;
    }

    /** The params as "payload=1k, size=2"; empty when there are none. */
    String paramsText() {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }
}
