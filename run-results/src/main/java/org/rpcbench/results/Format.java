package org.rpcbench.results;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

import org.rpcbench.contract.CallCost;

/** How numbers read in tables and on axes: calls/s without decimals, ms with enough digits to compare. */
public final class Format {

    private Format() {
    }

    /** Whole bytes with separators; empty for null (not measured). */
    static String bytes(Double value) {
        return value == null ? "" : String.format(Locale.ROOT, "%,.0f", value);
    }

    /** Bytes as whole numbers, CPU in µs and load in percent with one decimal; empty when not measured. */
    public static String cost(CallCost cost, Double value) {
        if (value == null) {
            return "";
        }
        return cost.kind() == CallCost.Kind.ALLOCATION ? bytes(value) : String.format(Locale.ROOT, "%,.1f", value);
    }

    /** A score in its normalized unit. */
    public static String score(double value, String unit) {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, pattern(value, unit), value);
    }

    /** A score with JMH's error next to it, when JMH could estimate one; both with the score's decimals. */
    public static String scoreWithError(double value, double error, String unit) {
        return Double.isFinite(error) ? score(value, unit) + " ± " + error(value, error, unit) : score(value, unit);
    }

    /** An error (or noise) of a score, with the score's decimals. */
    public static String error(double value, double error, String unit) {
        return String.format(Locale.ROOT, pattern(value, unit), error);
    }

    /** Whole calls per second, except for calls so slow that a fraction matters; ms to the microsecond. */
    private static String pattern(double value, String unit) {
        return unit.equals(Units.CALLS_PER_SECOND) && Math.abs(value) >= 100 ? "%,.0f" : "%,.3f";
    }

    /** A short axis label: grouped thousands, at most three significant digits below 1,000. */
    public static String axis(double value) {
        if (Math.abs(value) >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        if (value == 0) {
            return "0";
        }
        return new BigDecimal(value).round(new MathContext(3)).stripTrailingZeros().toPlainString();
    }

    public static String percent(double value) {
        return String.format(Locale.ROOT, "%+.1f%%", value);
    }

    /** A percentile key as JMH writes it in its tables: 99.9 as "p99.9", 50.0 as "p50". */
    public static String percentile(double percentile) {
        return "p" + BigDecimal.valueOf(percentile).stripTrailingZeros().toPlainString();
    }

    public static String threads(int threads) {
        return threads + (threads == 1 ? " thread" : " threads");
    }
}
