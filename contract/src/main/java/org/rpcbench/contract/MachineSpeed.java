package org.rpcbench.contract;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * machine-speed.json: how fast the machine ran, second by second, while an A/B run's trials ran on it. A probe
 * thread per CPU times a fixed integer work by its own CPU clock, often and briefly; the work never changes, so its
 * time moves only with the machine (a neighbour on the host, the clock the host gives the guest). A side's CPU per
 * call moves with it, and the gate takes that share out of each trial's ratio ({@code AbComparison}).
 *
 * @param probe   what was timed, and how often
 * @param threads the probe's threads, one per CPU
 * @param seconds each second any sample fell in, in order
 */
public record MachineSpeed(String probe, int threads, List<Second> seconds) {

    public static final String FILE_NAME = "machine-speed.json";
    /** Fewer samples than this in a window give no figure: a window the probe did not cover. */
    public static final int MIN_SAMPLES = 100;
    /**
     * A second with fewer than this share of the usual second's samples starved the probe: over 384 windows of seven
     * A/B runs here the fewest in a second were 96 of 100 but in two windows the machine stalled in (0 and 67).
     */
    public static final double STARVED_SHARE = 0.8;

    /**
     * One second of samples.
     *
     * @param epochSecond seconds since the epoch
     * @param meanNanos   the work's mean time in it, thread CPU nanoseconds
     */
    public record Second(long epochSecond, int samples, double meanNanos) {
    }

    /**
     * The work's mean time over the seconds that lie wholly within a window (milliseconds since the epoch); null when
     * those hold fewer than {@link #MIN_SAMPLES} samples.
     */
    public Double meanNanos(long startEpochMillis, long endEpochMillis) {
        long samples = 0;
        double nanos = 0;
        for (Second second : seconds) {
            if (within(second.epochSecond(), startEpochMillis, endEpochMillis)) {
                samples += second.samples();
                nanos += second.meanNanos() * second.samples();
            }
        }
        return samples < MIN_SAMPLES ? null : nanos / samples;
    }

    /**
     * How the probe was starved under a window, or null when it was not: a second wholly within it held fewer than
     * {@link #STARVED_SHARE} of the usual second's samples (the median second's over the run), or none. The probe's
     * threads sleep between samples, so the scheduler runs them soon after they wake: when they miss their turns, the
     * machine itself stalled (the host took the guest's CPUs), and whatever was measured in that window waited with it.
     * A window the probe ran before and after counts, even when it kept no second within it; one outside the seconds it
     * kept does not (it did not run then).
     */
    public String starvedIn(long startEpochMillis, long endEpochMillis) {
        Map<Long, Integer> samplesBySecond = new HashMap<>();
        seconds.forEach(second -> samplesBySecond.put(second.epochSecond(), second.samples()));
        long firstKept = seconds.stream().mapToLong(Second::epochSecond).min().orElse(Long.MAX_VALUE);
        long lastKept = seconds.stream().mapToLong(Second::epochSecond).max().orElse(Long.MIN_VALUE);
        int fewest = Integer.MAX_VALUE;
        for (long second = Math.floorDiv(startEpochMillis + 999, 1000);
                within(second, startEpochMillis, endEpochMillis); second++) {
            if (second < firstKept || second > lastKept) {
                return null;
            }
            fewest = Math.min(fewest, samplesBySecond.getOrDefault(second, 0));
        }
        if (fewest == Integer.MAX_VALUE) {
            return null;
        }
        int[] counts = seconds.stream().mapToInt(Second::samples).sorted().toArray();
        int usual = counts[counts.length / 2];
        return fewest < STARVED_SHARE * usual ? String.format(Locale.ROOT, "took %d of its usual %d samples in a"
                + " second", fewest, usual) : null;
    }

    /** Whether a second since the epoch lies wholly within a window (milliseconds since the epoch). */
    private static boolean within(long epochSecond, long startEpochMillis, long endEpochMillis) {
        return epochSecond * 1000 >= startEpochMillis && (epochSecond + 1) * 1000 <= endEpochMillis;
    }

    public void write(Path abDirectory) {
        RecordFiles.write(abDirectory.resolve(FILE_NAME), this);
    }

    /** The record in an A/B run's directory, or null when its run had no probe. */
    public static MachineSpeed read(Path abDirectory) {
        Path file = abDirectory.resolve(FILE_NAME);
        return Files.isRegularFile(file) ? RecordFiles.read(file, MachineSpeed.class) : null;
    }
}
