package org.rpcbench.client.jmh;

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
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.BenchmarkResult;
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
import org.rpcbench.client.cost.CallCostProfiler;
import org.rpcbench.client.load.Load;
import org.rpcbench.client.load.Session;
import org.rpcbench.client.options.jmh.JmhRun;
import org.rpcbench.client.options.jmh.JmhSettings;
import org.rpcbench.client.options.jmh.Scenario;
import org.rpcbench.client.options.values.JmhTime;
import org.rpcbench.client.server.ServerWatch;
import org.rpcbench.contract.ClientReady;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.LockstepAddress;
import org.rpcbench.contract.OptionNames;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.Stopped;
import org.rpcbench.results.PairTable;
import org.rpcbench.results.SeedFigures;
import org.rpcbench.stack.StreamDirection;
import org.rpcbench.stack.Target;

/**
 * JMH's benchmarks, with fail-on-error, once per thread level or preset step, every fork proving its own wire; the
 * run fails unless every benchmark produced a score. Ends with a table in the seed reports' shape and what the
 * server spent.
 */
public final class JmhLoad implements Load {

    private static final String CLIENT_SUFFIX = "-client";

    private final JmhSettings settings;
    private final Target target;
    private final boolean concurrentConsumer;
    /** The client's {@code --inject-cost}, which the benchmarks pay as well; null for none. */
    private final String injectCost;
    /** The client's module, whose pair the table is named after. */
    private final String module;
    /** The consumers' meeting point, when this client hosts it; null otherwise. */
    private LockstepHost lockstepHost;

    /**
     * @param concurrentConsumer whether this client is one of several consumers run at once on purpose
     * @throws IllegalArgumentException when the settings cannot be written as asked
     */
    public JmhLoad(JmhSettings settings, Target target, boolean concurrentConsumer, String injectCost,
            String module) {
        if (settings.runs().size() > 1 && !"json".equals(settings.resultFormat())) {
            throw new IllegalArgumentException("option resultFormat: a run of several thread levels,"
                    + " preset steps, or the stream scenario beside others is written as json");
        }
        this.settings = settings;
        this.target = target;
        this.concurrentConsumer = concurrentConsumer;
        this.injectCost = injectCost;
        this.module = module;
    }

    @Override
    public Set<StreamDirection> streamDirections() {
        return settings.runs().stream().flatMap(run -> run.streamDirections().stream())
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(StreamDirection.class)));
    }

    @Override
    public List<String> plan() {
        return settings.runs().stream().map(JmhRun::toString).toList();
    }

    @Override
    public void prepare(PrintStream out) {
        if (concurrentConsumer) {
            System.setProperty("jmh.ignoreLock", "true");
        }
        JmhSettings.Lockstep lockstep = settings.lockstep();
        if (lockstep != null) {
            LockstepAddress meetAt = lockstep.meetAt();
            if (lockstep.host() != null) {
                // hosted here before the wire check, so that the runner starts the other consumers meanwhile
                lockstepHost = LockstepHost.open(lockstep.host(), lockstep.consumers());
                meetAt = lockstepHost.address();
                RecordFiles.write(lockstep.addressFile(), meetAt);
                out.println("lockstep: the " + lockstep.consumers() + " consumers meet at " + meetAt);
            }
            // read where the iterations begin: in each fork (ForkJvm passes them on), or here with --forks 0
            Lockstep.systemProperties(meetAt).forEach(System::setProperty);
        }
        if (settings.preset() != null) {
            out.println("preset: " + settings.preset().description());
        }
        if (injectCost != null) {
            // the JMH forks pay it too (ForkJvm passes it on), or this JVM with --forks 0
            System.setProperty(ForkJvm.INJECT_COST_PROPERTY, injectCost);
        }
    }

    /** The meeting point this client hosted, closed: the other consumers, if any still meet, go on alone. */
    @Override
    public void close() {
        if (lockstepHost != null) {
            lockstepHost.close();
        }
    }

    @Override
    public Stopped run(Session session) throws IOException {
        PrintStream out = session.out();
        if (settings.forks() == 0) {
            session.err().println("warning: --forks 0 measures inside this client's JVM (-Xmx512m, beside its wire"
                    + " check and JMH's own work): figures for debugging, not for comparing; its CPU per call is not"
                    + " reported");
        }
        session.ready(ClientReady.JMH);
        Path resultFile = session.resultFile();
        List<RunResult> results = new ArrayList<>();
        List<JmhRun> runs = settings.runs();
        Path jmhLog = resultFile.resolveSibling(resultFile.getFileName() + ".jmh.log");
        JmhConsole console = new JmhConsole(out, jmhLog);
        try (PrintStream jmhOut = new PrintStream(console, true, StandardCharsets.UTF_8)) {
            OutputFormat format = OutputFormatFactory.createFormatInstance(jmhOut, VerboseMode.NORMAL);
            Map<Integer, List<String>> modesByIterations = settings.modesByIterations();
            int invocations = runs.size() * modesByIterations.size();
            int invocation = 0;
            for (JmhRun run : runs) {
                for (Map.Entry<Integer, List<String>> modes : modesByIterations.entrySet()) {
                    invocation++;
                    out.println("== run " + invocation + " of " + invocations + ": " + run
                            + (modes.getValue().isEmpty() ? "" : ", " + String.join(" and ", modes.getValue()))
                            + ", " + modes.getKey() + " measured iterations");
                    results.addAll(new Runner(jmhOptions(run, modes.getValue(), modes.getKey(),
                            session.logFile()), format).run());
                }
            }
        } catch (RunnerException e) {
            return Stopped.failed(ExitCode.FAILED, failure(e, console.firstFailure(), jmhLog));
        }
        String unusable = unusableResult(results);
        if (unusable != null) {
            return Stopped.failed(ExitCode.FAILED, unusable);
        }
        writeText(resultFile, format(results, ResultFormatType.valueOf(settings.resultFormat()
                .toUpperCase(Locale.ROOT))));
        String table = PairTable.markdown(format(results, ResultFormatType.JSON), settings.preset() == null ? null
                : SeedFigures.ofPreset(settings.preset().key()).orElse(null), pairOf(module));
        Path tableFile = resultFile.resolveSibling(resultFile.getFileName() + ".md");
        writeText(tableFile, table);
        out.println();
        out.print(table);
        out.println(session.serverLoad(settings.forks() == 0 ? OptionalLong.empty() : ForkJvm.cpuNanos(),
                clientCalls(results)));
        out.println("results: " + resultFile);
        out.println("table: " + tableFile);
        out.println("log: " + session.logFile());
        return new Stopped(ExitCode.OK, null, null, resultFile.toString());
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
        String server = ServerWatch.state(target);
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

    /** One JMH invocation: the run's benchmarks in these modes (none: each benchmark's own), measured so often. */
    private Options jmhOptions(JmhRun run, List<String> modes, int measurementIterations, Path logFile) {
        ChainedOptionsBuilder jmh = new OptionsBuilder()
                .warmupIterations(settings.warmupIterations())
                .warmupTime(timeValue(settings.warmupTime()))
                .measurementIterations(measurementIterations)
                .measurementTime(timeValue(settings.measurementTime()))
                .forks(settings.forks())
                .threads(run.threads())
                .shouldFailOnError(true)
                .jvmArgs(ForkJvm.args(target, logFile).toArray(String[]::new));
        for (Scenario scenario : run.scenarios()) {
            List<String> selected = run.selected(scenario, settings.benchmarks());
            if (!selected.isEmpty()) {
                jmh.include(scenario.includePattern(selected));
            }
        }
        if (run.sendsPayloads()) {
            jmh.param("payload", run.payloads().toArray(String[]::new));
        }
        if (run.streamMessages() > 0) {
            // each message an operation: throughput in messages, sample and average time per message
            jmh.param("messages", String.valueOf(run.streamMessages()));
            jmh.operationsPerInvocation(run.streamMessages());
        }
        for (String label : modes) {
            jmh.mode(Stream.of(Mode.values()).filter(mode -> mode.shortLabel().equals(label)).findFirst()
                    .orElseThrow());
        }
        jmh.addProfiler(CallCostProfiler.class);
        if (settings.profile() != null) {
            jmh.addProfiler(ForkProfiler.class, settings.profile().toAbsolutePath().toString());
        }
        if (settings.gc()) {
            jmh.addProfiler("gc");
        }
        return jmh.build();
    }

    /** JMH's own time value, in the unit the option was given in, so that JMH prints it as given. */
    static TimeValue timeValue(JmhTime time) {
        return new TimeValue(time.amount(), time.unit());
    }

    private static String format(Collection<RunResult> results, ResultFormatType format) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream stream = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(format, stream).writeOut(results);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** Every run's results (or its table) in one file, moved into place only once complete. */
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
    private static String pairOf(String clientModule) {
        return clientModule.endsWith(CLIENT_SUFFIX)
                ? clientModule.substring(0, clientModule.length() - CLIENT_SUFFIX.length()) : clientModule;
    }

    /** What makes the results unusable, or null when every benchmark has a positive score. */
    private static String unusableResult(Collection<RunResult> results) {
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

    /** The calls JMH's forks made for these results, warmups included. */
    private static long clientCalls(Collection<RunResult> results) {
        return results.stream().flatMap(result -> result.getBenchmarkResults().stream())
                .map(BenchmarkResult::getMetadata)
                .filter(Objects::nonNull)
                .mapToLong(metadata -> metadata.getWarmupOps() + metadata.getMeasurementOps())
                .sum();
    }
}
