package org.rpcbench.report;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.GateOptions;
import org.rpcbench.gate.Comparison;
import org.rpcbench.report.verdict.ComparisonMarkdown;
import org.rpcbench.report.verdict.HistoryCli;
import org.rpcbench.results.InputException;
import org.rpcbench.results.ResultsTsv;
import org.rpcbench.results.Run;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code report}: report.md and report.html of a run; {@code compare}: the regression gate between two runs. Exit
 * codes: 0 done (no regression), 1 a regression or a failed candidate pair, 2 bad usage or unusable input.
 */
@Command(name = "report-tool", subcommands = {ReportCli.Report.class, ReportCli.Compare.class, HistoryCli.class},
        usageHelpAutoWidth = true, description = "Reports and compares runs.")
public final class ReportCli implements Callable<Integer> {

    static final double DEFAULT_THRESHOLD = 5;
    static final double DEFAULT_CPU_THRESHOLD = 10;
    static final double DEFAULT_ALLOCATION_THRESHOLD = 2;

    @Spec
    CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help")
    boolean help;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("error: no command: report or compare (see --help)");
        return ExitCode.USAGE;
    }

    /** The command line as a program runs it: every bad option or value is "error: ..." and exit 2. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        return configure(new CommandLine(new ReportCli()), out, err).execute(args);
    }

    /** Streams and the suite's usage-error convention, for this command line or one that embeds its commands. */
    public static CommandLine configure(CommandLine commandLine, PrintStream out, PrintStream err) {
        return commandLine
                .setOut(new PrintWriter(out, true, StandardCharsets.UTF_8))
                .setErr(new PrintWriter(err, true, StandardCharsets.UTF_8))
                .setParameterExceptionHandler((e, args) -> {
                    e.getCommandLine().getErr().println("error: " + e.getMessage() + " (see --help)");
                    return ExitCode.USAGE;
                });
    }

    /** Input that cannot be used is exit 2, with one line naming it. */
    private static int unusable(CommandSpec spec, String message) {
        spec.commandLine().getErr().println("error: " + message);
        return ExitCode.USAGE;
    }

    @Command(name = "report", usageHelpAutoWidth = true,
            description = "Writes report.md and report.html: into the run directory, the first file's directory, or"
                    + " --out; or, with --tsv, prints the results for tools to read.")
    public static final class Report implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Parameters(arity = "1..*", paramLabel = "run-dir | jmh.json",
                description = "a run directory of run-all, or JMH JSON files (one per pair, named after it)")
        List<Path> inputs;

        @Option(names = "--out", paramLabel = "DIR", description = "directory for report.md and report.html")
        Path out;

        @Option(names = "--tsv", description = "write no report: print the results as tab-separated lines instead, a"
                + " header, then a line per result and metric (its primary score, then each cost of a call it"
                + " measured) with the columns pair, benchmark, call, mode, threads, params, metric, score, error,"
                + " noise, unit, iterations; scores in calls/s or ms")
        boolean tsv;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help")
        boolean help;

        @Override
        public Integer call() {
            if (tsv && out != null) {
                return unusable(spec, "--tsv prints the results and writes no report: give --out or --tsv");
            }
            try {
                Run run = Run.load(inputs);
                if (tsv) {
                    spec.commandLine().getOut().print(ResultsTsv.of(run));
                    spec.commandLine().getOut().flush();
                    return ExitCode.OK;
                }
                Path directory = out != null ? out
                        : Files.isDirectory(inputs.get(0)) ? inputs.get(0) : inputs.get(0).toAbsolutePath().getParent();
                ReportModel model = ReportModel.of(run);
                Path markdown = directory.resolve("report.md");
                Path html = directory.resolve("report.html");
                write(markdown, MarkdownReport.render(model, directory));
                write(html, HtmlReport.render(model, directory));
                spec.commandLine().getOut().println(markdown);
                spec.commandLine().getOut().println(html);
                return ExitCode.OK;
            } catch (InputException e) {
                return unusable(spec, e.getMessage());
            } catch (UncheckedIOException e) {
                return unusable(spec, e.getCause().getMessage());
            }
        }
    }

    @Command(name = "compare", usageHelpAutoWidth = true,
            description = "Compares two runs (run directories or JMH JSON files) as Markdown; exits 1 on a regression"
                    + " beyond both the threshold and the noise, or a failed pair.")
    public static final class Compare implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "<baseline>", description = "the run compared against")
        Path baseline;

        @Parameters(index = "1", paramLabel = "<candidate>", description = "the run judged")
        Path candidate;

        @Option(names = "--threshold", paramLabel = "PERCENT",
                description = "smallest change in percent that counts, beyond the noise (default: ${DEFAULT-VALUE})")
        double threshold = DEFAULT_THRESHOLD;

        @Option(names = "--cpu-threshold", paramLabel = "PERCENT", description = "the same for the CPU a call cost"
                + " on the client and on the server (default: ${DEFAULT-VALUE})")
        double cpuThreshold = DEFAULT_CPU_THRESHOLD;

        @Option(names = "--alloc-threshold", paramLabel = "PERCENT", description = "the same for the bytes a call"
                + " allocated on the client and on the server (default: ${DEFAULT-VALUE})")
        double allocationThreshold = DEFAULT_ALLOCATION_THRESHOLD;

        @Option(names = "--out", paramLabel = "FILE", description = "also write the Markdown to this file")
        Path out;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help")
        boolean help;

        @Override
        public Integer call() {
            GateOptions.checkPercentage(spec, "threshold", threshold);
            GateOptions.checkPercentage(spec, "cpu-threshold", cpuThreshold);
            GateOptions.checkPercentage(spec, "alloc-threshold", allocationThreshold);
            try {
                Comparison comparison = Comparison.of(loadSide(baseline), loadSide(candidate),
                        new Comparison.Thresholds(threshold, cpuThreshold, allocationThreshold));
                String markdown = ComparisonMarkdown.render(comparison);
                spec.commandLine().getOut().print(markdown);
                spec.commandLine().getOut().flush();
                if (out != null) {
                    write(out, markdown);
                }
                return comparison.passed() ? ExitCode.OK : ExitCode.FAILED;
            } catch (InputException e) {
                return unusable(spec, e.getMessage());
            } catch (UncheckedIOException e) {
                return unusable(spec, e.getCause().getMessage());
            }
        }


        private static Run loadSide(Path side) throws InputException {
            Run run = Run.load(List.of(side));
            if (run.measurements().isEmpty()) {
                throw new InputException(side + " has no benchmark result"
                        + (run.info() == null ? "" : ": " + String.join("; ", ReportTables.failures(run))));
            }
            return run;
        }
    }

    private static void write(Path file, String text) {
        try {
            if (file.toAbsolutePath().getParent() != null) {
                Files.createDirectories(file.toAbsolutePath().getParent());
            }
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(new IOException("cannot write " + file + ": " + e.getMessage(), e));
        }
    }
}
