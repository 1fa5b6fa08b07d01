package org.rpcbench.client;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import joptsimple.OptionException;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.rpcbench.dubbo.Endpoint;
import org.rpcbench.dubbo.ProbeReport;
import org.rpcbench.launch.RunFiles;

/**
 * Runs benchmarks against a running server: checks the connection first, then runs JMH with fail-on-error (once
 * per thread level or preset step), and exits non-zero unless every benchmark produced a score. Ends with a table
 * in the seed reports' shape and what the server spent.
 */
public final class BenchmarkClient {

    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILED = 1;
    public static final int EXIT_USAGE = 2;

    private BenchmarkClient() {
    }

    public static void main(String[] args) throws IOException {
        System.exit(run(args, System.out, System.err));
    }

    /** The client without {@code System.exit}: returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) throws IOException {
        ClientOptions options = new ClientOptions();
        List<JmhRun> runs;
        try {
            runs = options.parse(args).runs();
            if (runs.size() > 1 && options.resultFormat() != ResultFormatType.JSON) {
                throw new IllegalArgumentException("option resultFormat: a run of several thread levels or"
                        + " preset steps is written as json");
            }
        } catch (OptionException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage() + " (see --help)");
            return EXIT_USAGE;
        }
        if (options.helpRequested()) {
            options.printHelp(out);
            return EXIT_OK;
        }
        if (options.dryRun() && options.availabilityTime() != null) {
            out.println("would run: " + availabilityDescription(options));
            return EXIT_OK;
        }
        if (options.dryRun()) {
            runs.forEach(run -> out.println("would run: " + run));
            return EXIT_OK;
        }

        if (options.concurrentConsumer()) {
            System.setProperty("jmh.ignoreLock", "true");
        }
        Path resultFile = options.resultFile(RunFiles.moduleName(BenchmarkClient.class, "rpcbench-client"))
                .toAbsolutePath();
        Path logFile = RunFiles.logDubboTo(resultFile.resolveSibling(resultFile.getFileName() + ".log"));
        Endpoint endpoint = options.endpoint();
        if (options.preset() != null) {
            out.println("preset: " + options.preset().description());
        }
        out.println("connections: " + (options.connections() == 0
                ? "one, shared by every thread (Dubbo's default)" : options.connections() + " per consumer"));

        ConsumerContext consumer;
        List<ProbeReport> before;
        try {
            // the availability load runs over this consumer, so it gets the connections the JMH forks would get
            consumer = options.availabilityTime() == null ? ConsumerContext.open(endpoint)
                    : ConsumerContext.open(endpoint, "classpath:consumer.xml",
                            Map.of(ConsumerContext.CONNECTIONS_PROPERTY, String.valueOf(options.connections())));
            before = consumer.verify();
        } catch (RuntimeException e) {
            err.println("error: " + e.getMessage());
            err.println("Dubbo's log: " + logFile);
            return EXIT_FAILED;
        }
        try (consumer) {
            for (ProbeReport provider : before) {
                out.println("wire check passed: " + provider);
            }
            if (options.availabilityTime() != null) {
                return runAvailability(options, consumer, resultFile, logFile, out, err);
            }
            List<RunResult> results = new ArrayList<>();
            List<Path> parts = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                JmhRun run = runs.get(i);
                Path part = runs.size() == 1 ? resultFile
                        : resultFile.resolveSibling(resultFile.getFileName() + ".part" + (i + 1));
                out.println("== run " + (i + 1) + " of " + runs.size() + ": " + run);
                try {
                    results.addAll(new Runner(jmhOptions(options, run, endpoint, logFile, part)).run());
                } catch (RunnerException e) {
                    err.println("error: a benchmark failed, so the run has no valid result: " + e.getMessage());
                    err.println("Dubbo's log: " + logFile);
                    return EXIT_FAILED;
                }
                parts.add(part);
            }
            String unusable = unusableResult(results);
            if (unusable != null) {
                err.println("error: " + unusable);
                return EXIT_FAILED;
            }
            if (parts.size() > 1) {
                mergeJsonArrays(parts, resultFile);
            }
            String table = ResultTable.markdown(results);
            Path tableFile = resultFile.resolveSibling(resultFile.getFileName() + ".md");
            Files.writeString(tableFile, table, StandardCharsets.UTF_8);
            out.println();
            out.print(table);
            out.println(ServerLoad.describe(before, consumer.probeEach()));
            out.println("results: " + resultFile);
            out.println("table: " + tableFile);
            out.println("Dubbo's log: " + logFile);
            return EXIT_OK;
        } catch (RuntimeException e) {
            err.println("error: " + e.getMessage());
            return EXIT_FAILED;
        }
    }

    private static String availabilityDescription(ClientOptions options) {
        return "availability load for " + options.availabilityTime().toMillis() + " ms at "
                + options.availabilityThreads() + " threads over the four UserService calls";
    }

    private static int runAvailability(ClientOptions options, ConsumerContext consumer, Path resultFile,
            Path logFile, PrintStream out, PrintStream err) throws IOException {
        out.println("== " + availabilityDescription(options));
        AvailabilityReport report;
        try {
            report = new AvailabilityLoad(consumer.userService(), options.availabilityThreads(),
                    options.availabilityTime(), consumer.callTimeoutMillis(), options.faultAt()).run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("error: the availability run was interrupted");
            return EXIT_FAILED;
        }
        report.write(resultFile);
        out.println();
        out.print(report.summary());
        out.println("results: " + resultFile);
        out.println("Dubbo's log: " + logFile);
        if (!report.passed()) {
            err.println("error: " + report.problem());
            return EXIT_FAILED;
        }
        return EXIT_OK;
    }

    private static Options jmhOptions(ClientOptions options, JmhRun run,
            Endpoint endpoint, Path logFile, Path resultFile) {
        ChainedOptionsBuilder jmh = new OptionsBuilder()
                .warmupIterations(options.warmupIterations())
                .warmupTime(options.warmupTime())
                .measurementIterations(options.measurementIterations())
                .measurementTime(options.measurementTime())
                .forks(options.forks())
                .threads(run.threads())
                .shouldFailOnError(true)
                .jvmArgs(ForkJvm.args(endpoint, options.connections(), logFile).toArray(String[]::new))
                .resultFormat(options.resultFormat())
                .result(resultFile.toString());
        run.scenarios().forEach(scenario -> jmh.include(scenario.includePattern()));
        if (run.scenarios().contains(Scenario.ECHO)) {
            jmh.param("payload", run.payloads().toArray(String[]::new));
        }
        for (Mode mode : options.modes()) {
            jmh.mode(mode);
        }
        if (options.jfrDirectory() != null) {
            jmh.addProfiler("jfr", "dir=" + options.jfrDirectory().toAbsolutePath());
        }
        return jmh.build();
    }

    /** JMH writes one JSON array per invocation; the run's result is one array of them all. */
    static void mergeJsonArrays(List<Path> parts, Path target) throws IOException {
        List<String> bodies = new ArrayList<>();
        for (Path part : parts) {
            String array = Files.readString(part, StandardCharsets.UTF_8).strip();
            String body = array.substring(1, array.length() - 1).strip();
            if (!body.isEmpty()) {
                bodies.add(body);
            }
        }
        Files.writeString(target, "[\n" + String.join(",\n", bodies) + "\n]\n", StandardCharsets.UTF_8);
        for (Path part : parts) {
            Files.delete(part);
        }
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
