package org.rpcbench.gate;

import java.util.ArrayList;
import java.util.List;

import org.rpcbench.results.Welch;

/**
 * Where a series of nightly figures stepped to another level: binary segmentation, each segment split where Welch's
 * t-test between its two sides is strongest, kept while that split is significant after a Bonferroni correction for
 * the splits tried. This is the t-test variant of E-divisive means that Apache Otava (formerly Hunter) uses: it
 * finds a step as soon as a few points lie on each side of it, needs no permutations (deterministic, fast on years
 * of nights), and a step found once stays where it is when more nights are added. Written here because it is a
 * hundred lines; the statistics libraries that have it bring far more than it.
 */
public final class ChangePoints {

    /** Points on each side of a step before it can be found. */
    static final int MIN_SEGMENT = 3;

    private ChangePoints() {
    }

    /**
     * A step: {@code index} is the first point at the new level; {@code before} and {@code after} the means of the
     * segments on either side, {@code p} the corrected p-value of the split.
     */
    public record Step(int index, double before, double after, double p) {

        public double changePercent() {
            return (after - before) / before * 100;
        }
    }

    /** The steps of the series, in order, at corrected significance {@code alpha}. */
    static List<Step> find(double[] values, double alpha) {
        List<Integer> cuts = new ArrayList<>();
        List<Double> pValues = new ArrayList<>();
        split(values, 0, values.length, alpha, cuts, pValues);
        List<Integer> sorted = cuts.stream().sorted().toList();
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            int from = i == 0 ? 0 : sorted.get(i - 1);
            int cut = sorted.get(i);
            int to = i == sorted.size() - 1 ? values.length : sorted.get(i + 1);
            steps.add(new Step(cut, Welch.mean(values, from, cut), Welch.mean(values, cut, to),
                    pValues.get(cuts.indexOf(cut))));
        }
        return steps;
    }

    private static void split(double[] values, int from, int to, double alpha, List<Integer> cuts,
            List<Double> pValues) {
        int candidates = to - from - 2 * MIN_SEGMENT + 1;
        if (candidates < 1) {
            return;
        }
        // the split where the two sides differ most; by t, not by p, which underflows to 0 for every clear step
        Welch best = null;
        int bestCut = -1;
        for (int cut = from + MIN_SEGMENT; cut <= to - MIN_SEGMENT; cut++) {
            Welch welch = Welch.of(values, from, cut, to);
            if (best == null || Math.abs(welch.t()) > Math.abs(best.t())) {
                best = welch;
                bestCut = cut;
            }
        }
        double corrected = Math.min(1, best.p() * candidates);
        if (corrected < alpha) {
            cuts.add(bestCut);
            pValues.add(corrected);
            split(values, from, bestCut, alpha, cuts, pValues);
            split(values, bestCut, to, alpha, cuts, pValues);
        }
    }

    /** The slope of a least-squares line through the points, in value per unit of x. */
    static double slope(double[] x, double[] y) {
        double meanX = Welch.mean(x, 0, x.length);
        double meanY = Welch.mean(y, 0, y.length);
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < x.length; i++) {
            sxy += (x[i] - meanX) * (y[i] - meanY);
            sxx += (x[i] - meanX) * (x[i] - meanX);
        }
        return sxx == 0 ? 0 : sxy / sxx;
    }
}
