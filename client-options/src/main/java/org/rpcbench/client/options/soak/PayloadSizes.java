package org.rpcbench.client.options.soak;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.rpcbench.contract.Durations;

/**
 * The seed's high-pressure run as {@code --payload-schedule random:20b-200k:10m} gives it: the string echo's size
 * drawn anew every interval, between these sizes. A soak shorter than ten intervals changes the size every tenth of
 * its length instead.
 *
 * @param minChars the smallest string, in chars of one byte each
 * @param every    how often the size changes
 */
public record PayloadSizes(String text, int minChars, int maxChars, Duration every) {

    private static final Pattern FORMAT =
            Pattern.compile("random:([0-9]+)([bkm])-([0-9]+)([bkm]):([0-9]+(?:ms|s|m|h))");

    /**
     * {@code random:<min>-<max>:<interval>}, sizes in b, k or m (chars of one byte each), for a soak this long.
     *
     * @throws IllegalArgumentException saying what it takes
     */
    public static PayloadSizes parse(String text, Duration soak) {
        Matcher matcher = FORMAT.matcher(text);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not random:<min>-<max>:<interval>, e.g."
                    + " random:20b-200k:10m (sizes in b, k or m)");
        }
        int min = chars(matcher.group(1), matcher.group(2));
        int max = chars(matcher.group(3), matcher.group(4));
        if (min < 1 || max < min || max > (16 << 20)) {
            throw new IllegalArgumentException("'" + text + "' needs 1 <= min <= max <= 16m");
        }
        Duration every = Durations.parse(matcher.group(5));
        Duration tenth = soak.dividedBy(10);
        return new PayloadSizes(text, min, max, every.compareTo(tenth) > 0 ? tenth : every);
    }

    private static int chars(String value, String unit) {
        long size = Long.parseLong(value) * switch (unit) {
            case "k" -> 1024;
            case "m" -> 1024 * 1024;
            default -> 1;
        };
        return (int) Math.min(size, Integer.MAX_VALUE);
    }

    public String describe() {
        return String.format(Locale.ROOT, "the string echo's size drawn anew every %s from %,d to %,d chars (%s)",
                Durations.format(every), minChars, maxChars, text);
    }
}
