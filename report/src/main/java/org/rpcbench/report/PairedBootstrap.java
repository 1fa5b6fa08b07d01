package org.rpcbench.report;

import java.util.Arrays;
import java.util.Random;

/**
 * The ratio of two sides' means over trials that ran both, and its percentile bootstrap interval: trials drawn with
 * replacement, each keeping its two sides together, so that what drifts during a run (the machine's other load, its
 * temperature) falls on both sides of the ratio. It assumes nothing about the shape of the noise, which here is
 * skewed (a slow JVM is far slower, a fast one hardly faster), and it is the interval Kalibera and Jones recommend
 * for a ratio of run means. With few trials a percentile interval is somewhat too narrow, hence a floor on trials.
 */
final class PairedBootstrap {

    static final int RESAMPLES = 10_000;
    static final double CONFIDENCE = 0.95;
    /** One-sided z of 90% power over the two-sided z of the interval: how far beyond its edge a change is seen. */
    private static final double POWER_FACTOR = 1 + 1.2816 / 1.9600;

    private PairedBootstrap() {
    }

    /** @param ratio candidate mean over baseline mean; low and high the interval's ends */
    record Interval(double ratio, double low, double high) {

        /**
         * The smallest change in percent whose interval, were it this wide, would lie beyond the threshold in nine
         * runs out of ten: the threshold, plus the half-width, plus the distance from 95% confidence to 90% power.
         */
        double detectable(double thresholdPercent) {
            return thresholdPercent + (high - low) / 2 * 100 * POWER_FACTOR;
        }
    }

    /** @param baseline, candidate one figure per trial, the same trials in the same order, two or more */
    static Interval ratio(double[] baseline, double[] candidate, Random random) {
        if (baseline.length != candidate.length || baseline.length < 2) {
            throw new IllegalArgumentException("needs two or more paired trials, got " + baseline.length + " and "
                    + candidate.length);
        }
        int trials = baseline.length;
        double[] ratios = new double[RESAMPLES];
        for (int resample = 0; resample < RESAMPLES; resample++) {
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
        double tail = (1 - CONFIDENCE) / 2;
        return new Interval(Arrays.stream(candidate).sum() / Arrays.stream(baseline).sum(),
                ratios[(int) Math.floor(tail * RESAMPLES)], ratios[(int) Math.ceil((1 - tail) * RESAMPLES) - 1]);
    }
}
