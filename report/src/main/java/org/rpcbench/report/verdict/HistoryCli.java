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
import org.rpcbench.report.TrendPage;
import org.rpcbench.results.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code history append}: a night's figures onto the history file; {@code history check}: the steps and drifts in
 * it; {@code history report}: the nights drawn on a page. Exit codes as compare: 0 nothing flagged, 1 a recent step
 * to the worse side (check only), 2 unusable input.
 */
@Command(name = "history", usageHelpAutoWidth = true, subcommands = {HistoryCli.Append.class, HistoryCli.Check.class,
            HistoryCli.Report.class},
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
        spec.commandLine().getErr().println("error: no command: history append, check or report (see --help)");
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

    /** What check and report both take: the history, and what counts as a step. */
    static final class CheckOptions {

        @Option(names = "--file", required = true, paramLabel = "FILE", description = "the history (JSON lines)")
        Path file;

        @Option(names = "--threshold", paramLabel = "PERCENT", description = "smallest step or drift that counts"
                + " (default: ${DEFAULT-VALUE})")
        double threshold = DEFAULT_THRESHOLD;

        @Option(names = "--alpha", paramLabel = "p", description = "significance of a step, corrected for the splits"
                + " tried (default: ${DEFAULT-VALUE})")
        double alpha = DEFAULT_ALPHA;

        @Option(names = "--recent", paramLabel = "n", description = "a worse step beginning among this many newest"
                + " nights fails the check; the report's summary looks at as many (default: ${DEFAULT-VALUE})")
        int recent = DEFAULT_RECENT;

        /** The history's entries, or null after saying on err why they cannot be read (exit 2). */
        List<HistoryEntry> entries(CommandSpec spec) {
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
                return null;
            }
            try {
                return HistoryEntry.read(file);
            } catch (UncheckedIOException e) {
                spec.commandLine().getErr().println("error: " + e.getMessage());
                return null;
            }
        }

        History.Check check(List<HistoryEntry> entries) {
            return History.check(entries, threshold, alpha, recent);
        }
    }

    /** Writes a page to a file; false after saying on err why it could not. */
    private static boolean write(CommandSpec spec, Path out, String page) {
        try {
            Files.writeString(out, page, StandardCharsets.UTF_8);
            return true;
        } catch (IOException e) {
            spec.commandLine().getErr().println("error: cannot write " + out + ": " + e.getMessage());
            return false;
        }
    }

    @Command(name = "check", usageHelpAutoWidth = true, description = "Finds the steps in every series of the history"
            + " and the slow drifts inside its newest level; exits 1 when a step to the worse side beyond the"
            + " threshold begins among the newest nights.")
    public static final class Check implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Mixin
        CheckOptions options = new CheckOptions();

        @Option(names = "--out", paramLabel = "FILE", description = "also write the Markdown to this file")
        Path out;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help")
        boolean help;

        @Override
        public Integer call() {
            List<HistoryEntry> entries = options.entries(spec);
            if (entries == null) {
                return ExitCode.USAGE;
            }
            History.Check check = options.check(entries);
            String markdown = HistoryMarkdown.render(options.file, check, options.threshold, options.recent);
            spec.commandLine().getOut().print(markdown);
            spec.commandLine().getOut().flush();
            if (out != null && !write(spec, out, markdown)) {
                return ExitCode.USAGE;
            }
            return check.passed() ? ExitCode.OK : ExitCode.FAILED;
        }
    }

    @Command(name = "report", usageHelpAutoWidth = true, description = "Writes the nights as one self-contained"
            + " HTML page: what moved in the newest nights, worse first, then a chart per call and metric with each"
            + " machine's nights, the steps found and a slow drift's fitted line. Exit 0 when written, whatever the"
            + " nights show (history check is the gate).")
    public static final class Report implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Mixin
        CheckOptions options = new CheckOptions();

        @Option(names = "--out", paramLabel = "FILE", description = "the page (default: trend.html beside the"
                + " history)")
        Path out;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help")
        boolean help;

        @Override
        public Integer call() {
            List<HistoryEntry> entries = options.entries(spec);
            if (entries == null) {
                return ExitCode.USAGE;
            }
            Path page = out != null ? out : options.file.toAbsolutePath().resolveSibling("trend.html");
            if (!write(spec, page, TrendPage.render(options.file, entries, options.check(entries), options.threshold,
                    options.recent))) {
                return ExitCode.USAGE;
            }
            spec.commandLine().getOut().println("trend: " + page);
            return ExitCode.OK;
        }
    }
}
