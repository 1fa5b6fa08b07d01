package org.rpcbench.gate;

import java.util.Arrays;
import java.util.Random;

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
    static final double CONFIDENCE = 0.95;
    /** The power at which a change is called detectable: seen nine times in ten. */
    static final double POWER = 0.9;
    /** The normal quantile of the interval's two-sided confidence. */
    private static final double Z_INTERVAL = 1.9600;
    /** One-sided z of 90% power over the two-sided z of the interval: how far beyond its edge a change is seen. */
    private static final double POWER_FACTOR = 1 + 1.2816 / Z_INTERVAL;

    private PairedBootstrap() {
    }

    /** @param ratio candidate mean over baseline mean; low and high the interval's ends */
    record Interval(double ratio, double low, double high) {

        /**
         * The smallest change in percent whose interval, were it this wide, would lie beyond the threshold in nine
         * runs out of ten: the threshold, plus the half-width, plus the distance from 95% confidence to 90% power.
         */
        double detectable(double thresholdPercent) {
            return thresholdPercent + halfWidth() * 100 * POWER_FACTOR;
        }

        /** Half the interval's width, as a ratio. */
        double halfWidth() {
            return (high - low) / 2;
        }
    }

    /**
     * The smallest change in percent seen nine times in ten by a rule that needs two stages to flag it, each on its
     * own trials (the first trials and the confirmation trials): with each stage's interval as wide as these
     * half-widths (ratios), the change at which the chance that both lie beyond the threshold is {@link #POWER}.
     * Each stage must then see it about 95% of the time, so this exceeds either stage's {@link Interval#detectable}.
     */
    static double detectableByBoth(double thresholdPercent, double firstHalfWidth, double confirmationHalfWidth) {
        double low = thresholdPercent;
        double high = thresholdPercent + 100 * 10 * Math.max(firstHalfWidth, confirmationHalfWidth) + 1;
        for (int step = 0; step < 100; step++) {
            double middle = (low + high) / 2;
            double seen = seen(middle, thresholdPercent, firstHalfWidth)
                    * seen(middle, thresholdPercent, confirmationHalfWidth);
            if (seen < POWER) {
                low = middle;
            } else {
                high = middle;
            }
        }
        return (low + high) / 2;
    }

    /**
     * The chance that an interval of this half-width around an estimate of a true change lies wholly beyond the
     * threshold (all in percent; the estimate normal, its standard deviation the half-width over the interval's z).
     */
    private static double seen(double changePercent, double thresholdPercent, double halfWidth) {
        double spread = 100 * halfWidth / Z_INTERVAL;
        if (spread == 0) {
            return changePercent > thresholdPercent ? 1 : 0;
        }
        double z = (changePercent - thresholdPercent - 100 * halfWidth) / spread;
        return z >= 0 ? 1 - normalTail(z) : normalTail(-z);
    }

    /** @param baseline, candidate one figure per trial, the same trials in the same order, two or more */
    static Interval ratio(double[] baseline, double[] candidate, Random random) {
        return ratio(baseline, candidate, random, RESAMPLES);
    }

    /** The same with fewer resamples, for the many verdicts a simulation judges ({@link AbPower}). */
    static Interval ratio(double[] baseline, double[] candidate, Random random, int resamples) {
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
        double tail = expandedTail(trials);
        return new Interval(Arrays.stream(candidate).sum() / Arrays.stream(baseline).sum(),
                ratios[(int) Math.floor(tail * resamples)],
                ratios[Math.max(0, (int) Math.ceil((1 - tail) * resamples) - 1)]);
    }

    /**
     * The share of resamples beyond each end of the expanded interval for this many trials: the normal tail at
     * Student's t quantile (n - 1 degrees of freedom) of the interval's confidence, times sqrt(n / (n - 1)).
     */
    static double expandedTail(int trials) {
        double t = studentQuantile((1 + CONFIDENCE) / 2, trials - 1);
        return normalTail(t * Math.sqrt(trials / (trials - 1.0)));
    }

    /** Student's t quantile {@code p} (above one half) of {@code df} degrees of freedom, by bisection. */
    static double studentQuantile(double p, double df) {
        double twoSided = 2 * (1 - p);
        double low = 0;
        double high = 1e4;
        for (int step = 0; step < 200; step++) {
            double middle = (low + high) / 2;
            if (Welch.studentTwoSidedP(middle, df) > twoSided) {
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
