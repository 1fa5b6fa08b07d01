package org.rpcbench.report;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import joptsimple.OptionException;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

/**
 * {@code report}: report.md and report.html of a run; {@code compare}: the regression gate between two runs.
 * Exit codes: 0 done (no regression), 1 a regression or a failed candidate pair, 2 bad usage or unusable input.
 */
public final class ReportCli {

    static final int EXIT_OK = 0;
    static final int EXIT_REGRESSION = 1;
    static final int EXIT_UNUSABLE = 2;
    static final double DEFAULT_THRESHOLD = 5;

    static final String USAGE = """
            usage: report <run-dir | jmh.json ...> [--out DIR]
                     writes report.md and report.html (into the run directory, the first file's directory, or DIR)
                   compare <baseline> <candidate> [--threshold PERCENT] [--out FILE]
                     compares two runs (run directories or JMH JSON files) as Markdown on stdout (and in FILE);
                     exits 1 on a regression beyond both the threshold (default 5%) and the noise, or a failed pair
            exit codes: 0 ok, 1 regression or failed pair, 2 bad usage or unusable input
            """;

    private ReportCli() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            err.println("error: no command (see --help)");
            err.print(USAGE);
            return EXIT_UNUSABLE;
        }
        String command = args[0];
        String[] rest = List.of(args).subList(1, args.length).toArray(String[]::new);
        try {
            return switch (command) {
                case "--help", "-h", "help" -> {
                    out.print(USAGE);
                    yield EXIT_OK;
                }
                case "report" -> report(rest, out);
                case "compare" -> compare(rest, out);
                default -> throw new IllegalArgumentException("unknown command '" + command
                        + "': report or compare");
            };
        } catch (OptionException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage() + " (see --help)");
            return EXIT_UNUSABLE;
        } catch (InputException e) {
            err.println("error: " + e.getMessage());
            return EXIT_UNUSABLE;
        } catch (UncheckedIOException e) {
            err.println("error: " + e.getCause().getMessage());
            return EXIT_UNUSABLE;
        }
    }

    private static int report(String[] args, PrintStream out) throws InputException {
        OptionParser parser = new OptionParser();
        OptionSpec<String> outDirectory = parser.accepts("out", "directory for report.md and report.html")
                .withRequiredArg().describedAs("DIR");
        OptionSpec<Void> help = parser.accepts("help").forHelp();
        OptionSet options = parser.parse(args);
        if (options.has(help)) {
            out.print(USAGE);
            return EXIT_OK;
        }
        List<Path> inputs = options.nonOptionArguments().stream().map(arg -> Path.of(arg.toString())).toList();
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("report: give a run directory or JMH JSON files");
        }
        Run run = Run.load(inputs);
        Path directory = options.has(outDirectory) ? Path.of(options.valueOf(outDirectory))
                : Files.isDirectory(inputs.get(0)) ? inputs.get(0) : inputs.get(0).toAbsolutePath().getParent();
        ReportModel model = ReportModel.of(run);
        Path markdown = directory.resolve("report.md");
        Path html = directory.resolve("report.html");
        write(markdown, MarkdownReport.render(model));
        write(html, HtmlReport.render(model));
        out.println(markdown);
        out.println(html);
        return EXIT_OK;
    }

    private static int compare(String[] args, PrintStream out) throws InputException {
        OptionParser parser = new OptionParser();
        OptionSpec<Double> threshold = parser.accepts("threshold",
                        "smallest change in percent that counts, beyond the noise")
                .withRequiredArg().ofType(Double.class).defaultsTo(DEFAULT_THRESHOLD);
        OptionSpec<String> outFile = parser.accepts("out", "also write the Markdown to this file")
                .withRequiredArg().describedAs("FILE");
        OptionSpec<Void> help = parser.accepts("help").forHelp();
        OptionSet options = parser.parse(args);
        if (options.has(help)) {
            out.print(USAGE);
            return EXIT_OK;
        }
        List<?> sides = options.nonOptionArguments();
        if (sides.size() != 2) {
            throw new IllegalArgumentException("compare: give a baseline and a candidate (got " + sides.size()
                    + " arguments)");
        }
        double percent = options.valueOf(threshold);
        if (!Double.isFinite(percent) || percent < 0) {
            throw new IllegalArgumentException("option threshold: " + percent + " is not a percentage of 0 or more");
        }
        Run baseline = loadSide(Path.of(sides.get(0).toString()));
        Run candidate = loadSide(Path.of(sides.get(1).toString()));
        Comparison comparison = Comparison.of(baseline, candidate, percent);
        String markdown = comparison.markdown();
        out.print(markdown);
        if (options.has(outFile)) {
            write(Path.of(options.valueOf(outFile)), markdown);
        }
        return comparison.passed() ? EXIT_OK : EXIT_REGRESSION;
    }

    private static Run loadSide(Path side) throws InputException {
        Run run = Run.load(List.of(side));
        if (run.measurements().isEmpty()) {
            throw new InputException(side + " has no benchmark result"
                    + (run.info() == null ? "" : ": " + String.join("; ", ReportTables.failures(run))));
        }
        return run;
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
