package org.rpcbench.contract;

import java.nio.file.Path;
import java.util.List;

/**
 * ab.json: what an A/B run compares, how each trial ran and where its results are. {@code benchmark.sh ab} writes
 * it when it starts and after every run of a side, so an interrupted A/B run can still be judged; the judging binds
 * to the same record.
 *
 * @param pairs      the pairs each trial runs, as given to run-all
 * @param clientArgs the client options of every trial, both sides the same
 * @param candidateServerArgs options the candidate's servers get and the baseline's do not (a cost injected to
 *                   test the gate); empty for a plain comparison
 * @param candidateClientArgs the same for the candidate's clients; empty (or absent, in records written before it
 *                   was kept) for a plain comparison
 * @param seed       the seed of the sides' order in each trial and of the bootstrap that judges them
 * @param trials     the trials so far, in the order they ran
 * @param confirmationFrom the number of the first confirmation trial, run because the trials before it flagged a
 *                   regression; null when none ran
 * @param confirmationTrials the confirmation trials the run was given (0: none), whether or not they ran: the rule
 *                   its verdict is judged by; null in records written before it was kept
 * @param duetCpus   a duet's two CPU lists (each side's servers and clients on one, both sides at once); null when
 *                   the sides ran one after the other
 * @param rateProbe  how the trials' fixed rate was found, when ab measured it on the baseline; null when the rate
 *                   was given, or the trials ran JMH's closed loop
 * @param baselineJvmOptions the run-all options that set the baseline's JDKs and JVM flags; empty when none were
 *                   given (or absent, in records written before they were kept)
 * @param candidateJvmOptions the same for the candidate: the baseline's with the candidate's own over them
 */
public record AbRecord(Side baseline, Side candidate, List<String> pairs, String scenario, List<String> clientArgs,
        List<String> candidateServerArgs, List<String> candidateClientArgs, long seed, List<String> command,
        String start, String end, List<Trial> trials, Integer confirmationFrom, Integer confirmationTrials,
        List<String> duetCpus, RateProbe rateProbe, List<String> baselineJvmOptions,
        List<String> candidateJvmOptions) {

    public AbRecord {
        candidateClientArgs = candidateClientArgs == null ? List.of() : candidateClientArgs;
        baselineJvmOptions = baselineJvmOptions == null ? List.of() : baselineJvmOptions;
        candidateJvmOptions = candidateJvmOptions == null ? List.of() : candidateJvmOptions;
    }

    public static final String FILE_NAME = "ab.json";
    public static final String BASELINE = "baseline";
    public static final String CANDIDATE = "candidate";

    /**
     * One side as given (a git ref or a directory holding a checkout of the suite), the commit it is (null when a
     * directory is not a git checkout) and the directory its launcher ran from.
     *
     * @param dirty whether the directory had changes not committed; null for a ref, which is built as committed
     */
    public record Side(String given, String commit, Boolean dirty, String directory) {
    }

    /**
     * One trial: each side's run-all once, in {@code order}, or in a duet both at once, {@code order} naming the side
     * on the first of {@link #duetCpus()} first; a run is the run directory's name beside ab.json and its launcher's
     * exit status (null until it ended). {@code start} and {@code end} bound the trial's two launchers, what a trial
     * costs in time (null in records written before they were kept, {@code end} until both sides ended).
     */
    public record Trial(int number, List<String> order, String baselineRun, Integer baselineExit,
            String candidateRun, Integer candidateExit, String start, String end) {

        public String run(String side) {
            return BASELINE.equals(side) ? baselineRun : candidateRun;
        }

        public Integer exit(String side) {
            return BASELINE.equals(side) ? baselineExit : candidateExit;
        }

        public Trial withExit(String side, int exit) {
            return BASELINE.equals(side)
                    ? new Trial(number, order, baselineRun, exit, candidateRun, candidateExit, start, end)
                    : new Trial(number, order, baselineRun, baselineExit, candidateRun, exit, start, end);
        }

        public Trial withEnd(String end) {
            return new Trial(number, order, baselineRun, baselineExit, candidateRun, candidateExit, start, end);
        }
    }

    /**
     * The run that found the trials' rate: each call's capacity in a closed loop, measured once on the baseline
     * before the first trial; the trials ran every call at {@code sharePercent} of the lowest, {@code call}'s.
     *
     * @param run the probe's run directory beside ab.json
     * @param capacity {@code call}'s closed-loop calls/s
     * @param rate the trials' rate, calls/s of each call
     */
    public record RateProbe(String run, String call, double capacity, int sharePercent, double rate) {
    }

    public AbRecord withTrials(List<Trial> trials, String end) {
        return new AbRecord(baseline, candidate, pairs, scenario, clientArgs, candidateServerArgs,
                candidateClientArgs, seed, command, start, end, List.copyOf(trials), confirmationFrom,
                confirmationTrials, duetCpus, rateProbe, baselineJvmOptions, candidateJvmOptions);
    }

    public AbRecord withConfirmationFrom(int trial) {
        return new AbRecord(baseline, candidate, pairs, scenario, clientArgs, candidateServerArgs,
                candidateClientArgs, seed, command, start, end, trials, trial, confirmationTrials, duetCpus,
                rateProbe, baselineJvmOptions, candidateJvmOptions);
    }

    /** Whether the two sides of a trial ran at once. */
    public boolean duet() {
        return duetCpus != null;
    }

    public void write(Path abDirectory) {
        RecordFiles.write(abDirectory.resolve(FILE_NAME), this);
    }

    public static AbRecord read(Path abDirectory) {
        return RecordFiles.read(abDirectory.resolve(FILE_NAME), AbRecord.class);
    }
}
