package org.rpcbench.report.verdict;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.GateOptions;
import org.rpcbench.contract.HistoryEntry;
import org.rpcbench.gate.History;
import org.rpcbench.results.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code history append}: a night's figures onto the history file; {@code history check}: the steps and drifts in
 * it. Exit codes as compare: 0 nothing flagged, 1 a recent step to the worse side, 2 unusable input.
 */
@Command(name = "history", usageHelpAutoWidth = true, subcommands = {HistoryCli.Append.class, HistoryCli.Check.class},
        description = "Keeps every night's figures in a JSON lines file and finds where they stepped or drift.")
public final class HistoryCli implements Callable<Integer> {

    static final double DEFAULT_THRESHOLD = 5;
    static final double DEFAULT_ALPHA = 0.001;
    static final int DEFAULT_RECENT = 7;

    @Spec
    CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help")
    boolean help;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("error: no command: history append or history check (see --help)");
        return ExitCode.USAGE;
    }

    @Command(name = "append", usageHelpAutoWidth = true, description = "Appends the figures of a run directory (each"
            + " result's score and costs) or of a judged A/B run (the candidate's means) to the history file.")
    public static final class Append implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Option(names = "--file", required = true, paramLabel = "FILE", description = "the history (JSON lines;"
                + " created when missing)")
        Path file;

        @Parameters(paramLabel = "run-dir | ab-dir", description = "what tonight measured")
        Path source;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help")
        boolean help;

        @Override
        public Integer call() {
            try {
                if (!Files.isDirectory(source)) {
                    throw new InputException(source + " is not a directory: give a run directory or an A/B run's");
                }
                List<HistoryEntry> entries = History.entries(source);
                if (entries.isEmpty()) {
                    throw new InputException(source + " has no figure to keep");
                }
                HistoryEntry.append(file, entries);
                spec.commandLine().getOut().println(entries.size() + " figures of " + source + " appended to " + file);
                return ExitCode.OK;
            } catch (InputException e) {
                spec.commandLine().getErr().println("error: " + e.getMessage());
                return ExitCode.USAGE;
            } catch (UncheckedIOException e) {
                spec.commandLine().getErr().println("error: " + e.getMessage());
                return ExitCode.USAGE;
            }
        }
    }

    @Command(name = "check", usageHelpAutoWidth = true, description = "Finds the steps in every series of the history"
            + " and the slow drifts inside its newest level; exits 1 when a step to the worse side beyond the"
            + " threshold begins among the newest nights.")
    public static final class Check implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Option(names = "--file", required = true, paramLabel = "FILE", description = "the history (JSON lines)")
        Path file;

        @Option(names = "--threshold", paramLabel = "PERCENT", description = "smallest step or drift that counts"
                + " (default: ${DEFAULT-VALUE})")
        double threshold = DEFAULT_THRESHOLD;

        @Option(names = "--alpha", paramLabel = "p", description = "significance of a step, corrected for the splits"
                + " tried (default: ${DEFAULT-VALUE})")
        double alpha = DEFAULT_ALPHA;

        @Option(names = "--recent", paramLabel = "n", description = "a worse step beginning among this many newest"
                + " nights fails the check (default: ${DEFAULT-VALUE})")
        int recent = DEFAULT_RECENT;

        @Option(names = "--out", paramLabel = "FILE", description = "also write the Markdown to this file")
        Path out;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help")
        boolean help;

        @Override
        public Integer call() {
            GateOptions.checkPercentage(spec, "threshold", threshold);
            if (!(alpha > 0 && alpha < 1)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "option alpha: " + alpha
                        + " is not between 0 and 1");
            }
            if (recent < 1) {
                throw new CommandLine.ParameterException(spec.commandLine(), "option recent: " + recent
                        + " is below 1");
            }
            if (!Files.isRegularFile(file)) {
                spec.commandLine().getErr().println("error: no such file: " + file);
                return ExitCode.USAGE;
            }
            List<HistoryEntry> entries;
            try {
                entries = HistoryEntry.read(file);
            } catch (UncheckedIOException e) {
                spec.commandLine().getErr().println("error: " + e.getMessage());
                return ExitCode.USAGE;
            }
            History.Check check = History.check(entries, threshold, alpha, recent);
            String markdown = HistoryMarkdown.render(file, check, threshold, recent);
            spec.commandLine().getOut().print(markdown);
            spec.commandLine().getOut().flush();
            if (out != null) {
                try {
                    Files.writeString(out, markdown, StandardCharsets.UTF_8);
                } catch (IOException e) {
                    spec.commandLine().getErr().println("error: cannot write " + out + ": " + e.getMessage());
                    return ExitCode.USAGE;
                }
            }
            return check.passed() ? ExitCode.OK : ExitCode.FAILED;
        }
    }
}
