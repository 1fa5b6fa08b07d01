package org.rpcbench.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.rpcbench.api.InjectedCost;
import org.rpcbench.api.UserService;
import org.rpcbench.client.options.ClientOptions;
import org.rpcbench.client.options.JmhRun;
import org.rpcbench.client.options.JmhTime;
import org.rpcbench.client.options.OpenLoopCall;
import org.rpcbench.client.options.OpenLoopSettings;
import org.rpcbench.client.options.Scenario;
import org.rpcbench.client.options.SoakSettings;
import org.rpcbench.contract.AvailabilityReport;
import org.rpcbench.contract.CallCost;
import org.rpcbench.contract.ClientReady;
import org.rpcbench.contract.DiskSpace;
import org.rpcbench.contract.Durations;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.LauncherWatch;
import org.rpcbench.contract.OpenLoopReport;
import org.rpcbench.contract.OptionNames;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.RunFiles;
import org.rpcbench.contract.SoakReport;
import org.rpcbench.contract.Stopped;
import org.rpcbench.contract.WireProof;
import org.rpcbench.results.PairTable;
import org.rpcbench.results.SeedFigures;
import org.rpcbench.stack.ServerSample;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.Stacks;
import sun.misc.Signal;

/**
 * Runs benchmarks against a running server: proves the wire first, then runs JMH with fail-on-error (once per
 * thread level or preset step), and exits non-zero unless every benchmark produced a score. Ends with a table in
 * the seed reports' shape and what the server spent. Its ready record is written when the load starts, its stop
 * record when it ends.
 */
public final class BenchmarkClient {

    private static final String CLIENT_SUFFIX = "-client";

    private final ClientOptions options;
    /** The cost every UserService call of this client pays as well, for the gate's own tests; null for none. */
    private final InjectedCost injected;
    private final PrintStream out;
    private final PrintStream err;

    private BenchmarkClient(ClientOptions options, PrintStream out, PrintStream err) {
        this.options = options;
        this.injected = options.injectCost().cost();
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) throws IOException {
        System.exit(run(args, System.out, System.err));
    }

    /** The client without {@code System.exit}: returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) throws IOException {
        ClientOptions options;
        try {
            options = ClientOptions.parse(List.of(args));
            if (options.runs().size() > 1 && options.availabilityTime() == null
                    && !"json".equals(options.resultFormat())) {
                throw new IllegalArgumentException("option resultFormat: a run of several thread levels or"
                        + " preset steps is written as json");
            }
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage() + " (see --help)");
            return ExitCode.USAGE;
        }
        if (options.helpRequested()) {
            ClientOptions.printHelp(out);
            return ExitCode.OK;
        }
        if (options.dryRun()) {
            if (options.availabilityTime() != null) {
                out.println("would run: " + availabilityDescription(options));
            } else if (options.openLoopSettings() != null) {
                out.println("would run: " + openLoopDescription(options));
            } else if (options.soakSettings() != null) {
                out.println("would run: " + soakDescription(options.soakSettings()));
            } else {
                options.runs().forEach(run -> out.println("would run: " + run));
            }
            return ExitCode.OK;
        }
        try {
            Stacks.client().check(options.target());
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.USAGE;
        }
        LauncherWatch.onLauncherExit(() -> {
            err.println("error: the runner that started this client is gone; stopping");
            System.exit(ExitCode.FAILED);
        });
        RecordFiles.warmUp();
        Path resultDirectory = options.resultFile() != null ? options.resultFile().toAbsolutePath().getParent()
                : Path.of("results");
        String shortage = DiskSpace.shortage(resultDirectory, DiskSpace.RUN_BYTES);
        if (shortage != null) {
            err.println("error: " + shortage);
            return ExitCode.FAILED;
        }
        Stopped stopped;
        try {
            stopped = new BenchmarkClient(options, out, err).measure();
        } catch (IOException e) {
            stopped = Stopped.failed(ExitCode.FAILED, "could not write the run's files: " + e.getMessage());
        }
        if (stopped.message() != null) {
            err.println("error: " + stopped.message());
        }
        options.records().writeStopped(stopped);
        return stopped.exitCode();
    }

    private Stopped measure() throws IOException {
        if (options.concurrentConsumer()) {
            System.setProperty("jmh.ignoreLock", "true");
        }
        if (options.lockstepDirectory() != null) {
            // read where the iterations begin: in each fork (ForkJvm passes them on), or here with --forks 0
            Lockstep.systemProperties(options.lockstepDirectory(), options.lockstepConsumers())
                    .forEach(System::setProperty);
        }
        String module = RunFiles.moduleName(BenchmarkClient.class, "rpcbench-client");
        Path resultFile = (options.resultFile() != null ? options.resultFile() : options.newResultFile(module))
                .toAbsolutePath();
        Path logFile = RunFiles.logTo(resultFile.resolveSibling(resultFile.getFileName() + ".log"));
        if (options.preset() != null) {
            out.println("preset: " + options.preset().description());
        }
        if (injected != null) {
            out.println(injected.describe());
            // the JMH forks pay it too (ForkJvm passes it on), or this JVM with --forks 0
            System.setProperty(ForkJvm.INJECT_COST_PROPERTY, options.injectCost().text());
        }
        out.println("connections: " + (options.connections() == 0
                ? Stacks.client().defaultConnections() + " (the stack's default)"
                : options.connections() + " per provider"));

        WireCheck check;
        try {
            check = WireCheck.open(options.target());
        } catch (RuntimeException e) {
            err.println("log: " + logFile);
            return Stopped.failed(ExitCode.FAILED, e.getMessage());
        }
        try (StackConnection connection = check.connection()) {
            for (WireProof proof : check.proofs()) {
                out.println("wire check passed: " + proof.describe());
            }
            out.println("bytes per call, request/answer, header included: "
                    + check.proofs().get(0).describeFrames());
            Map<String, ServerSample> before = connection.sampleServers();
            if (options.availabilityTime() != null) {
                return runAvailability(connection, check.proofs(), resultFile, logFile);
            }
            if (options.openLoopSettings() != null) {
                return runOpenLoop(connection, check.proofs(), before, resultFile, logFile);
            }
            if (options.soakSettings() != null) {
                return runSoak(connection, check.proofs(), before, resultFile, logFile);
            }
            if (options.forks() == 0) {
                err.println("warning: --forks 0 measures inside this client's JVM (-Xmx512m, beside its wire check and"
                        + " JMH's own work): figures for debugging, not for comparing; its CPU per call is not"
                        + " reported");
            }
            ready(ClientReady.JMH, check.proofs());
            List<RunResult> results = new ArrayList<>();
            List<JmhRun> runs = options.runs();
            Path jmhLog = resultFile.resolveSibling(resultFile.getFileName() + ".jmh.log");
            JmhConsole console = new JmhConsole(out, jmhLog);
            try (PrintStream jmhOut = new PrintStream(console, true, StandardCharsets.UTF_8)) {
                OutputFormat format = OutputFormatFactory.createFormatInstance(jmhOut, VerboseMode.NORMAL);
                for (int i = 0; i < runs.size(); i++) {
                    out.println("== run " + (i + 1) + " of " + runs.size() + ": " + runs.get(i));
                    results.addAll(new Runner(jmhOptions(runs.get(i), logFile), format).run());
                }
            } catch (RunnerException e) {
                return Stopped.failed(ExitCode.FAILED, failure(e, console.firstFailure(), jmhLog));
            }
            String unusable = unusableResult(results);
            if (unusable != null) {
                return Stopped.failed(ExitCode.FAILED, unusable);
            }
            write(resultFile, results, ResultFormatType.valueOf(options.resultFormat().toUpperCase(Locale.ROOT)));
            String table = PairTable.markdown(format(results, ResultFormatType.JSON), options.preset() == null ? null
                    : SeedFigures.ofPreset(options.preset().key()).orElse(null), pairOf(module));
            Path tableFile = resultFile.resolveSibling(resultFile.getFileName() + ".md");
            writeText(tableFile, table);
            out.println();
            out.print(table);
            out.println(ServerLoad.describe(before, connection.sampleServers(), check.proofs(),
                    connection.proveWire(), options.forks() == 0 ? OptionalLong.empty() : ServerLoad.forkCpuNanos(),
                    ServerLoad.clientCalls(results)));
            out.println("results: " + resultFile);
            out.println("table: " + tableFile);
            out.println("log: " + logFile);
            return new Stopped(ExitCode.OK, null, null, resultFile.toString());
        } catch (RuntimeException e) {
            return Stopped.failed(ExitCode.FAILED, e.getMessage());
        }
    }

    /**
     * One line for a run that failed: which benchmark, when, whether the server is still there, the first failure's
     * root cause; the stack traces are in JMH's log.
     */
    private String failure(RunnerException e, JmhConsole.Failure where, Path jmhLog) {
        if (String.valueOf(e.getMessage()).contains("Unable to acquire the JMH lock")) {
            return "another JMH run holds JMH's machine-wide lock (" + System.getProperty("java.io.tmpdir")
                    + "/jmh.lock): wait for it to end, or pass -a " + OptionNames.CONCURRENT_CONSUMER
                    + " to measure beside it (both then share the machine)";
        }
        String benchmark = where == null ? "a benchmark" : where.benchmark() + " (" + where.mode() + ")";
        String when = where == null ? "" : " at " + DateTimeFormatter.ofPattern("HH:mm:ss 'UTC'")
                .withZone(ZoneOffset.UTC).format(where.at());
        String server = ServerWatch.state(options.target());
        return benchmark + " failed" + when + (server == null ? "" : ": " + server) + "; the first failure: "
                + firstLine(rootCause(e)) + "; every stack trace: " + jmhLog;
    }

    /** The root cause of the first benchmark thread's exception. */
    private static Throwable rootCause(Throwable e) {
        Throwable first = e.getCause() != null ? e.getCause() : e;
        if (first.getSuppressed().length > 0) {
            first = first.getSuppressed()[0];
        }
        while (first.getCause() != null && first.getCause() != first) {
            first = first.getCause();
        }
        return first;
    }

    private static String firstLine(Throwable e) {
        String text = e.getClass().getSimpleName() + ": " + String.valueOf(e.getMessage()).lines().findFirst()
                .orElse("");
        return text.length() > 240 ? text.substring(0, 240) + "..." : text;
    }

    private void ready(String mode, List<WireProof> proofs) {
        options.records().writeReady(new ClientReady(mode, proofs, System.currentTimeMillis(),
                ProcessHandle.current().pid()));
    }

    private static String availabilityDescription(ClientOptions options) {
        return "availability load for " + options.availabilityTime().toMillis() + " ms at "
                + options.availabilityThreads() + " threads over the four UserService calls";
    }

    private Stopped runAvailability(StackConnection connection, List<WireProof> proofs, Path resultFile,
            Path logFile) {
        out.println("== " + availabilityDescription(options));
        ready(ClientReady.AVAILABILITY, proofs);
        AvailabilityReport report;
        try {
            report = new AvailabilityLoad(users(connection), options.availabilityThreads(),
                    options.availabilityTime(), options.target().timeoutMillis(), options.faultAt()).run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Stopped.failed(ExitCode.FAILED, "the availability run was interrupted");
        }
        RecordFiles.write(resultFile, report);
        out.println();
        out.print(report.summary());
        out.println("results: " + resultFile);
        out.println("log: " + logFile);
        return report.passed() ? new Stopped(ExitCode.OK, null, null, resultFile.toString())
                : new Stopped(ExitCode.FAILED, report.problem(), null, resultFile.toString());
    }

    private static String openLoopDescription(ClientOptions options) {
        OpenLoopSettings settings = options.openLoopSettings();
        String rates = settings.rate() != null ? String.format(Locale.ROOT, "%,.0f calls/s", settings.rate())
                : "each call's closed-loop capacity, then " + settings.sweepPercents() + " % of it";
        return String.format(Locale.ROOT, "open-loop load at %s (%s arrivals) from %d threads, %d s warmup and %d s"
                + " measured per rate: %s", rates, settings.arrival(), settings.threads(),
                settings.warmup().toSeconds(), settings.duration().toSeconds(),
                options.openLoopCalls().stream().map(OpenLoopCall::name).collect(Collectors.joining(", ")));
    }

    /**
     * Each call in turn: warmed up in a closed loop, then at the rate; or through the sweep. Then the report, and
     * beside it per call and rate an interval log and a percentile distribution named after the result file
     * ({@code <result>.<call>[-<percent>pct].hlog}, {@code .hlog.hgrm}).
     */
    private Stopped runOpenLoop(StackConnection connection, List<WireProof> proofs, Map<String, ServerSample> before,
            Path resultFile, Path logFile) {
        out.println("== " + openLoopDescription(options));
        ready(ClientReady.OPEN_LOOP, proofs);
        OpenLoopSettings settings = options.openLoopSettings();
        ServerWatch server = new ServerWatch(options.target());
        OpenLoopLoad load = new OpenLoopLoad(settings, users(connection), connection.echoService(), server,
                connection);
        long startEpochMillis = System.currentTimeMillis();
        List<OpenLoopReport.CallResult> calls = new ArrayList<>();
        try {
            for (OpenLoopCall call : options.openLoopCalls()) {
                if (server.gone() != null) {
                    break;
                }
                String file = resultFile.getFileName() + "." + call.name().replace(':', '-');
                if (settings.rate() != null) {
                    load.warmUp(call);
                    calls.add(printed(load.run(call, settings.rate(), null,
                            resultFile.resolveSibling(file + ".hlog"))));
                    continue;
                }
                OpenLoopReport.ClosedLoop closedLoop = load.closedLoopCapacity(call);
                out.println(String.format(Locale.ROOT, "%s: %,.0f calls/s in a closed loop of %d threads, p99 %.3f"
                        + " ms from each send", call.name(), closedLoop.callsPerSecond(), settings.threads(),
                        closedLoop.responseTime().p99()));
                for (int percent : settings.sweepPercents()) {
                    OpenLoopReport.CallResult step = printed(load.run(call,
                            closedLoop.callsPerSecond() * percent / 100, closedLoop,
                            resultFile.resolveSibling(file + "-" + percent + "pct.hlog")));
                    calls.add(step);
                    if (step.rateNotKept() != null || step.problem() != null) {
                        break;
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Stopped.failed(ExitCode.FAILED, "the open-loop run was interrupted");
        } catch (IllegalStateException e) {
            return Stopped.failed(ExitCode.FAILED, e.getMessage());
        }
        OpenLoopReport report = new OpenLoopReport(startEpochMillis, settings.rate(), settings.sweepPercents(),
                settings.slo(), settings.arrival(), settings.warmup().toMillis(), settings.duration().toMillis(),
                settings.threads(), calls);
        RecordFiles.write(resultFile, report);
        out.println();
        out.print(report.summary());
        if (server.gone() == null) {
            out.println(ServerLoad.describe(before, connection.sampleServers(), proofs, connection.proveWire(),
                    OptionalLong.empty(), 0));
        }
        out.println("results: " + resultFile);
        out.println("log: " + logFile);
        return report.passed() ? new Stopped(ExitCode.OK, null, null, resultFile.toString())
                : new Stopped(ExitCode.FAILED, report.problem(), null, resultFile.toString());
    }

    private static String soakDescription(SoakSettings settings) {
        return String.format(Locale.ROOT, "soak for %s at %d threads, each going round %s; the first %s a warmup;"
                + " this JVM sampled every %s%s", Durations.format(settings.length()), settings.threads(),
                settings.calls().stream().map(OpenLoopCall::name).collect(Collectors.joining(", ")),
                Durations.format(settings.warmup()), Durations.format(settings.every()),
                settings.serverSamples().isEmpty() ? "; no server's samples given: the servers are not judged"
                        : "; judged with " + settings.serverSamples().size() + " server series")
                + (settings.payloads() == null ? "" : "; " + settings.payloads().describe());
    }

    /** The soak, its samples beside the result file ({@code <result>.jvm.jsonl} unless named), and its verdict. */
    private Stopped runSoak(StackConnection connection, List<WireProof> proofs, Map<String, ServerSample> before,
            Path resultFile, Path logFile) {
        SoakSettings settings = options.soakSettings();
        out.println("== " + soakDescription(settings));
        ready(ClientReady.SOAK, proofs);
        Path samples = settings.jvmSamples(resultFile);
        ServerWatch server = new ServerWatch(options.target());
        Soak soak = new Soak(settings, users(connection), connection.echoService(), server,
                options.target().timeoutMillis());
        // a long run stopped by hand is still judged on what it saw
        for (String signal : List.of("TERM", "INT")) {
            Signal.handle(new Signal(signal), received -> soak.stop());
        }
        SoakReport report;
        try {
            report = soak.run(samples);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Stopped.failed(ExitCode.FAILED, "the soak was interrupted");
        }
        RecordFiles.write(resultFile, report);
        out.println();
        out.print(report.summary());
        if (!report.interrupted() && server.gone() == null) {
            // stopped by hand, the servers may be stopping too
            out.println(ServerLoad.describe(before, connection.sampleServers(), proofs, connection.proveWire(),
                    OptionalLong.empty(), 0));
        }
        out.println("results: " + resultFile);
        out.println("samples: " + samples);
        out.println("log: " + logFile);
        int exit = report.problem() != null ? ExitCode.FAILED
                : report.interrupted() ? ExitCode.INTERRUPTED : ExitCode.OK;
        return new Stopped(exit, report.problem(), null, resultFile.toString());
    }

    /** One line as each rate ends, so a long run shows its progress. */
    private OpenLoopReport.CallResult printed(OpenLoopReport.CallResult result) {
        String why = result.problem() != null ? result.problem() : result.rateNotKept();
        Double server = result.cost(CallCost.SERVER_CPU);
        Double client = result.cost(CallCost.CLIENT_CPU);
        out.println(String.format(Locale.ROOT, "%s at %,.0f calls/s: %,.0f achieved, p99 %.3f ms%s%s", result.call(),
                result.targetRate(), result.achievedRate(), result.responseTime().p99(),
                server == null || client == null ? "" : String.format(Locale.ROOT,
                        ", CPU per call: server %.1f µs, client %.1f µs", server, client),
                why == null ? "" : ": " + why));
        return result;
    }

    private Options jmhOptions(JmhRun run, Path logFile) {
        ChainedOptionsBuilder jmh = new OptionsBuilder()
                .warmupIterations(options.warmupIterations())
                .warmupTime(timeValue(options.warmupTime()))
                .measurementIterations(options.measurementIterations())
                .measurementTime(timeValue(options.measurementTime()))
                .forks(options.forks())
                .threads(run.threads())
                .shouldFailOnError(true)
                .jvmArgs(ForkJvm.args(options.target(), logFile).toArray(String[]::new));
        for (Scenario scenario : run.scenarios()) {
            List<String> selected = scenario.selected(options.benchmarks());
            if (!selected.isEmpty()) {
                jmh.include(scenario.includePattern(selected));
            }
        }
        if (run.scenarios().contains(Scenario.ECHO)) {
            jmh.param("payload", run.payloads().toArray(String[]::new));
        }
        for (String label : options.modes()) {
            jmh.mode(Stream.of(Mode.values()).filter(mode -> mode.shortLabel().equals(label)).findFirst()
                    .orElseThrow());
        }
        jmh.addProfiler(CallCostProfiler.class);
        if (options.profileDirectory() != null) {
            jmh.addProfiler(ForkProfiler.class, options.profileDirectory().toAbsolutePath().toString());
        }
        if (options.gcProfiler()) {
            jmh.addProfiler("gc");
        }
        return jmh.build();
    }

    /** The connection's UserService, paying the injected cost when there is one. */
    private UserService users(StackConnection connection) {
        return injected == null ? connection.userService() : injected.users(connection.userService());
    }

    /** JMH's own time value, in the unit the option was given in, so that JMH prints it as given. */
    static TimeValue timeValue(JmhTime time) {
        return new TimeValue(time.amount(), time.unit());
    }

    /** Every run's results in one file, by JMH's own writer, moved into place only once complete. */
    private static void write(Path file, Collection<RunResult> results, ResultFormatType format) throws IOException {
        writeText(file, format(results, format));
    }

    private static String format(Collection<RunResult> results, ResultFormatType format) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream stream = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(format, stream).writeOut(results);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static void writeText(Path file, String text) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path partial = Files.createTempFile(file.toAbsolutePath().getParent(), "." + file.getFileName(), ".partial");
        try {
            Files.writeString(partial, text, StandardCharsets.UTF_8);
            RecordFiles.move(partial, file);
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    /** The pair a client module belongs to: {@code dubbo-kryo} for {@code dubbo-kryo-client}. */
    static String pairOf(String clientModule) {
        return clientModule.endsWith(CLIENT_SUFFIX)
                ? clientModule.substring(0, clientModule.length() - CLIENT_SUFFIX.length()) : clientModule;
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
