package org.rpcbench.client;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Collection;
import java.util.regex.Pattern;

import joptsimple.OptionException;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.rpcbench.dubbo.Endpoint;
import org.rpcbench.dubbo.ProbeReport;
import org.rpcbench.launch.RunFiles;

/**
 * Runs the UserService benchmarks against a running server: checks the connection first, then runs JMH with
 * fail-on-error, and exits non-zero unless every benchmark produced a score.
 */
public final class BenchmarkClient {

    static final int EXIT_OK = 0;
    static final int EXIT_FAILED = 1;
    static final int EXIT_USAGE = 2;

    private BenchmarkClient() {
    }

    public static void main(String[] args) throws IOException {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) throws IOException {
        ClientOptions options = new ClientOptions();
        try {
            options.parse(args);
        } catch (OptionException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage() + " (see --help)");
            return EXIT_USAGE;
        }
        if (options.helpRequested()) {
            options.printHelp(out);
            return EXIT_OK;
        }

        Path resultFile = options.resultFile(RunFiles.moduleName(BenchmarkClient.class, "rpcbench-client"))
                .toAbsolutePath();
        Path logFile = RunFiles.logDubboTo(resultFile.resolveSibling(resultFile.getFileName() + ".log"));

        Endpoint endpoint = options.endpoint();
        try (ConsumerContext consumer = ConsumerContext.open(endpoint)) {
            ProbeReport probe = consumer.verify();
            out.println("wire check passed: " + probe);
        } catch (RuntimeException e) {
            err.println("error: " + e.getMessage());
            err.println("Dubbo's log: " + logFile);
            return EXIT_FAILED;
        }

        ChainedOptionsBuilder jmh = new OptionsBuilder()
                .include("^" + Pattern.quote(UserServiceBenchmark.class.getName()) + "\\.")
                .warmupIterations(options.warmupIterations())
                .warmupTime(options.warmupTime())
                .measurementIterations(options.measurementIterations())
                .measurementTime(options.measurementTime())
                .forks(options.forks())
                .threads(options.threads())
                .shouldFailOnError(true)
                .jvmArgs(ForkJvm.args(endpoint, logFile).toArray(String[]::new))
                .resultFormat(options.resultFormat())
                .result(resultFile.toString());
        if (options.jfrDirectory() != null) {
            jmh.addProfiler("jfr", "dir=" + options.jfrDirectory().toAbsolutePath());
        }

        Collection<RunResult> results;
        try {
            results = new Runner(jmh.build()).run();
        } catch (RunnerException e) {
            err.println("error: a benchmark failed, so the run has no valid result: " + e.getMessage());
            err.println("Dubbo's log: " + logFile);
            return EXIT_FAILED;
        }
        String unusable = unusableResult(results);
        if (unusable != null) {
            err.println("error: " + unusable);
            return EXIT_FAILED;
        }
        out.println("results: " + resultFile);
        out.println("Dubbo's log: " + logFile);
        return EXIT_OK;
    }

    /** What makes the results unusable, or null when every benchmark has a positive score. */
    static String unusableResult(Collection<RunResult> results) {
        if (results.isEmpty()) {
            return "JMH ran no benchmark";
        }
        for (RunResult result : results) {
            double score = result.getPrimaryResult().getScore();
            if (!(score > 0) || Double.isInfinite(score)) {
                return result.getParams().getBenchmark() + " (" + result.getParams().getMode() + ") scored " + score;
            }
        }
        return null;
    }

}
