package org.rpcbench.server;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

import org.rpcbench.api.EchoService;
import org.rpcbench.api.InjectCostOption;
import org.rpcbench.api.InjectedCost;
import org.rpcbench.api.UserService;
import org.rpcbench.contract.Durations;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.Hosts;
import org.rpcbench.contract.JvmSeriesFeed;
import org.rpcbench.contract.LauncherWatch;
import org.rpcbench.contract.OptionNames;
import org.rpcbench.contract.RecordFileOptions;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.RegistryAddress;
import org.rpcbench.contract.RunFiles;
import org.rpcbench.contract.ServerReady;
import org.rpcbench.contract.StopSignals;
import org.rpcbench.contract.Stopped;
import org.rpcbench.profiling.ProfileRecording;
import org.rpcbench.soak.JvmSampler;
import org.rpcbench.stack.ProcessCounters;
import org.rpcbench.stack.RunningServer;
import org.rpcbench.stack.ServedServices;
import org.rpcbench.stack.ServerSample;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.ServerStack;
import org.rpcbench.stack.Stacks;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Serves the benchmark through the module's stack until SIGTERM or Ctrl-C (or until the runner that started it is
 * gone), then stops it and exits 0. It writes its ready record once it serves and its stop record when it ends, each
 * where the launcher asked.
 */
@Command(name = "server", sortOptions = false, usageHelpAutoWidth = true,
        description = "Serves the benchmark's services through this module's stack until SIGTERM or Ctrl-C.")
public final class BenchmarkServer {

    @Option(names = OptionNames.HOST, description = "address to bind, exactly this one (default: ${DEFAULT-VALUE})")
    String host = "127.0.0.1";

    @Option(names = OptionNames.PORT, description = "port to bind (default: ${DEFAULT-VALUE})")
    int port = 8080;

    @Option(names = OptionNames.REGISTRY, paramLabel = "registry",
            description = "register at this ZooKeeper, zookeeper://host:port, or at an embedded one started with the"
                    + " server (zookeeper: a free port on --host, named in the ready line, removed when the server"
                    + " stops); default: none, clients connect directly")
    String registry;

    @Option(names = OptionNames.LOG, paramLabel = "file",
            description = "the stack's log file (default logs/<module>-<UTC time>.log)")
    Path log;

    @Mixin
    RecordFileOptions records = new RecordFileOptions();

    @Option(names = "--stall", paramLabel = "length@after", description = "for tests and demonstrations: once, this"
            + " long after the first call, every call waits until a pause of this length has passed, as in a long GC"
            + " pause, e.g. 500ms@20s")
    String stall;

    @Mixin
    InjectCostOption injectCost = new InjectCostOption();

    @Option(names = "--retain-requests", paramLabel = "n", description = "for tests and demonstrations of the soak"
            + " verdict: keep every n-th echo request (1: every one) until the server stops, as a leaking cache would")
    Integer retainEvery;

    @Option(names = OptionNames.JVM_SAMPLES, paramLabel = "file", description = "sample this JVM (heap and old"
            + " generation after each GC, collections, full GCs, threads, open files, CPU, RSS, direct buffers) every"
            + " --sample-every into this file, a JSON line per sample, each flushed as taken (for a soak's verdict)")
    Path jvmSamples;

    @Option(names = OptionNames.SAMPLE_EVERY, paramLabel = "time", description = "with --jvm-samples: the interval"
            + " (default: 5s)")
    String sampleEvery;

    @Option(names = OptionNames.LIVE_SET_EVERY, paramLabel = "time", description = "with --jvm-samples: how often a"
            + " sample also measures the live set, the heap after a full GC it asks for (default: never)")
    String liveSetEvery;

    @Option(names = OptionNames.PROFILE, paramLabel = "file", description = "record CPU and allocation samples from"
            + " the ready record until the server stops into this JFR file: async-profiler where its library loads,"
            + " the JDK's Flight Recorder otherwise")
    Path profile;

    @Option(names = "--help", usageHelp = true, description = "show this help")
    boolean help;

    private static final Duration DEFAULT_SAMPLE_INTERVAL = Duration.ofSeconds(5);

    private BenchmarkServer() {
    }

    public static void main(String[] args) throws Exception {
        // exit explicitly: a stack's non-daemon threads would keep a JVM with a failed server alive
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        BenchmarkServer server = new BenchmarkServer();
        CommandLine command = new CommandLine(server);
        try {
            command.parseArgs(args);
            if (server.registry != null && !RegistryAddress.EMBEDDED.equals(server.registry)) {
                try {
                    RegistryAddress.parse(server.registry);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("option registry: " + e.getMessage());
                }
            }
            try {
                Hosts.check(server.host);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("option host: " + e.getMessage());
            }
            if (server.stall != null) {
                Stall.parse(server.stall);
            }
            server.injectCost.cost();
            server.sampleInterval();
            server.liveSetInterval();
            if (server.retainEvery != null && server.retainEvery < 1) {
                throw new IllegalArgumentException("option retain-requests: " + server.retainEvery + " is below 1");
            }
        } catch (CommandLine.ParameterException e) {
            err.println("error: " + e.getMessage() + " (see --help)");
            return ExitCode.USAGE;
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.USAGE;
        }
        if (server.help) {
            command.usage(out);
            return ExitCode.OK;
        }
        return server.serve(out, err);
    }

    private int serve(PrintStream out, PrintStream err) throws Exception {
        String module = RunFiles.moduleName(BenchmarkServer.class, "server");
        Path logFile = RunFiles.logTo(log != null ? log : Path.of("logs", module + "-" + RunFiles.utcStamp() + ".log"));
        RecordFiles.warmUp();
        CountDownLatch stop = StopSignals.install();
        LauncherWatch.onLauncherExit(stop::countDown);

        ServerStack stack = Stacks.server();
        RequestLeak leak = retainEvery == null ? null : new RequestLeak(retainEvery);
        RunningServer running;
        try {
            running = stack.start(new ServerSettings(host, port, registry),
                    services(stall == null ? null : Stall.parse(stall), leak,
                            injectCost.cost()));
        } catch (IllegalArgumentException e) {
            // the stack cannot do what it was asked (a registry it has none of): bad input, not a failure
            err.println("error: " + e.getMessage());
            records.writeStopped(Stopped.failed(ExitCode.USAGE, e.getMessage()));
            return ExitCode.USAGE;
        } catch (RuntimeException e) {
            err.println("error: " + e.getMessage());
            err.println("log: " + logFile);
            records.writeStopped(Stopped.failed(ExitCode.FAILED, e.getMessage()));
            return ExitCode.FAILED;
        }
        ProfileRecording recording;
        try {
            recording = profile == null ? null : ProfileRecording.start(profile);
        } catch (IOException | IllegalArgumentException e) {
            err.println("error: option profile: " + e.getMessage());
            running.close();
            records.writeStopped(Stopped.failed(ExitCode.USAGE, "option profile: " + e.getMessage()));
            return ExitCode.USAGE;
        }
        // the series exists before the ready record: a soaking client checks its --server-samples file at once
        JvmSampler sampler = jvmSamples == null ? null
                : JvmSampler.start(jvmSamples, sampleInterval(), null, liveSetInterval());
        JvmSeriesFeed feed;
        try {
            // served at the address the clients reach: they judge it from wherever they run
            feed = jvmSamples == null ? null : JvmSeriesFeed.serve(jvmSamples, host);
        } catch (UncheckedIOException e) {
            err.println("error: " + e.getMessage());
            sampler.close();
            if (recording != null) {
                recording.close();
            }
            running.close();
            records.writeStopped(Stopped.failed(ExitCode.FAILED, e.getMessage()));
            return ExitCode.FAILED;
        }
        ServerReady ready = new ServerReady(stack.name(), host, port, running.protocol(), running.serialization(),
                running.registry(), running.versions(), running.details(), logFile.toString(),
                ProcessHandle.current().pid(), feed == null ? null : feed.address());
        records.writeReady(ready);
        out.println(ready.consoleLine());
        if (stall != null) {
            out.println(Stall.parse(stall).describe());
        }
        if (leak != null) {
            out.println(leak.describe());
        }
        if (injectCost.cost() != null) {
            out.println(injectCost.cost().describe());
        }
        if (jvmSamples != null) {
            out.println("jvm samples: every " + Durations.format(sampleInterval()) + (liveSetInterval() == null ? ""
                    : ", the live set every " + Durations.format(liveSetInterval())) + " to " + jvmSamples
                    + ", served at " + feed.address());
        }
        if (recording != null) {
            out.println("profile: " + recording.tool() + " to " + recording.file());
        }
        out.flush();

        stop.await();
        if (sampler != null) {
            feed.close();
            sampler.close();
        }
        if (recording != null) {
            recording.close();
        }
        running.close();
        Stopped stopped = Stopped.server(running.callsByWireFormat());
        records.writeStopped(stopped);
        out.println(stopped.serverLine());
        return ExitCode.OK;
    }

    private Duration sampleInterval() {
        try {
            return sampleEvery == null ? DEFAULT_SAMPLE_INTERVAL : Durations.parse(sampleEvery);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option sample-every: " + e.getMessage());
        }
    }

    private Duration liveSetInterval() {
        try {
            return liveSetEvery == null ? null : Durations.parse(liveSetEvery);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option live-set-every: " + e.getMessage());
        }
    }

    /** The benchmark's implementations, and the server's own account of what it spent, for any stack to serve. */
    public static ServedServices services() {
        return services(null, null, null);
    }

    /**
     * The same, every call going through the stall first when there is one, echoes kept when leaking, the injected
     * cost paid by its call.
     */
    static ServedServices services(Stall stall, RequestLeak leak, InjectedCost injected) {
        EchoServiceServerImpl echo = new EchoServiceServerImpl();
        UserService users = injected == null ? new UserServiceServerImpl()
                : injected.users(new UserServiceServerImpl());
        EchoService served = leak == null ? echo : leak.echo(echo);
        return new ServedServices(stall == null ? users : stall.users(users),
                stall == null ? served : stall.echo(served),
                () -> new ServerSample(ProcessCounters.cpuNanos(), ProcessCounters.threadsCpuNanos(),
                        ProcessCounters.allocatedBytes(), System.nanoTime(), Runtime.getRuntime().availableProcessors(),
                        ProcessCounters.machine(), echo.cpuBoundCallsByThread()));
    }
}
