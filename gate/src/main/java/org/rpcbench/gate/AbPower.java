package org.rpcbench.gate;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.rpcbench.contract.AbVerdict;
import org.rpcbench.results.InputException;

/**
 * What the A/B gate sees, estimated from A/A runs (both sides one commit): simulated A/B runs, each of as many trials
 * as a real one, taken without replacement from the pooled trials of those runs (the same trials for every metric,
 * as in a real run), each trial's two sides swapped at random, which an A/A trial allows (its sides run the same code,
 * in random order), then the candidate's figures of one metric made worse by a known share and judged as
 * {@link AbComparison} judges. At no change, how often a metric is flagged, and how often the gate (any metric) is:
 * the false-alarm rate; at each change, how often that metric is flagged: the power; and the smallest change
 * flagged nine times in ten. When the pool holds enough trials, a run whose first trials flag the metric draws its
 * confirmation trials from the trials it has not used, and counts as flagged only when they flag it too, as
 * {@code benchmark.sh ab} does. It uses the trials as they were, never a trial twice in a run: a pool no larger than
 * a run varies only by the swaps, and the trials of a few runs understate the tails, which real A/A runs and runs
 * with an injected cost check.
 *
 * @param changes          the changes simulated, in percent: none, then each shift
 * @param pooled           per metric, what the simulations flagged
 * @param firstFlagged     the simulated A/A runs in which the first trials flagged any metric
 * @param confirmedFlagged those in which the confirmation trials upheld it: the gate's false alarms
 * @param variance         where the runs' variance lives, per metric
 */
public record AbPower(List<Path> directories, AbVerdict.Thresholds thresholds, Simulated simulated,
        List<Double> changes, List<Pooled> pooled, int firstFlagged, int confirmedFlagged,
        List<AbVariance.Row> variance) {

    /** Resamples per simulated verdict, a tenth of a real one's: the ends lie a few resamples in (6 at 8 trials). */
    static final int RESAMPLES = 1_000;
    /** A change counts as seen when flagged this often. */
    static final double POWER = 0.9;

    /**
     * One metric of one benchmark, pooled over the A/A runs, and what the simulations flagged.
     *
     * @param flagged  per change (no change first), the simulated runs that flagged it
     * @param seenFrom the smallest change flagged in nine runs of ten; null when none of those simulated was
     */
    public record Pooled(AbComparison.Series series, int[] flagged, Double seenFrom) {
    }

    /** What one simulated run called: a regression in its first trials, and one its confirmation trials upheld. */
    record Flags(boolean first, boolean confirmed) {
    }

    /**
     * Simulates what the gate sees from the A/A runs in {@code directories}, with where their variance lives
     * ({@link AbVariance}).
     *
     * @param trials      trials per simulated run, as the real runs to be judged have
     * @param confirmationTrials trials a run adds when its first ones flag a regression; 0 for none
     * @param shifts      the changes in percent to simulate, worse for the candidate (more time or cost per call)
     * @param simulations simulated runs per change
     * @throws InputException when a directory holds no A/B run, or no metric has two trials
     */
    public static AbPower simulate(List<Path> directories, AbVerdict.Thresholds thresholds, int trials,
            int confirmationTrials, List<Double> shifts, int simulations, long seed) throws InputException {
        Map<String, AbComparison.Series> pool = new LinkedHashMap<>();
        List<AbComparison.Trials> runs = new ArrayList<>();
        for (Path directory : directories) {
            runs.add(AbComparison.Trials.load(directory));
            for (AbComparison.Series series : runs.get(runs.size() - 1).series(thresholds)) {
                pool.merge(series.poolLabel(), series, AbPower::concatenated);
            }
        }
        pool.values().removeIf(series -> series.before().length < AbVerdict.MIN_TRIALS);
        if (pool.isEmpty()) {
            throw new InputException("no metric of " + directories + " has " + AbVerdict.MIN_TRIALS + " trials"
                    + " with both sides");
        }
        List<Double> changes = new ArrayList<>(List.of(0.0));
        changes.addAll(shifts);
        int pooledTrials = pool.values().stream().mapToInt(series -> series.before().length).max().orElseThrow();
        Simulated simulated = new Simulated(Math.min(trials, pooledTrials), confirmationTrials, pooledTrials,
                simulations, seed);
        Random random = new Random(seed);
        Draw[] draws = new Draw[simulations];
        for (int simulation = 0; simulation < simulations; simulation++) {
            draws[simulation] = Draw.of(pooledTrials, simulated.trials(), simulated.confirming(), random);
        }
        List<Pooled> pooled = new ArrayList<>();
        boolean[] anyFirst = new boolean[simulations];
        boolean[] anyConfirmed = new boolean[simulations];
        for (AbComparison.Series series : pool.values()) {
            int[] flagged = new int[changes.size()];
            for (int change = 0; change < changes.size(); change++) {
                for (int simulation = 0; simulation < simulations; simulation++) {
                    Flags flags = flagged(series, draws[simulation], changes.get(change),
                            thresholds.confirmationConfidence() / 100, random);
                    flagged[change] += flags.confirmed() ? 1 : 0;
                    if (change == 0) {
                        anyFirst[simulation] |= flags.first();
                        anyConfirmed[simulation] |= flags.confirmed();
                    }
                }
            }
            pooled.add(new Pooled(series, flagged, seenFrom(changes, flagged, simulations)));
        }
        // without confirmation trials a run's first verdict stands: confirmedFlagged is then firstFlagged
        return new AbPower(List.copyOf(directories), thresholds, simulated, List.copyOf(changes), List.copyOf(pooled),
                count(anyFirst), count(anyConfirmed), AbVariance.rows(runs, thresholds));
    }

    /** The smallest change simulated (no change aside) that was flagged {@link #POWER} of the time; null if none. */
    private static Double seenFrom(List<Double> changes, int[] flagged, int simulations) {
        for (int change = 1; change < changes.size(); change++) {
            if (flagged[change] >= POWER * simulations) {
                return changes.get(change);
            }
        }
        return null;
    }

    /** How the runs are simulated: {@code trials} first trials of the {@code pooled}, then confirmation trials. */
    public record Simulated(int trials, int confirmationTrials, int pooled, int simulations, long seed) {

        /** The confirmation trials a simulated run draws: none when the pool has too few left after its first. */
        public int confirming() {
            return pooled - trials >= confirmationTrials ? confirmationTrials : 0;
        }
    }

    /**
     * The trials of one simulated run: which of the pooled trials, in a random order, and whether each has its
     * sides swapped; the first {@code trials} that a metric has are its first trials, the next {@code confirming}
     * its confirmation trials. A metric measured in fewer trials than the pool takes those it has.
     */
    record Draw(int[] order, boolean[] swapped, int trials, int confirming) {

        static Draw of(int pooled, int trials, int confirming, Random random) {
            List<Integer> order = new ArrayList<>();
            for (int trial = 0; trial < pooled; trial++) {
                order.add(trial);
            }
            Collections.shuffle(order, random);
            boolean[] swapped = new boolean[trials + confirming];
            for (int trial = 0; trial < swapped.length; trial++) {
                swapped[trial] = random.nextBoolean();
            }
            return new Draw(order.stream().mapToInt(Integer::intValue).toArray(), swapped, trials, confirming);
        }
    }

    /**
     * What one simulated run of these trials calls, the candidate worse by {@code change} percent: a regression in
     * its first trials, and whether its confirmation trials uphold it at their confidence, a fraction (when there are
     * none, it stands).
     */
    static Flags flagged(AbComparison.Series series, Draw draw, double change, double confirmationConfidence,
            Random random) {
        double factor = series.worseIfHigher() ? 1 + change / 100 : 1 / (1 + change / 100);
        double[][] first = sides(series, draw, 0, draw.trials(), factor);
        boolean shown = series.regression(PairedBootstrap.ratio(first[0], first[1], random, RESAMPLES,
                PairedBootstrap.CONFIDENCE));
        if (!shown || draw.confirming() == 0) {
            return new Flags(shown, shown);
        }
        double[][] again = sides(series, draw, first[0].length, draw.confirming(), factor);
        return new Flags(true, again[0].length < AbVerdict.MIN_TRIALS
                || series.regression(PairedBootstrap.ratio(again[0], again[1], random, RESAMPLES,
                        confirmationConfidence)));
    }

    /**
     * Baseline and candidate figures of up to {@code count} of the draw's trials that the series has, after the
     * first {@code skip} of them; the candidate's scaled by {@code factor}.
     */
    private static double[][] sides(AbComparison.Series series, Draw draw, int skip, int count, double factor) {
        int pool = series.before().length;
        int trials = Math.max(0, Math.min(count, pool - skip));
        double[] before = new double[trials];
        double[] after = new double[trials];
        int usable = 0;
        for (int picked : draw.order()) {
            if (usable == skip + trials) {
                break;
            }
            if (picked >= pool) {
                continue;
            }
            if (usable >= skip) {
                int taken = usable - skip;
                boolean swapped = draw.swapped()[usable];
                before[taken] = swapped ? series.after()[picked] : series.before()[picked];
                after[taken] = (swapped ? series.before()[picked] : series.after()[picked]) * factor;
            }
            usable++;
        }
        return new double[][] {before, after};
    }

    private static int count(boolean[] flags) {
        int count = 0;
        for (boolean flag : flags) {
            count += flag ? 1 : 0;
        }
        return count;
    }

    /** Two runs' trials of one metric as one series, named without the rate when the runs' rates differ. */
    private static AbComparison.Series concatenated(AbComparison.Series one, AbComparison.Series other) {
        return one.withFigures(concatenated(one.before(), other.before()), concatenated(one.after(), other.after()))
                .namedWith(other);
    }

    private static double[] concatenated(double[] one, double[] other) {
        double[] both = new double[one.length + other.length];
        System.arraycopy(one, 0, both, 0, one.length);
        System.arraycopy(other, 0, both, one.length, other.length);
        return both;
    }
}
