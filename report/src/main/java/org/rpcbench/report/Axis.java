package org.rpcbench.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A value axis with round ticks: linear from zero, or logarithmic over whole decades when the values span so many
 * orders of magnitude that a linear axis would flatten the small ones (a 1k and a 1m payload on one chart).
 */
final class Axis {

    /** Values spanning more than this ratio get a log axis. */
    static final double LOG_RATIO = 50;

    private final double min;
    private final double max;
    private final boolean log;
    /** The distance between linear ticks; unused on a log axis, whose ticks are decades. */
    private final double step;

    private Axis(double min, double max, boolean log, double step) {
        this.min = min;
        this.max = max;
        this.log = log;
        this.step = step;
    }

    /** An axis for these values (NaN ignored); {@code logAllowed} is false for bars, which must start at zero. */
    static Axis of(List<Double> values, boolean logAllowed) {
        double largest = values.stream().filter(Double::isFinite).mapToDouble(Double::doubleValue).max().orElse(1);
        double smallestPositive = values.stream().filter(v -> Double.isFinite(v) && v > 0)
                .mapToDouble(Double::doubleValue).min().orElse(largest);
        if (largest <= 0) {
            largest = 1;
        }
        if (logAllowed && largest / smallestPositive > LOG_RATIO) {
            return new Axis(roundDown(smallestPositive), roundUp(largest), true, 0);
        }
        double step = niceStep(largest / 5);
        return new Axis(0, Math.ceil(largest / step) * step, false, step);
    }

    /** The largest 1, 2 or 5 times a power of ten at most {@code value}: a log axis's bottom. */
    private static double roundDown(double value) {
        double power = Math.pow(10, Math.floor(Math.log10(value)));
        return value >= 5 * power ? 5 * power : value >= 2 * power ? 2 * power : power;
    }

    /** The smallest 1, 2 or 5 times a power of ten at least {@code value}: a log axis's top. */
    private static double roundUp(double value) {
        double power = Math.pow(10, Math.floor(Math.log10(value)));
        return value <= power ? power : value <= 2 * power ? 2 * power : value <= 5 * power ? 5 * power : 10 * power;
    }

    /** 1, 2, 2.5 or 5 times a power of ten, at least {@code rough}. */
    private static double niceStep(double rough) {
        double power = Math.pow(10, Math.floor(Math.log10(rough)));
        for (double multiple : new double[] {1, 2, 2.5, 5, 10}) {
            if (multiple * power >= rough) {
                return multiple * power;
            }
        }
        return 10 * power;
    }

    boolean log() {
        return log;
    }

    /** Where a value lies between the axis's ends: 0 at the bottom, 1 at the top. */
    double fraction(double value) {
        if (log) {
            double clamped = Math.max(value, min);
            return (Math.log10(clamped) - Math.log10(min)) / (Math.log10(max) - Math.log10(min));
        }
        return (value - min) / (max - min);
    }

    List<Double> ticks() {
        List<Double> ticks = new ArrayList<>();
        if (log) {
            double[] multiples = max / min <= 1000 ? new double[] {1, 2, 5} : new double[] {1};
            for (double decade = Math.pow(10, Math.floor(Math.log10(min))); decade <= max; decade *= 10) {
                for (double multiple : multiples) {
                    double tick = decade * multiple;
                    if (tick >= min * 0.9999 && tick <= max * 1.0001) {
                        ticks.add(tick);
                    }
                }
            }
            return ticks;
        }
        for (int i = 0; i * step <= max * 1.0001; i++) {
            ticks.add(i * step);
        }
        return ticks;
    }
}
