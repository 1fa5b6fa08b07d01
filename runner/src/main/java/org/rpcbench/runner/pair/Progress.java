package org.rpcbench.runner.pair;

import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The "step i of n, elapsed, time left" line, estimated from the pairs done so far and JMH's own ETA. */
public final class Progress {

    private static final Pattern JMH_PROGRESS =
            Pattern.compile("# Run progress: ([0-9.]+)% complete, ETA (\\d+):(\\d\\d):(\\d\\d)");

    private Progress() {
    }

    /** JMH's estimate of the time left in the current client run, from one of its "# Run progress" lines. */
    public static Duration jmhTimeLeft(String line) {
        Matcher matcher = JMH_PROGRESS.matcher(line);
        if (!matcher.find()) {
            return null;
        }
        return Duration.ofHours(Long.parseLong(matcher.group(2)))
                .plusMinutes(Long.parseLong(matcher.group(3)))
                .plusSeconds(Long.parseLong(matcher.group(4)));
    }

    /**
     * Time left in the whole run: the current pair's (JMH's ETA, or the typical pair's time minus what it has run)
     * plus a typical pair's time for each pair after it. The typical pair is the mean of the pairs done, else the
     * current pair's elapsed time plus its ETA. Null while there is nothing to estimate from.
     */
    public static Duration timeLeft(List<Duration> pairsDone, Duration currentElapsed, Duration currentEta,
            int pairsAfterCurrent) {
        Duration typical;
        if (!pairsDone.isEmpty()) {
            typical = pairsDone.stream().reduce(Duration.ZERO, Duration::plus).dividedBy(pairsDone.size());
        } else if (currentEta != null) {
            typical = currentElapsed.plus(currentEta);
        } else {
            return null;
        }
        Duration current = currentEta != null ? currentEta : max(typical.minus(currentElapsed), Duration.ZERO);
        return current.plus(typical.multipliedBy(pairsAfterCurrent));
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /** 1:05:09 or 5:09. */
    public static String format(Duration duration) {
        long seconds = duration.toSeconds();
        long hours = seconds / 3600;
        return hours > 0
                ? String.format("%d:%02d:%02d", hours, seconds / 60 % 60, seconds % 60)
                : String.format("%d:%02d", seconds / 60, seconds % 60);
    }
}
