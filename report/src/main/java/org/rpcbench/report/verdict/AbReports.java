package org.rpcbench.report.verdict;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.rpcbench.contract.AbVerdict;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.gate.AbComparison;
import org.rpcbench.gate.AbPower;
import org.rpcbench.results.InputException;

/**
 * {@code benchmark.sh ab}'s pages: an A/B run judged ({@link AbComparison}), and what the gate sees, simulated from A/A
 * runs ({@link AbPower}).
 */
public final class AbReports {

    private AbReports() {
    }

    /**
     * Judges the A/B run in {@code directory}, writes verdict.md and verdict.json beside its ab.json and prints the
     * Markdown. Exit 0 when it passed; 1 on a regression, a failed or skipped candidate pair, a benchmark or cost the
     * candidate lost, a benchmark left unjudged, or nothing compared; 2 when the directory cannot be judged (printed
     * to {@code err}).
     */
    public static int judge(Path directory, AbVerdict.Thresholds thresholds, PrintWriter out, PrintWriter err) {
        AbComparison comparison;
        try {
            comparison = AbComparison.of(directory, thresholds);
        } catch (InputException e) {
            return unusable(err, e);
        }
        String markdown = AbComparisonMarkdown.render(comparison);
        try {
            Files.writeString(directory.resolve(AbVerdict.MARKDOWN_FILE_NAME), markdown, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the verdict into " + directory + ": " + e.getMessage(), e);
        }
        comparison.verdict().write(directory);
        out.print(markdown);
        out.println("verdict: " + directory.resolve(AbVerdict.MARKDOWN_FILE_NAME) + " and "
                + AbVerdict.FILE_NAME);
        out.flush();
        return comparison.passed() ? ExitCode.OK : ExitCode.FAILED;
    }

    /**
     * Prints where the A/A runs' variance lives and what the gate sees, simulated from them, as Markdown. Exit 0; 2
     * when a directory holds no A/B run, or no metric has two trials.
     *
     * @param trials      trials per simulated run, as the real runs to be judged have
     * @param confirmationTrials trials a run adds when its first ones flag a regression; 0 for none
     * @param shifts      the changes in percent to simulate, worse for the candidate (more time or cost per call)
     * @param simulations simulated runs per change
     */
    public static int power(List<Path> directories, AbVerdict.Thresholds thresholds, int trials,
            int confirmationTrials, List<Double> shifts, int simulations, long seed, PrintWriter out,
            PrintWriter err) {
        AbPower power;
        try {
            power = AbPower.simulate(directories, thresholds, trials, confirmationTrials, shifts, simulations, seed);
        } catch (InputException e) {
            return unusable(err, e);
        }
        out.print(AbVarianceMarkdown.render(power.variance()));
        out.print(AbPowerMarkdown.render(power));
        out.flush();
        return ExitCode.OK;
    }

    private static int unusable(PrintWriter err, InputException e) {
        err.println("error: " + e.getMessage());
        err.flush();
        return ExitCode.USAGE;
    }
}
