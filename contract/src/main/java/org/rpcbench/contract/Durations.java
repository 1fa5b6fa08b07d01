package org.rpcbench.contract;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Lengths of time as people type them for long runs: {@code 500ms}, {@code 5s}, {@code 10m}, {@code 50h}. */
public final class Durations {

    private static final Pattern FORMAT = Pattern.compile("([0-9]+)(ms|s|m|h)");

    private Durations() {
    }

    /** @throws IllegalArgumentException saying what it takes */
    public static Duration parse(String text) {
        Matcher matcher = FORMAT.matcher(text);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a length of time: a whole number with ms, s, m"
                    + " or h, e.g. 10m");
        }
        long value = Long.parseLong(matcher.group(1));
        Duration duration = switch (matcher.group(2)) {
            case "ms" -> Duration.ofMillis(value);
            case "s" -> Duration.ofSeconds(value);
            case "m" -> Duration.ofMinutes(value);
            default -> Duration.ofHours(value);
        };
        if (duration.isZero()) {
            throw new IllegalArgumentException("'" + text + "' is not a positive length of time");
        }
        return duration;
    }

    /** The largest whole unit that states it exactly: 10m, 90s, 1500ms. */
    public static String format(Duration duration) {
        long millis = duration.toMillis();
        if (millis % 3_600_000 == 0) {
            return millis / 3_600_000 + "h";
        }
        if (millis % 60_000 == 0) {
            return millis / 60_000 + "m";
        }
        return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
    }
}
