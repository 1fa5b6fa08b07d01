package org.rpcbench.client;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.rpcbench.api.EchoService;
import org.rpcbench.api.Payload;
import org.rpcbench.api.WrongAnswerException;
import org.rpcbench.contract.Durations;
import org.rpcbench.contract.SoakReport;

/**
 * The seed's high-pressure run ({@code --payload-schedule random:20b-200k:10m}): the soak's string echo carries a
 * string whose size is drawn anew at each interval, from a fixed seed so that two runs draw the same sizes. Sizes are
 * drawn log-uniformly, so that small and large strings both come up (uniformly, nine draws in ten would exceed 20K).
 * A soak shorter than ten intervals changes the size every tenth of its length instead.
 */
final class PayloadSchedule {

    private static final Pattern FORMAT =
            Pattern.compile("random:([0-9]+)([bkm])-([0-9]+)([bkm]):([0-9]+(?:ms|s|m|h))");
    private static final long SEED = 20;

    private final String text;
    private final int minChars;
    private final int maxChars;
    private final Duration every;
    private final SplittableRandom random = new SplittableRandom(SEED);
    private final List<SoakReport.PayloadChange> changes = new ArrayList<>();
    private volatile String current;
    private ScheduledExecutorService timer;

    private PayloadSchedule(String text, int minChars, int maxChars, Duration every) {
        this.text = text;
        this.minChars = minChars;
        this.maxChars = maxChars;
        this.every = every;
    }

    /**
     * {@code random:<min>-<max>:<interval>}, sizes in b, k or m (chars of one byte each), for a soak this long.
     *
     * @throws IllegalArgumentException saying what it takes
     */
    static PayloadSchedule parse(String text, Duration soak) {
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
        return new PayloadSchedule(text, min, max, every.compareTo(tenth) > 0 ? tenth : every);
    }

    private static int chars(String value, String unit) {
        long size = Long.parseLong(value) * switch (unit) {
            case "k" -> 1024;
            case "m" -> 1024 * 1024;
            default -> 1;
        };
        return (int) Math.min(size, Integer.MAX_VALUE);
    }

    String describe() {
        return String.format(Locale.ROOT, "the string echo's size drawn anew every %s from %,d to %,d chars (%s)",
                Durations.format(every), minChars, maxChars, text);
    }

    /** Draws the first size and changes it every interval until {@link #stop()}. */
    void start() {
        change();
        timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "payload-schedule");
            thread.setDaemon(true);
            return thread;
        });
        timer.scheduleAtFixedRate(this::change, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    }

    void stop() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }

    private void change() {
        double logSize = Math.log(minChars) + random.nextDouble() * (Math.log(maxChars) - Math.log(minChars));
        int size = (int) Math.min(maxChars, Math.max(minChars, Math.round(Math.exp(logSize))));
        current = Payload.text(size);
        synchronized (changes) {
            changes.add(new SoakReport.PayloadChange(System.currentTimeMillis(), size));
        }
    }

    /** A caller echoing the string of the moment and checking the answer equals it. */
    Supplier<Object> caller(EchoService echo) {
        return () -> {
            String request = current;
            Object answer = echo.echo(request);
            if (!request.equals(answer)) {
                throw new WrongAnswerException("echo of a " + request.length() + "-char string answered "
                        + (answer instanceof String string ? "one of " + string.length() + " chars" : answer));
            }
            return answer;
        };
    }

    /** The schedule as the report records it: its text and every size drawn, with when. */
    SoakReport.Payloads record() {
        synchronized (changes) {
            return new SoakReport.Payloads(text, every.toMillis(), List.copyOf(changes));
        }
    }
}
