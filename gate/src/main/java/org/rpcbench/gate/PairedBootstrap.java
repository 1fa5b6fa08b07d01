package org.rpcbench.gate;

import java.util.Arrays;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;

import org.rpcbench.results.Welch;

/**
 * The ratio of two sides' means over trials that ran both, and its percentile bootstrap interval: trials drawn with
 * replacement, each keeping its two sides together, so that what drifts during a run (the machine's other load, its
 * temperature) falls on both sides of the ratio. It assumes nothing about the shape of the noise, which here is
 * skewed (a slow JVM is far slower, a fast one hardly faster), and it is the interval Kalibera and Jones recommend
 * for a ratio of run means. With few trials a plain percentile interval is too narrow (at eight trials it holds the
 * true ratio about nine times in ten, not 19 in 20: simulated from A/A runs, {@link AbPower}), so its percentiles are
 * moved out as Hesterberg's expanded percentile interval does: to where a normal quantile equals Student's t
 * quantile of n - 1 degrees of freedom times sqrt(n / (n - 1)).
 */
final class PairedBootstrap {

    static final int RESAMPLES = 10_000;
    /** The interval's confidence: the first trials', and the only one when no confirmation trials ran. */
    static final double CONFIDENCE = 0.95;
    /** The power at which a change is called detectable: seen nine times in ten. */
    static final double POWER = 0.9;
    /** The one-sided normal quantile of {@link #POWER}. */
    private static final double Z_POWER = 1.2816;

    private PairedBootstrap() {
    }

    /**
     * @param ratio candidate mean over baseline mean; low and high the interval's ends
     * @param z     the two-sided normal quantile of the interval's confidence (1.96 at 95%)
     */
    record Interval(double ratio, double low, double high, double z) {

        /**
         * The smallest change in percent whose interval, were it this wide, would lie beyond the threshold in nine
         * runs out of ten: the threshold, plus the half-width, plus the distance from the interval's confidence to
         * 90% power.
         */
        double detectable(double thresholdPercent) {
            return thresholdPercent + 100 * halfWidth() + Z_POWER * spread();
        }

        /** Half the interval's width, as a ratio. */
        double halfWidth() {
            return (high - low) / 2;
        }

        /** The estimate's standard deviation it implies, in percent. */
        double spread() {
            return 100 * halfWidth() / z;
        }

        /**
         * The interval that trials as noisy as these would give over {@code trials} of them instead of
         * {@code measured}, at another confidence: what confirmation trials that did not run would give.
         */
        Interval projected(int measured, int trials, double confidence) {
            double otherZ = twoSidedZ(confidence);
            double halfWidth = halfWidth() / z * otherZ * Math.sqrt((double) measured / trials);
            return new Interval(ratio, ratio - halfWidth, ratio + halfWidth, otherZ);
        }

        /**
         * The chance that an interval as wide as this one around an estimate of a true change lies wholly beyond the
         * threshold (both in percent; the estimate normal, with this interval's {@link #spread}).
         */
        double seen(double changePercent, double thresholdPercent) {
            double spread = spread();
            if (spread == 0) {
                return changePercent > thresholdPercent ? 1 : 0;
            }
            double beyond = (changePercent - thresholdPercent - 100 * halfWidth()) / spread;
            return beyond >= 0 ? 1 - normalTail(beyond) : normalTail(-beyond);
        }
    }

    /**
     * The smallest change in percent seen nine times in ten by a rule that needs two stages to flag it, each on its
     * own trials (the first trials and the confirmation trials) and at its own confidence: with each stage's
     * interval as wide as these, the change at which the chance that both lie beyond the threshold is
     * {@link #POWER}. Each stage must then see it more often than nine times in ten, so this exceeds either stage's
     * {@link Interval#detectable}.
     */
    static double detectableByBoth(double thresholdPercent, Interval first, Interval confirmation) {
        double low = thresholdPercent;
        double high = thresholdPercent + 10 * Math.max(first.detectable(0), confirmation.detectable(0)) + 1;
        for (int step = 0; step < 100; step++) {
            double middle = (low + high) / 2;
            double seen = first.seen(middle, thresholdPercent) * confirmation.seen(middle, thresholdPercent);
            if (seen < POWER) {
                low = middle;
            } else {
                high = middle;
            }
        }
        return (low + high) / 2;
    }

    /** @param baseline, candidate one figure per trial, the same trials in the same order, two or more */
    static Interval ratio(double[] baseline, double[] candidate, Random random) {
        return ratio(baseline, candidate, random, RESAMPLES, CONFIDENCE);
    }

    /**
     * The same at another confidence (a fraction), with fewer resamples for the many verdicts a simulation judges
     * ({@link AbPower}).
     */
    static Interval ratio(double[] baseline, double[] candidate, Random random, int resamples, double confidence) {
        if (baseline.length != candidate.length || baseline.length < 2) {
            throw new IllegalArgumentException("needs two or more paired trials, got " + baseline.length + " and "
                    + candidate.length);
        }
        int trials = baseline.length;
        double[] ratios = new double[resamples];
        for (int resample = 0; resample < resamples; resample++) {
            double baselineSum = 0;
            double candidateSum = 0;
            for (int draw = 0; draw < trials; draw++) {
                int trial = random.nextInt(trials);
                baselineSum += baseline[trial];
                candidateSum += candidate[trial];
            }
            ratios[resample] = candidateSum / baselineSum;
        }
        Arrays.sort(ratios);
        double tail = expandedTail(trials, confidence);
        return new Interval(Arrays.stream(candidate).sum() / Arrays.stream(baseline).sum(),
                ratios[(int) Math.floor(tail * resamples)],
                ratios[Math.max(0, (int) Math.ceil((1 - tail) * resamples) - 1)], twoSidedZ(confidence));
    }

    /**
     * The share of resamples beyond each end of the expanded interval for this many trials: the normal tail at
     * Student's t quantile (n - 1 degrees of freedom) of the interval's confidence, times sqrt(n / (n - 1)).
     */
    static double expandedTail(int trials, double confidence) {
        double t = studentQuantile((1 + confidence) / 2, trials - 1);
        return normalTail(t * Math.sqrt(trials / (trials - 1.0)));
    }

    /** The normal quantile of a two-sided confidence (a fraction): 1.96 at 95%. */
    static double twoSidedZ(double confidence) {
        return twoSidedQuantile(z -> 2 * normalTail(z), 1 - confidence);
    }

    /** Student's t quantile {@code p} (above one half) of {@code df} degrees of freedom. */
    static double studentQuantile(double p, double df) {
        return twoSidedQuantile(t -> Welch.studentTwoSidedP(t, df), 2 * (1 - p));
    }

    /** Where a symmetric distribution's two-sided tail, falling from 1 at 0, equals {@code tail}: by bisection. */
    private static double twoSidedQuantile(DoubleUnaryOperator twoSidedTail, double tail) {
        double low = 0;
        double high = 1e4;
        for (int step = 0; step < 200; step++) {
            double middle = (low + high) / 2;
            if (twoSidedTail.applyAsDouble(middle) > tail) {
                low = middle;
            } else {
                high = middle;
            }
        }
        return (low + high) / 2;
    }

    /** P(Z > z) for a standard normal Z, z at or above 0 (Abramowitz and Stegun 26.2.17, error below 1e-7). */
    static double normalTail(double z) {
        double k = 1 / (1 + 0.2316419 * z);
        double polynomial = k * (0.319381530 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978
                + k * 1.330274429))));
        return Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI) * polynomial;
    }
}
