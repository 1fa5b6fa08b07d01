package org.rpcbench.contract;

import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;

/**
 * verdict.json: an A/B run judged, one line per benchmark and metric, for machines (a history, a dashboard) as the
 * Markdown beside it is for people.
 *
 * @param baseline, candidate each side as given, with its commit
 * @param thresholds the smallest change in percent that counts, per kind of figure and, for CPU, per side, and the
 *                   confidence the confirmation trials are judged at
 * @param interval   how the intervals were estimated
 * @param passed     no regression, no failed pair, nothing left unjudged
 * @param confirmationFrom as {@link AbRecord#confirmationFrom()}: where the trials that had to flag a regression
 *                   again begin; null when none ran
 */
public record AbVerdict(String baseline, String candidate, int trials, Thresholds thresholds, String interval,
        List<Line> lines, boolean passed, Integer confirmationFrom) {

    public static final String FILE_NAME = "verdict.json";
    /**
     * Trials with both sides below this give no interval: a bootstrap over two pairs draws from three resamples.
     * ab refuses fewer trials, and the judge leaves unjudged (failing the gate) a metric that set-aside trials left
     * with fewer.
     */
    public static final int MIN_TRIALS = 3;
    public static final String MARKDOWN_FILE_NAME = "verdict.md";
    /**
     * A line's metric for the benchmark's own score (its mode's unit); the others are {@link #MEDIAN},
     * {@link #SECOND_MEANS_MEDIAN} and {@link CallCost} labels.
     */
    public static final String SCORE = "score";
    /**
     * A line's metric for an open-loop call's median response time, beside its score, the mean: the mean carries the
     * tail (a collection, a descheduled thread), which spreads far more between fresh JVMs than the middle does.
     */
    public static final String MEDIAN = "p50";
    /**
     * A line's metric for an open-loop call's mean response time, judged in its score's stead: the median of its
     * window's per-second means, which a few seconds the client's sender was held up in (a pause, a descheduled
     * sender) do not move as they move the window's mean.
     */
    public static final String SECOND_MEANS_MEDIAN = "second-means-p50";

    /**
     * @param time       a benchmark's score; an open-loop call's seconds' median in its stead
     * @param median     an open-loop call's median response time
     * @param serverCpu  the providers' CPU per call, their process's and their threads'
     * @param clientCpu  the same for the client
     * @param allocation bytes allocated per call on either side
     * @param confirmationConfidence the confidence in percent of the interval that confirmation trials judge a flag
     *                   by; the first trials' is 95%. Lower, because they replicate a flag that 95% raised: they
     *                   must rule out a chance draw of the first trials, not prove the change again
     */
    public record Thresholds(double time, double median, double serverCpu, double clientCpu, double allocation,
            double confirmationConfidence) {

        /** The threshold that judges one of a call's costs. */
        public double of(CallCost cost) {
            return switch (cost.kind()) {
                case CPU -> cost.side() == CallCost.Side.CLIENT ? clientCpu : serverCpu;
                case ALLOCATION -> allocation;
                case LOAD -> throw new IllegalArgumentException(cost + " says who was busy; no gate judges it");
            };
        }
    }

    /**
     * One benchmark's metric over the trials both sides ran.
     *
     * @param trials    the trials with a figure on both sides
     * @param baseline, candidate the mean over those trials, in {@code unit}
     * @param ratio     candidate over baseline; null when not judged
     * @param low, high the ratio's 95% interval over every trial; null when not judged
     * @param detectable the smallest change in percent a run this noisy detects nine times in ten; null when not
     *                  judged
     * @param verdict   regression, improvement, within noise, pair failed or not judged; with confirmation trials
     *                  a regression or an improvement is one that the first trials and the confirmation trials
     *                  each show on their own
     */
    public record Line(String pair, String benchmark, String mode, int threads, SortedMap<String, String> params,
            String metric, String unit, int trials, Double baseline, Double candidate, Double ratio, Double low,
            Double high, Double detectable, String verdict, String note) {
    }

    public void write(Path directory) {
        RecordFiles.write(directory.resolve(FILE_NAME), this);
    }

    public static AbVerdict read(Path directory) {
        return RecordFiles.read(directory.resolve(FILE_NAME), AbVerdict.class);
    }
}
