package org.rpcbench.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.rpcbench.contract.AbVerdict;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.gate.AbComparison;
import org.rpcbench.kubernetes.PodExecutor;
import org.rpcbench.report.ReportCli;
import org.rpcbench.report.verdict.AbReports;
import org.rpcbench.report.verdict.HistoryCli;
import org.rpcbench.runner.Launcher;
import org.rpcbench.runner.ab.AbCommand;
import org.rpcbench.runner.ab.AbJudge;
import org.rpcbench.runner.flamediff.FlameDiffCommand;
import org.rpcbench.runner.runall.RunAllCommand;

/**
 * What {@code benchmark.sh} runs once the jars are built: the runner's launcher with every subcommand, those that
 * start JVMs (the runner's) and those that read what runs left (the report's and the gate's, and {@code record},
 * the suite's record files for tools and tests), the gate as ab's judge, and the pods of {@code --on k8s}.
 */
public final class BenchmarkSh {

    /** ab's judge: the gate's judgement, rendered by the report. */
    static final AbJudge GATE = new AbJudge() {
        @Override
        public boolean failsOnRegressionsAlone(Path directory, AbVerdict.Thresholds thresholds) {
            return AbComparison.failsOnRegressionsAlone(directory, thresholds);
        }

        @Override
        public Map<Integer, String> trialsSetAside(Path directory) {
            return AbComparison.setAside(directory);
        }

        @Override
        public int judge(Path directory, AbVerdict.Thresholds thresholds, PrintWriter console, PrintWriter err) {
            return AbReports.judge(directory, thresholds, console, err);
        }

        @Override
        public int power(List<Path> runs, AbVerdict.Thresholds thresholds, PowerPlan plan, PrintWriter console,
                PrintWriter err) {
            return AbReports.power(runs, thresholds, plan.trials(), plan.confirmationTrials(), plan.shifts(),
                    plan.simulations(), plan.seed(), console, err);
        }
    };

    private BenchmarkSh() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        RecordFiles.warmUp();
        return Launcher.commandLine(out, err, PodExecutor.CURRENT_KUBECONFIG, List.of(
                new RunAllCommand(PodExecutor.CURRENT_KUBECONFIG), new ReportCli.Report(),
                new ReportCli.Compare(), new AbCommand(GATE), new HistoryCli(), new RecordCommand(),
                new FlameDiffCommand()))
                .execute(args);
    }
}
