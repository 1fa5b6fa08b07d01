package org.rpcbench.runner.flamediff;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.RunFiles;
import org.rpcbench.profiling.FlameDiff;
import org.rpcbench.profiling.FoldedStacks;
import org.rpcbench.runner.Launcher;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Where two runs' time and allocation went differently: per profile both sides have, a table and a diff graph. */
@Command(name = "flamediff", usageHelpAutoWidth = true,
        description = "Compares the profiles of two profiling runs (run-all --profile directories, or two JFR or"
                + " folded stacks files): per profile both have, the frames whose share of all samples moved most,"
                + " and a flame graph of <b> coloured by the move (red grew, blue shrank). Exit 0 when something was"
                + " compared, 2 when nothing matched or an input cannot be read.")
public final class FlameDiffCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "<a>", description = "the run compared against")
    Path before;

    @Parameters(index = "1", paramLabel = "<b>", description = "the run judged")
    Path after;

    @Option(names = "--out", paramLabel = "DIR", description = "where the diff flame graphs go (default:"
            + " results/flamediff-<time>)")
    Path out;

    @Option(names = "--top", paramLabel = "n", description = "frames per table (default: ${DEFAULT-VALUE})")
    int top = 15;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help")
    boolean help;

    @CommandLine.ParentCommand
    Launcher launcher;

    @Override
    public Integer call() throws IOException {
        if (top < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "option top: " + top + " is not 1 or more");
        }
        PrintWriter console = spec.commandLine().getOut();
        Map<String, FoldedStacks> a;
        Map<String, FoldedStacks> b;
        try {
            a = FlameDiff.profiles(before);
            b = FlameDiff.profiles(after);
        } catch (IOException e) {
            spec.commandLine().getErr().println("error: " + e.getMessage());
            return ExitCode.USAGE;
        }
        List<String> both = a.keySet().stream().filter(b::containsKey).toList();
        if (both.isEmpty()) {
            spec.commandLine().getErr().println("error: no profile of " + before + " matches one of " + after
                    + " (run directories match by file name, files by kind: cpu or alloc)");
            return ExitCode.USAGE;
        }
        Path directory = out != null ? out
                : launcher.suite().root().resolve("results").resolve("flamediff-" + RunFiles.utcStamp());
        Files.createDirectories(directory);
        for (String name : both) {
            String unit = FlameDiff.unit(name);
            List<FlameDiff.FrameChange> changes = FlameDiff.changes(a.get(name), b.get(name));
            Path page = directory.resolve(name.replace('/', '_').replaceFirst("\\.folded$", "") + ".diff.html");
            FlameDiff.writePage(page, name + ": " + before.getFileName() + " to " + after.getFileName(), unit,
                    a.get(name), b.get(name));
            console.println(String.format(Locale.ROOT, "## %s (%,d to %,d %s)", name, a.get(name).total(),
                    b.get(name).total(), unit));
            console.println();
            console.print(FlameDiff.table(changes, top));
            console.println();
            console.println("diff flame graph: " + page);
            console.println();
        }
        console.flush();
        return ExitCode.OK;
    }
}
