package org.rpcbench.results;

/**
 * Welch's t-test between values[from, cut) and values[cut, to): its t (infinite when neither side varies) and its
 * degrees of freedom. Whether a fork had settled and where the nights stepped are both this test; whether paired
 * differences are away from none is its one-sample form ({@link #ofMean}).
 */
public record Welch(double t, double df) {

    public static Welch of(double[] values, int from, int cut, int to) {
        int n1 = cut - from;
        int n2 = to - cut;
        double mean1 = mean(values, from, cut);
        double mean2 = mean(values, cut, to);
        double var1 = variance(values, from, cut, mean1) / n1;
        double var2 = variance(values, cut, to, mean2) / n2;
        double se2 = var1 + var2;
        if (se2 == 0) {
            return new Welch(mean1 == mean2 ? 0 : Double.POSITIVE_INFINITY, 1);
        }
        return new Welch((mean2 - mean1) / Math.sqrt(se2),
                se2 * se2 / (var1 * var1 / (n1 - 1) + var2 * var2 / (n2 - 1)));
    }

    /**
     * Student's one-sample t-test of whether the values' mean is away from zero (paired differences, or their
     * logarithms): t infinite when the values do not vary and are not all zero.
     */
    public static Welch ofMean(double[] values) {
        int n = values.length;
        double mean = mean(values, 0, n);
        double se2 = variance(values, 0, n, mean) / n;
        if (se2 == 0) {
            return new Welch(mean == 0 ? 0 : Double.POSITIVE_INFINITY, n - 1);
        }
        return new Welch(mean / Math.sqrt(se2), n - 1);
    }

    /** The two-sided p-value. */
    public double p() {
        return Double.isInfinite(t) ? 0 : studentTwoSidedP(t, df);
    }

    /** P(|T| >= |t|) for Student's t with df degrees of freedom: the regularized incomplete beta at df/(df+t²). */
    public static double studentTwoSidedP(double t, double df) {
        return incompleteBeta(df / (df + t * t), df / 2, 0.5);
    }

    /** The mean of values[from, to). */
    public static double mean(double[] values, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += values[i];
        }
        return sum / (to - from);
    }

    private static double variance(double[] values, int from, int to, double mean) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += (values[i] - mean) * (values[i] - mean);
        }
        return sum / (to - from - 1);
    }

    /** The regularized incomplete beta function I_x(a, b), by its continued fraction (Abramowitz and Stegun 26.5.8). */
    static double incompleteBeta(double x, double a, double b) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        double front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
        return x < (a + 1) / (a + b + 2) ? front * continuedFraction(x, a, b) / a
                : 1 - front * continuedFraction(1 - x, b, a) / b;
    }

    /** The continued fraction of I_x(a, b), evaluated by Lentz's method. */
    private static double continuedFraction(double x, double a, double b) {
        final double tiny = 1e-300;
        double c = 1;
        double d = 1 - (a + b) * x / (a + 1);
        d = 1 / (Math.abs(d) < tiny ? tiny : d);
        double result = d;
        for (int m = 1; m <= 300; m++) {
            double even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
            d = 1 + even * d;
            d = 1 / (Math.abs(d) < tiny ? tiny : d);
            c = 1 + even / c;
            c = Math.abs(c) < tiny ? tiny : c;
            result *= d * c;
            double odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
            d = 1 + odd * d;
            d = 1 / (Math.abs(d) < tiny ? tiny : d);
            c = 1 + odd / c;
            c = Math.abs(c) < tiny ? tiny : c;
            double delta = d * c;
            result *= delta;
            if (Math.abs(delta - 1) < 1e-14) {
                break;
            }
        }
        return result;
    }

    /** ln Γ(x) for x > 0, by Lanczos' approximation (g = 7, nine terms): about 15 significant digits. */
    static double logGamma(double x) {
        if (x < 0.5) {
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        }
        double[] coefficients = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
            -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
            1.5056327351493116e-7};
        double z = x - 1;
        double sum = coefficients[0];
        for (int i = 1; i < coefficients.length; i++) {
            sum += coefficients[i] / (z + i);
        }
        double t = z + 7.5;
        return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
    }
}
