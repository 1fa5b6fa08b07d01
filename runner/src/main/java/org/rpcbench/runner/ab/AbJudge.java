package org.rpcbench.runner.ab;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.rpcbench.contract.AbVerdict;

/**
 * How {@code ab} judges its trials. The runner runs the trials and hands them over: the judgement, its statistics
 * and its rendering belong to the gate and the report, which the runner does not link.
 */
public interface AbJudge {

    /** Whether the trials in the directory, judged alone, flag a regression (confirmation trials follow then). */
    boolean failsOnRegressionsAlone(Path directory, AbVerdict.Thresholds thresholds);

    /**
     * The trials in the directory the judgement sets aside (the machine stalled under them), by number, each with
     * why: ab runs as many more, so that the verdict keeps its trials.
     */
    Map<Integer, String> trialsSetAside(Path directory);

    /**
     * Judges the trials in the directory: writes the verdict beside them and prints it. Exit 0 passed, 1 a
     * regression or a candidate that lost something, 2 nothing to judge.
     */
    int judge(Path directory, AbVerdict.Thresholds thresholds, PrintWriter console, PrintWriter err);

    /** What the gate sees, simulated from the trials of A/A runs; the exit code as {@link #judge}. */
    int power(List<Path> runs, AbVerdict.Thresholds thresholds, PowerPlan plan, PrintWriter console,
            PrintWriter err);

    /**
     * The simulation {@code --power} runs.
     *
     * @param trials             trials per simulated run
     * @param confirmationTrials trials added when the first flag a regression
     * @param shifts             the changes in percent it simulates
     * @param simulations        simulated runs per change
     * @param seed               the draws' seed
     */
    record PowerPlan(int trials, int confirmationTrials, List<Double> shifts, int simulations, long seed) {
    }
}
