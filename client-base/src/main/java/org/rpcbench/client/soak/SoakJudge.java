package org.rpcbench.client.soak;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.rpcbench.contract.JvmSample;
import org.rpcbench.contract.SoakReport;
import org.rpcbench.contract.SoakReport.Check;
import org.rpcbench.contract.SoakReport.Limits;

/**
 * Judges one JVM's series against a soak's limits, over the samples from the warmup's end to the load's end. The
 * live set's growth is the slope of a least-squares line through the heap after each of the sampler's full GCs (not
 * the last minus the first, which one measurement would swing), and is judged only when the growth it fits over the
 * window exceeds the noise a healthy JVM shows in that time.
 */
final class SoakJudge {

    private static final double MB = 1024 * 1024;
    private static final double MILLIS_PER_HOUR = 3_600_000;

    private final Limits limits;
    private final long measureFrom;
    private final long measureTo;
    private final double intervalSeconds;

    /**
     * @param measureFrom, measureTo the measured window, epoch millis
     * @param interval the sampling interval: a client's intervals much shorter (the one ending with the load) are
     *     too short for a rate
     */
    SoakJudge(Limits limits, long measureFrom, long measureTo, Duration interval) {
        this.limits = limits;
        this.measureFrom = measureFrom;
        this.measureTo = measureTo;
        this.intervalSeconds = interval.toMillis() / 1000.0;
    }

    /** The samples inside the measured window. */
    List<JvmSample> window(List<JvmSample> series) {
        return series.stream().filter(sample -> sample.epochMillis() >= measureFrom
                && sample.epochMillis() <= measureTo).toList();
    }

    /** The checks every JVM gets: old generation, full GCs, threads, open files. */
    List<Check> jvmChecks(List<JvmSample> series) {
        List<JvmSample> window = window(series);
        List<Check> checks = new ArrayList<>();
        checks.add(liveSetGrowth(window));
        if (window.size() < 2) {
            String why = "fewer than two samples after the warmup";
            checks.add(Check.notJudged(SoakReport.FULL_GCS, limits.fullGcs(), "", why));
            checks.add(Check.notJudged(SoakReport.THREADS, limits.threadGrowth(), "", why));
            checks.add(Check.notJudged(SoakReport.OPEN_FILES, limits.openFileGrowth(), "", why));
            return checks;
        }
        JvmSample first = window.get(0);
        JvmSample last = window.get(window.size() - 1);
        long fullGcs = last.fullGcs() - first.fullGcs();
        checks.add(new Check(SoakReport.FULL_GCS, fullGcs, limits.fullGcs(), "", fullGcs <= limits.fullGcs(),
                "after the warmup; " + last.fullGcs() + " since the JVM started"));
        long threads = last.threads() - first.threads();
        checks.add(new Check(SoakReport.THREADS, threads, limits.threadGrowth(), "", threads <= limits.threadGrowth(),
                first.threads() + " -> " + last.threads()));
        if (first.openFiles() < 0) {
            checks.add(Check.notJudged(SoakReport.OPEN_FILES, limits.openFileGrowth(), "",
                    "not reported on this platform"));
        } else {
            long files = last.openFiles() - first.openFiles();
            checks.add(new Check(SoakReport.OPEN_FILES, files, limits.openFileGrowth(), "",
                    files <= limits.openFileGrowth(), first.openFiles() + " -> " + last.openFiles()));
        }
        return checks;
    }

    private Check liveSetGrowth(List<JvmSample> window) {
        List<JvmSample> points = window.stream().filter(sample -> sample.liveSetBytes() >= 0).toList();
        if (points.size() < 2) {
            return Check.notJudged(SoakReport.LIVE_SET, limits.liveSetMbPerHour(), "MB/h", points.size()
                    + " live-set measurements after the warmup, 2 needed (the sampler's --live-set-every)");
        }
        double meanT = points.stream().mapToDouble(JvmSample::epochMillis).average().orElse(0);
        double meanY = points.stream().mapToDouble(JvmSample::liveSetBytes).average().orElse(0);
        double covariance = 0;
        double variance = 0;
        for (JvmSample sample : points) {
            covariance += (sample.epochMillis() - meanT) * (sample.liveSetBytes() - meanY);
            variance += (sample.epochMillis() - meanT) * (sample.epochMillis() - meanT);
        }
        double bytesPerMilli = variance == 0 ? 0 : covariance / variance;
        double mbPerHour = bytesPerMilli * MILLIS_PER_HOUR / MB;
        double spanMillis = points.get(points.size() - 1).epochMillis() - points.get(0).epochMillis();
        double fittedMb = bytesPerMilli * spanMillis / MB;
        double smallestJudged = Math.max(limits.liveSetMbPerHour(),
                limits.liveSetNoiseMb() / (spanMillis / MILLIS_PER_HOUR));
        boolean broken = mbPerHour > limits.liveSetMbPerHour() && fittedMb > limits.liveSetNoiseMb();
        return new Check(SoakReport.LIVE_SET, round(mbPerHour), limits.liveSetMbPerHour(), "MB/h", !broken,
                String.format(Locale.ROOT, "%.1f -> %.1f MB, %+.1f MB fitted over %.1f min through %d full GCs;"
                        + " growth above %,.0f MB/h is judged in a window this long",
                        points.get(0).liveSetBytes() / MB, points.get(points.size() - 1).liveSetBytes() / MB,
                        fittedMb, spanMillis / 60_000, points.size(), smallestJudged));
    }

    /** The fewest intervals after the warmup whose first and last tenth are compared. */
    static final int FALL_INTERVALS = 10;

    /**
     * The client's own: errors over the whole run, and a fall in throughput over the measured window (a rise is
     * only noted: it means the warmup was short, not that the stack degrades; with a payload schedule the calls
     * change size, so throughput is not judged).
     */
    List<Check> loadChecks(List<JvmSample> clientSeries, long errors, boolean payloadsVary) {
        List<Check> checks = new ArrayList<>();
        checks.add(new Check(SoakReport.ERRORS, errors, limits.errors(), "", errors <= limits.errors(),
                "over the whole run"));
        if (payloadsVary) {
            checks.add(Check.notJudged(SoakReport.DRIFT, limits.fallPercent(), "%",
                    "the string's size changes by design (--payload-schedule)"));
            return checks;
        }
        List<JvmSample.Load> intervals = window(clientSeries).stream().map(JvmSample::load)
                .filter(load -> load != null && load.seconds() >= intervalSeconds / 2).toList();
        if (intervals.size() < FALL_INTERVALS) {
            // one interval against one is the noise of a shared machine, not a trend
            checks.add(Check.notJudged(SoakReport.DRIFT, limits.fallPercent(), "%",
                    intervals.size() + " intervals after the warmup, fewer than " + FALL_INTERVALS));
            return checks;
        }
        int tenth = Math.max(1, intervals.size() / 10);
        double first = rate(intervals.subList(0, tenth));
        double last = rate(intervals.subList(intervals.size() - tenth, intervals.size()));
        double fall = first > 0 ? (1 - last / first) * 100 : 0;
        checks.add(new Check(SoakReport.DRIFT, round(Math.max(0, fall)), limits.fallPercent(), "%",
                fall <= limits.fallPercent(), String.format(Locale.ROOT, "%,.0f -> %,.0f calls/s, the window's first"
                        + " and last tenth%s", first, last, fall < 0 ? String.format(Locale.ROOT, "; rose %.0f %%:"
                        + " a longer --soak-warmup would leave out more of the warmup", -fall) : "")));
        return checks;
    }

    private static double rate(List<JvmSample.Load> intervals) {
        double seconds = intervals.stream().mapToDouble(JvmSample.Load::seconds).sum();
        return intervals.stream().mapToLong(JvmSample.Load::calls).sum() / seconds;
    }

    private static double round(double value) {
        return Math.round(value * 10) / 10.0;
    }
}
