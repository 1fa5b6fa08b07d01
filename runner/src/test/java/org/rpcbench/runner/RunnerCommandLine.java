package org.rpcbench.runner;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntBiFunction;

import org.rpcbench.contract.AbVerdict;
import org.rpcbench.runner.ab.AbCommand;
import org.rpcbench.runner.ab.AbJudge;
import org.rpcbench.runner.flamediff.FlameDiffCommand;
import org.rpcbench.runner.kubernetes.KubernetesCluster;
import org.rpcbench.runner.runall.RunAllCommand;
import picocli.CommandLine;

/**
 * benchmark.sh's command line with the runner's own subcommands, as the runner's tests run it. The tests of ab
 * stop before any trial, so its judge fails the test when reached; judging is the gate's, tested in the cli module.
 */
public final class RunnerCommandLine {

    private static final AbJudge NEVER_REACHED = simulatingOnly((thresholds, plan) -> {
        throw new AssertionError("ab simulated the gate in a test that runs none");
    });

    /** The runner's tests refuse --on k8s before a pod would be created; running pods is kubernetes-executor's. */
    private static final KubernetesCluster NO_CLUSTER = (pods, out) -> {
        throw new AssertionError("a runner test reached a cluster");
    };

    private RunnerCommandLine() {
    }

    public static CommandLine commandLine(PrintStream out, PrintStream err) {
        return Launcher.commandLine(out, err, NO_CLUSTER,
                List.of(new RunAllCommand(NO_CLUSTER), new AbCommand(NEVER_REACHED), new FlameDiffCommand()));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        return commandLine(out, err).execute(args);
    }

    /** ab alone with the judge given, its output dropped: for tests of what ab asks of its judge. */
    public static int run(String[] args, AbJudge judge) {
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        return Launcher.commandLine(quiet, quiet, NO_CLUSTER, List.of(new AbCommand(judge))).execute(args);
    }

    /** A judge for tests that run no trial: judging fails the test; a simulation goes to {@code power}. */
    public static AbJudge simulatingOnly(ToIntBiFunction<AbVerdict.Thresholds, AbJudge.PowerPlan> power) {
        return new AbJudge() {
            @Override
            public boolean failsOnRegressionsAlone(Path directory, AbVerdict.Thresholds thresholds) {
                throw new AssertionError("ab judged trials in a test that runs none");
            }

            @Override
            public Map<Integer, String> trialsSetAside(Path directory) {
                throw new AssertionError("ab judged trials in a test that runs none");
            }

            @Override
            public int judge(Path directory, AbVerdict.Thresholds thresholds, PrintWriter console, PrintWriter err) {
                throw new AssertionError("ab judged trials in a test that runs none");
            }

            @Override
            public int power(List<Path> runs, AbVerdict.Thresholds thresholds, PowerPlan plan, PrintWriter console,
                    PrintWriter err) {
                return power.applyAsInt(thresholds, plan);
            }
        };
    }
}
