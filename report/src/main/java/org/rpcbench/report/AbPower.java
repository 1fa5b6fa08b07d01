package org.rpcbench.report;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

import org.rpcbench.contract.AbVerdict;
import org.rpcbench.contract.ExitCode;

/**
 * What the A/B gate sees, estimated from A/A runs (both sides one commit): simulated A/B runs, each of as many trials
 * as a real one, taken without replacement from the pooled trials of those runs (the same trials for every metric,
 * as in a real run), each trial's two sides swapped at random, which an A/A trial allows (its sides run the same code,
 * in random order), then the candidate's figures of one metric made worse by a known share and judged as
 * {@link AbComparison} judges. At no change, how often a metric is flagged, and how often the gate (any metric) is:
 * the false-alarm rate; at each change, how often that metric is flagged: the power; and the smallest change
 * flagged nine times in ten. It uses the trials as they were, never a trial twice in a run: a pool no larger than a
 * run varies only by the swaps, and the trials of a few runs understate the tails, which real A/A runs and runs
 * with an injected cost check.
 */
public final class AbPower {

    public static final int DEFAULT_SIMULATIONS = 200;
    public static final List<Double> DEFAULT_SHIFTS = List.of(1.0, 2.0, 3.0, 5.0, 10.0, 20.0, 50.0);
    /** Resamples per simulated verdict, a tenth of a real one's: the ends lie a few resamples in (6 at 8 trials). */
    static final int RESAMPLES = 1_000;
    /** A change counts as seen when flagged this often. */
    static final double POWER = 0.9;

    /** One metric of one benchmark, pooled over the A/A runs, and what the simulations flagged. */
    record Pooled(AbComparison.Series series, int[] flagged) {
    }

    private AbPower() {
    }

    /**
     * Prints the estimate as Markdown. Exit 0; 2 when a directory holds no A/B run, or no metric has two trials.
     *
     * @param trials      trials per simulated run, as the real runs to be judged have
     * @param shifts      the changes in percent to simulate, worse for the candidate (more time or cost per call)
     * @param simulations simulated runs per change
     */
    public static int power(List<Path> directories, AbVerdict.Thresholds thresholds, int trials, List<Double> shifts,
            int simulations, long seed, PrintWriter out, PrintWriter err) {
        Map<String, AbComparison.Series> pool = new LinkedHashMap<>();
        try {
            for (Path directory : directories) {
                for (AbComparison.Series series : AbComparison.Trials.load(directory).series(thresholds)) {
                    pool.merge(label(series), series, AbPower::concatenated);
                }
            }
        } catch (InputException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return ExitCode.USAGE;
        }
        pool.values().removeIf(series -> series.before().length < AbComparison.MIN_TRIALS);
        if (pool.isEmpty()) {
            err.println("error: no metric of " + directories + " has " + AbComparison.MIN_TRIALS + " trials with both"
                    + " sides");
            err.flush();
            return ExitCode.USAGE;
        }
        List<Double> changes = new ArrayList<>(List.of(0.0));
        changes.addAll(shifts);
        int pooledTrials = pool.values().stream().mapToInt(series -> series.before().length).max().orElseThrow();
        int runTrials = Math.min(trials, pooledTrials);
        Random random = new Random(seed);
        Draw[] draws = new Draw[simulations];
        for (int simulation = 0; simulation < simulations; simulation++) {
            draws[simulation] = Draw.of(pooledTrials, runTrials, random);
        }
        List<Pooled> pooled = new ArrayList<>();
        boolean[] anyFlagged = new boolean[simulations];
        for (AbComparison.Series series : pool.values()) {
            int[] flagged = new int[changes.size()];
            for (int change = 0; change < changes.size(); change++) {
                for (int simulation = 0; simulation < simulations; simulation++) {
                    if (flagged(series, draws[simulation], changes.get(change), random)) {
                        flagged[change]++;
                        if (change == 0) {
                            anyFlagged[simulation] = true;
                        }
                    }
                }
            }
            pooled.add(new Pooled(series, flagged));
        }
        int gateFlagged = 0;
        for (boolean flagged : anyFlagged) {
            gateFlagged += flagged ? 1 : 0;
        }
        out.print(markdown(directories, thresholds, runTrials, pooledTrials, changes, simulations, seed, pooled,
                gateFlagged));
        out.flush();
        return ExitCode.OK;
    }

    /**
     * The trials of one simulated run: which of the pooled trials, in a random order, and whether each has its
     * sides swapped. A metric measured in fewer trials than the pool takes the first of them that it has.
     */
    record Draw(int[] trials, boolean[] swapped) {

        static Draw of(int pooled, int trials, Random random) {
            List<Integer> order = new ArrayList<>();
            for (int trial = 0; trial < pooled; trial++) {
                order.add(trial);
            }
            Collections.shuffle(order, random);
            boolean[] swapped = new boolean[trials];
            for (int trial = 0; trial < trials; trial++) {
                swapped[trial] = random.nextBoolean();
            }
            return new Draw(order.stream().mapToInt(Integer::intValue).toArray(), swapped);
        }
    }

    /** Whether one simulated run of these trials, the candidate worse by {@code change} percent, is flagged. */
    static boolean flagged(AbComparison.Series series, Draw draw, double change, Random random) {
        int pool = series.before().length;
        int trials = Math.min(draw.swapped().length, pool);
        double factor = series.worseIfHigher() ? 1 + change / 100 : 1 / (1 + change / 100);
        double[] before = new double[trials];
        double[] after = new double[trials];
        int taken = 0;
        for (int picked : draw.trials()) {
            if (taken == trials) {
                break;
            }
            if (picked >= pool) {
                continue;
            }
            boolean swapped = draw.swapped()[taken];
            before[taken] = swapped ? series.after()[picked] : series.before()[picked];
            after[taken] = (swapped ? series.before()[picked] : series.after()[picked]) * factor;
            taken++;
        }
        return series.regression(PairedBootstrap.ratio(before, after, random, RESAMPLES));
    }

    private static String label(AbComparison.Series series) {
        return series.key() + " " + series.metric();
    }

    private static AbComparison.Series concatenated(AbComparison.Series one, AbComparison.Series other) {
        return new AbComparison.Series(one.key(), one.cost(), one.unit(), concatenated(one.before(), other.before()),
                concatenated(one.after(), other.after()), one.worseIfHigher(), one.threshold());
    }

    private static double[] concatenated(double[] one, double[] other) {
        double[] both = new double[one.length + other.length];
        System.arraycopy(one, 0, both, 0, one.length);
        System.arraycopy(other, 0, both, one.length, other.length);
        return both;
    }

    private static String markdown(List<Path> directories, AbVerdict.Thresholds thresholds, int trials,
            int pooledTrials, List<Double> changes, int simulations, long seed, List<Pooled> pooled,
            int gateFlagged) {
        StringBuilder md = new StringBuilder("## What the gate sees, simulated from A/A runs\n\n");
        md.append("A/A runs: ").append(MarkdownReport.escape(String.join(", ",
                directories.stream().map(Path::toString).toList()))).append("  \n");
        md.append(String.format(Locale.ROOT, "%d simulated runs per change, each of %d of the %d pooled trials"
                        + " (none twice), each trial's sides swapped at random (seed %d); the candidate made worse by"
                        + " the change in one metric at a time (more time or cost per call); judged as benchmark.sh ab"
                        + " judges, with thresholds %s%% for time, %s%% for CPU, %s%% for bytes. Flagged: how often a"
                        + " regression was called. The trials of a few runs understate the tails.\n\n",
                simulations, trials, pooledTrials, seed, Format.axis(thresholds.time()), Format.axis(thresholds.cpu()),
                Format.axis(thresholds.allocation())));
        md.append(String.format(Locale.ROOT, "**False alarms: the gate (any metric) flagged %d of %d simulated A/A"
                + " runs (%s).**\n\n", gateFlagged, simulations, percent(gateFlagged, simulations)));
        List<String> header = new ArrayList<>(List.of("pair", "call", "metric", "trials pooled", "flagged, no change"));
        changes.subList(1, changes.size()).forEach(change -> header.add("+" + Format.axis(change) + "%"));
        header.add("seen 9 in 10 from");
        List<List<String>> rows = new ArrayList<>();
        for (Pooled line : pooled) {
            AbComparison.Series series = line.series();
            List<String> row = new ArrayList<>(List.of(series.key().pair(), series.key().call(),
                    series.cost() == null ? series.key().mode() + " (" + series.unit() + ")" : series.cost().header(),
                    String.valueOf(series.before().length)));
            for (int flagged : line.flagged()) {
                row.add(percent(flagged, simulations));
            }
            String seen = "> " + Format.axis(changes.get(changes.size() - 1)) + "%";
            for (int change = 1; change < changes.size(); change++) {
                if (line.flagged()[change] >= POWER * simulations) {
                    seen = Format.axis(changes.get(change)) + "%";
                    break;
                }
            }
            row.add(seen);
            rows.add(row);
        }
        md.append(MarkdownReport.table(header, rows));
        return md.toString();
    }

    private static String percent(int count, int of) {
        return String.format(Locale.ROOT, "%.0f%%", 100.0 * count / of);
    }
}
