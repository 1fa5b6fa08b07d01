package org.rpcbench.client.options.values;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JMH iteration time as the client's options take it: plain seconds, as the community suite gives them, or a JMH
 * time ({@code 500ms}, {@code 2s}, {@code 1min}) in the units JMH's own time values take, kept in its unit so that
 * JMH prints it as given.
 */
public record JmhTime(long amount, TimeUnit unit) {

    private static final Pattern FORMAT = Pattern.compile("([0-9]+)(ns|us|ms|s|min|m|hr|day)?");

    /** @throws IllegalArgumentException when the text is not a positive time */
    public static JmhTime parse(String text) {
        Matcher matcher = FORMAT.matcher(text.replace(" ", "").toLowerCase(Locale.ROOT));
        if (!matcher.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a time (e.g. 10 or 500ms)");
        }
        long amount;
        try {
            amount = Long.parseLong(matcher.group(1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a time (e.g. 10 or 500ms)", e);
        }
        if (amount <= 0) {
            throw new IllegalArgumentException("'" + text + "' is not a positive time");
        }
        String unit = matcher.group(2) == null ? "s" : matcher.group(2);
        return new JmhTime(amount, switch (unit) {
            case "ns" -> TimeUnit.NANOSECONDS;
            case "us" -> TimeUnit.MICROSECONDS;
            case "ms" -> TimeUnit.MILLISECONDS;
            case "s" -> TimeUnit.SECONDS;
            case "hr" -> TimeUnit.HOURS;
            case "day" -> TimeUnit.DAYS;
            default -> TimeUnit.MINUTES;
        });
    }

    public static JmhTime seconds(long seconds) {
        return new JmhTime(seconds, TimeUnit.SECONDS);
    }

    public Duration toDuration() {
        return Duration.ofNanos(unit.toNanos(amount));
    }

    /** As JMH prints its time values: "500 ms", "10 s", "1 min". */
    @Override
    public String toString() {
        return amount + " " + switch (unit) {
            case NANOSECONDS -> "ns";
            case MICROSECONDS -> "us";
            case MILLISECONDS -> "ms";
            case SECONDS -> "s";
            case MINUTES -> "min";
            case HOURS -> "hr";
            case DAYS -> "day";
        };
    }
}
