package org.rpcbench.results;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * A metric's figures as JMH 1.37 works them out, so that a result the suite writes in JMH's format reads as one of
 * JMH's own: the mean, the 99.9% error of the mean by Student's t (none below three values) and the percentiles JMH
 * writes, of iteration scores ({@link Values}) or of sampled times with their counts ({@link Samples}). Student's t
 * and the scores' percentiles come from commons-math3 as JMH's do, and every sum runs in JMH's order, so the figures
 * are JMH's to the last bit.
 */
abstract sealed class JmhStatistics {

    /** The percentiles JMH writes of a metric. */
    private static final double[] PERCENTILES = {0.0, 50.0, 90.0, 95.0, 99.0, 99.9, 99.99, 99.999, 99.9999, 100.0};
    /** The confidence of JMH's error. */
    private static final double CONFIDENCE = 0.999;

    abstract long count();

    abstract double sum();

    /** The sum of the squared deviations from the mean. */
    abstract double squaredDeviations(double mean);

    /** The value at this rank (0 to 100). */
    abstract double percentile(double rank);

    final double mean() {
        return count() > 0 ? sum() / count() : Double.NaN;
    }

    /** Half the width of the mean's 99.9% confidence interval; NaN for fewer than three values, as JMH has it. */
    final double error() {
        if (count() <= 2) {
            return Double.NaN;
        }
        double t = new TDistribution(count() - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
        return t * Math.sqrt(squaredDeviations(mean()) / (count() - 1)) / Math.sqrt(count());
    }

    /** A metric's score, scoreError, scoreConfidence and scorePercentiles, written as JMH writes them. */
    final void score(ObjectNode metric) {
        double mean = mean();
        metric.put("score", mean);
        double error = error();
        // JMH writes "NaN" where the values leave no error estimate
        if (Double.isNaN(error)) {
            metric.put("scoreError", "NaN");
            metric.putArray("scoreConfidence").add("NaN").add("NaN");
        } else {
            metric.put("scoreError", error);
            metric.putArray("scoreConfidence").add(mean - error).add(mean + error);
        }
        ObjectNode percentiles = metric.putObject("scorePercentiles");
        for (double percentile : PERCENTILES) {
            percentiles.put(String.valueOf(percentile), percentile(percentile));
        }
    }

    /** Iteration scores, in the order they were added. */
    static final class Values extends JmhStatistics {

        private double[] values = new double[0];
        private int count;

        void add(double value) {
            if (count == values.length) {
                values = Arrays.copyOf(values, Math.max(1, 2 * values.length));
            }
            values[count++] = value;
        }

        @Override
        long count() {
            return count;
        }

        @Override
        double sum() {
            double sum = 0;
            for (int i = 0; i < count; i++) {
                sum += values[i];
            }
            return sum;
        }

        @Override
        double squaredDeviations(double mean) {
            double sum = 0;
            for (int i = 0; i < count; i++) {
                sum += Math.pow(values[i] - mean, 2);
            }
            return sum;
        }

        @Override
        double percentile(double rank) {
            if (count == 0) {
                return Double.NaN;
            }
            double[] scores = Arrays.copyOf(values, count);
            return rank == 0 ? Arrays.stream(scores).min().orElseThrow() : new Percentile().evaluate(scores, rank);
        }
    }

    /** Sampled times and how often each was sampled, in ascending order of time. */
    static final class Samples extends JmhStatistics {

        private final TreeMap<Double, Long> counts = new TreeMap<>();
        private long count;

        void add(double value, long times) {
            counts.merge(value, times, Long::sum);
            count += times;
        }

        @Override
        long count() {
            return count;
        }

        @Override
        double sum() {
            double sum = 0;
            for (Map.Entry<Double, Long> value : counts.entrySet()) {
                sum += value.getKey() * value.getValue();
            }
            return sum;
        }

        @Override
        double squaredDeviations(double mean) {
            double sum = 0;
            for (Map.Entry<Double, Long> value : counts.entrySet()) {
                sum += Math.pow(value.getKey() - mean, 2) * value.getValue();
            }
            return sum;
        }

        /** Between the two sampled times around rank / 100 of the way through count + 1, as JMH interpolates. */
        @Override
        double percentile(double rank) {
            if (rank == 0) {
                return counts.firstKey();
            }
            double position = rank * (count + 1) / 100;
            double below = Math.floor(position);
            double lower = at((long) below);
            double upper = at((long) below + 1);
            return lower + (upper - lower) * (position - below);
        }

        /** The index-th sampled time in ascending order, counting from one; the largest past the end. */
        private double at(long index) {
            long seen = 0;
            for (Map.Entry<Double, Long> value : counts.entrySet()) {
                seen += value.getValue();
                if (seen >= index) {
                    return value.getKey();
                }
            }
            return counts.lastKey();
        }
    }
}
