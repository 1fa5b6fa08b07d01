package org.rpcbench.contract;

import java.util.Arrays;

/**
 * Calls per bucket of {@code bucketMillis} by outcome, counted from the run's monotonic start (bucket i holds the
 * calls that completed in [i × bucketMillis, (i + 1) × bucketMillis)), and where in it the service was disturbed.
 */
public record Timeline(int bucketMillis, long[] ok, long[] failed, long[] wrong) {

    public static final int BUCKET_MILLIS = 100;
    /** How long ok counts must stay up, with no failure, for a disturbance to be over. */
    public static final int RECOVERY_MILLIS = 1000;
    /**
     * How many buckets in a row a dip without failures must last to count: one bucket at half speed is a pause of
     * the machine's (a GC, the JIT, a neighbour on shared cores), seen in runs with no fault at all.
     */
    public static final int DIP_BUCKETS = 2;

    /** The first {@code millis} of this timeline, in whole buckets. */
    public Timeline first(long millis) {
        int buckets = (int) Math.min(ok.length, millis / bucketMillis);
        return new Timeline(bucketMillis, Arrays.copyOf(ok, buckets), Arrays.copyOf(failed, buckets),
                Arrays.copyOf(wrong, buckets));
    }

    public int buckets() {
        return ok.length;
    }

    /**
     * From the first bucket with a failed or wrong call, or the first of {@link #DIP_BUCKETS} in a row whose ok count
     * fell below half the median of the buckets before the first, whichever comes first (a provider that stops
     * answering without failing the calls shows as a dip well before the failures), to the first bucket that starts
     * {@link #RECOVERY_MILLIS} of buckets with no failure and an ok count not below half that median. A failure in
     * the very first bucket has no buckets before it: the whole timeline's median stands in. A service that came back
     * and was then disturbed again to the end did not recover: the window then runs from the first start to the end.
     */
    public Disturbance disturbance() {
        return disturbance(0);
    }

    /**
     * The same, looking for the start only from bucket {@code from} on: where a fault was injected on purpose, so
     * that the warmup's climb or an earlier hiccup is not taken for it.
     */
    public Disturbance disturbance(int from) {
        int firstNotOk = firstBucketNotOk(from);
        int firstDip = firstDip(from);
        int start = firstNotOk < 0 ? firstDip : firstDip < 0 ? firstNotOk : Math.min(firstNotOk, firstDip);
        if (start < 0) {
            return Disturbance.NONE;
        }
        double threshold = median(start > 0 ? start : buckets()) / 2;
        int needed = RECOVERY_MILLIS / bucketMillis;
        int healthySince = -1;
        for (int i = start + 1; i < buckets(); i++) {
            boolean healthy = failed[i] == 0 && wrong[i] == 0 && ok[i] >= threshold;
            if (!healthy) {
                healthySince = -1;
            } else {
                if (healthySince < 0) {
                    healthySince = i;
                }
                if (i - healthySince + 1 >= needed) {
                    Disturbance later = disturbance(healthySince);
                    return later.disturbed() && !later.recovered()
                            ? Disturbance.between(start, buckets(), false, bucketMillis)
                            : Disturbance.between(start, healthySince, true, bucketMillis);
                }
            }
        }
        return Disturbance.between(start, buckets(), false, bucketMillis);
    }

    private int firstBucketNotOk(int from) {
        for (int i = from; i < buckets(); i++) {
            if (failed[i] > 0 || wrong[i] > 0) {
                return i;
            }
        }
        return -1;
    }

    private int firstDip(int from) {
        for (int i = Math.max(1, from); i + DIP_BUCKETS <= buckets(); i++) {
            double threshold = median(i) / 2;
            int below = 0;
            while (below < DIP_BUCKETS && ok[i + below] < threshold) {
                below++;
            }
            if (below == DIP_BUCKETS) {
                return i;
            }
        }
        return -1;
    }

    /** The median ok count of the first {@code buckets} buckets. */
    private double median(int buckets) {
        long[] sorted = Arrays.copyOf(ok, buckets);
        Arrays.sort(sorted);
        int middle = buckets / 2;
        return buckets % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2.0;
    }

    /** Ok calls per second over buckets [from, to), or null when that span is empty. */
    public Double okPerSecond(int from, int to) {
        if (to <= from) {
            return null;
        }
        long calls = 0;
        for (int i = from; i < to; i++) {
            calls += ok[i];
        }
        return calls * 1000.0 / ((to - from) * (long) bucketMillis);
    }

    /** Ok calls in the last {@code millis} of this timeline. */
    public long okInLast(long millis) {
        long calls = 0;
        for (int i = Math.max(0, buckets() - (int) (millis / bucketMillis)); i < buckets(); i++) {
            calls += ok[i];
        }
        return calls;
    }

    /** Where the service was disturbed, in milliseconds from the start; {@link #NONE} when it never was. */
    public record Disturbance(boolean disturbed, long startMillis, long endMillis, long windowMillis,
            boolean recovered) {

        public static final Disturbance NONE = new Disturbance(false, 0, 0, 0, true);

        static Disturbance between(int startBucket, int endBucket, boolean recovered, int bucketMillis) {
            long start = (long) startBucket * bucketMillis;
            long end = (long) endBucket * bucketMillis;
            return new Disturbance(true, start, end, end - start, recovered);
        }

        public int startBucket(int bucketMillis) {
            return (int) (startMillis / bucketMillis);
        }

        public int endBucket(int bucketMillis) {
            return (int) (endMillis / bucketMillis);
        }
    }
}
