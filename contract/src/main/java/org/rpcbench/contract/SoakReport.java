package org.rpcbench.contract;

import java.time.Duration;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.Locale;

/**
 * A soak's result, the client's {@code --resultFile}: the load, the limits it was held to, and a verdict per JVM
 * (the client's own and each server's whose samples it was given) on the criteria of the Dubbo 2.0 report's
 * stability run: the old generation's growth (read as the live set's: the heap after the full GCs the samplers ask
 * for), full GCs, threads, open files, errors and a fall in throughput, each judged over the samples after the
 * warmup.
 *
 * @param lengthMillis the length asked for; an interrupted soak ended before it
 * @param callNames the calls mixed, each thread going round them
 * @param answered calls answered and checked
 * @param errors calls failed or answered wrongly
 * @param firstError the first of them, one line; null when none
 * @param payloads the high-pressure variant's string sizes, or null when the payloads were fixed
 * @param interrupted whether it was stopped before its length (SIGTERM, Ctrl-C): judged on what it saw
 * @param problem every limit broken, or null when none was
 */
public record SoakReport(long startEpochMillis, long endEpochMillis, long lengthMillis, long warmupMillis,
        long sampleEveryMillis,
        int threads, List<String> callNames, Limits limits, long answered, long errors, String firstError,
        Payloads payloads, List<JvmVerdict> jvms, boolean interrupted, String problem) {

    public static final String LIVE_SET = "live set growth";
    public static final String FULL_GCS = "full GCs";
    public static final String THREADS = "thread growth";
    public static final String OPEN_FILES = "open file growth";
    public static final String ERRORS = "errors";
    public static final String DRIFT = "throughput fall";

    /**
     * What a soak must stay within. The defaults are the seed's (200 MB of old generation in 50 hours, no full GC)
     * and steady threads, files, errors and throughput.
     *
     * @param liveSetMbPerHour the live set's fitted growth, MB per hour
     * @param liveSetNoiseMb growth over the measured window below this is not judged: a healthy JVM's live set
     *     moves this much in a short run (caches and pools filling)
     * @param fallPercent how much lower the calls/s of the measured window's last tenth may be than its first's
     */
    public record Limits(double liveSetMbPerHour, double liveSetNoiseMb, long fullGcs, long threadGrowth,
            long openFileGrowth, long errors, double fallPercent) {

        public static final Limits DEFAULT = new Limits(4, 8, 0, 5, 5, 0, 20);
    }

    /**
     * The string echo's sizes, drawn anew every interval.
     *
     * @param schedule as given, e.g. random:20b-200k:10m
     * @param everyMillis the interval used (a short soak's is a tenth of it)
     * @param changes every size drawn, and when
     */
    public record Payloads(String schedule, long everyMillis, List<PayloadChange> changes) {

        String describe() {
            IntSummaryStatistics sizes = changes.stream().mapToInt(PayloadChange::chars).summaryStatistics();
            return String.format(Locale.ROOT, "string echo sizes (%s) drawn every %s: %d sizes from %,d to %,d"
                    + " chars", schedule, Durations.format(Duration.ofMillis(everyMillis)), changes.size(),
                    sizes.getMin(), sizes.getMax());
        }
    }

    /** A size the string echo changed to. */
    public record PayloadChange(long epochMillis, int chars) {
    }

    /**
     * One JVM's verdict.
     *
     * @param jvm "client", or the server's samples file name
     * @param samplesFile the series' file where its JVM wrote it (a server's on its own machine)
     * @param samples how many samples fell in the measured window
     */
    public record JvmVerdict(String jvm, String samplesFile, int samples, List<Check> checks) {

        public boolean passed() {
            return checks.stream().allMatch(Check::passed);
        }
    }

    /**
     * One criterion: what was measured against its limit.
     *
     * @param measured the value, in {@code unit}
     * @param note how it was measured, or why it was not judged
     */
    public record Check(String criterion, double measured, double limit, String unit, boolean passed, String note) {

        /** How a note starts when too little was measured to judge the check: it neither passed nor broke. */
        public static final String NOT_JUDGED = "not judged: ";

        public static Check notJudged(String criterion, double limit, String unit, String why) {
            return new Check(criterion, 0, limit, unit, true, NOT_JUDGED + why);
        }

        public boolean judged() {
            return note == null || !note.startsWith(NOT_JUDGED);
        }

        /** "ok", "BROKEN" or "not judged". */
        public String verdict() {
            return !judged() ? "not judged" : passed ? "ok" : "BROKEN";
        }

        public String describe() {
            return measuredText() + (note == null ? "" : " (" + note + ")");
        }

        public String measuredText() {
            return format(measured) + unitText();
        }

        public String describeLimit() {
            return format(limit) + unitText();
        }

        private String unitText() {
            return unit.isEmpty() ? "" : " " + unit;
        }
    }

    /** "; 3 of 14 checks not judged (...)" for the verdict line, or nothing when every check was judged. */
    private String notJudgedText() {
        long all = jvms.stream().mapToLong(jvm -> jvm.checks().size()).sum();
        long notJudged = jvms.stream().flatMap(jvm -> jvm.checks().stream()).filter(check -> !check.judged()).count();
        return notJudged == 0 ? "" : "; " + notJudged + " of " + all + " checks not judged (too little measured"
                + " after the warmup: see each)";
    }

    /** A soak passes when it ran its length and broke no limit. */
    public boolean passed() {
        return problem == null && !interrupted;
    }

    /**
     * How often a soak this long measures each JVM's live set by default: a tenth of it, from 5 s to 10 minutes
     * (enough points for a slope, few enough full GCs not to disturb the load).
     */
    public static Duration liveSetEvery(Duration soak) {
        return Duration.ofMillis(Math.min(Math.max(soak.toMillis() / 10, 5_000), 600_000));
    }

    /** The verdict as people read it: a line for the load, then a table of every check. */
    public String summary() {
        String ran = Durations.format(Duration.ofSeconds(Math.round((endEpochMillis - startEpochMillis) / 1000.0)));
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT,
                "soak: %s at %d threads (%s), the first %s a warmup; %,d calls answered and checked, %,d errors%s%n",
                ran, threads, String.join(", ", callNames), Durations.format(Duration.ofMillis(warmupMillis)), answered,
                errors, firstError == null ? "" : " (first: " + firstError + ")"));
        if (payloads != null && !payloads.changes().isEmpty()) {
            text.append(payloads.describe()).append('\n');
        }
        text.append("| jvm | criterion | measured | limit | verdict |\n|---|---|---|---|---|\n");
        for (JvmVerdict jvm : jvms) {
            for (Check check : jvm.checks()) {
                text.append("| ").append(jvm.jvm()).append(" | ").append(check.criterion()).append(" | ")
                        .append(check.describe().replace("|", "\\|")).append(" | ").append(check.describeLimit())
                        .append(" | ").append(check.verdict()).append(" |\n");
            }
        }
        text.append("soak verdict").append(interrupted ? ", interrupted after " + ran + " of "
                + Durations.format(Duration.ofMillis(lengthMillis)) + " and judged on what it saw" : "").append(": ")
                .append(problem == null ? (interrupted ? "no limit broken" : "passed") : "FAILED: " + problem)
                .append(notJudgedText())
                .append('\n');
        return text.toString();
    }

    private static String format(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) value)
                : String.format(Locale.ROOT, "%,.1f", value);
    }
}
