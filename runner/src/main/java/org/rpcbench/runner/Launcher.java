package org.rpcbench.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.rpcbench.client.options.ClientOptions;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.Hosts;
import org.rpcbench.contract.JvmRole;
import org.rpcbench.contract.OptionNames;
import org.rpcbench.contract.RegistryAddress;
import org.rpcbench.contract.RunFiles;
import org.rpcbench.contract.RunRecord;
import org.rpcbench.contract.ServerReady;
import org.rpcbench.contract.Stopped;
import org.rpcbench.profiling.FlameGraphs;
import org.rpcbench.runner.arguments.ArgumentWords;
import org.rpcbench.runner.arguments.ModuleArguments;
import org.rpcbench.runner.kubernetes.KubernetesCluster;
import org.rpcbench.runner.pair.ConsoleFiles;
import org.rpcbench.runner.pair.PairRun;
import org.rpcbench.runner.pair.Topology;
import org.rpcbench.runner.placement.Placement;
import org.rpcbench.runner.process.CpuPinning;
import org.rpcbench.runner.process.JvmExecutor;
import org.rpcbench.runner.process.JvmLauncher;
import org.rpcbench.runner.process.JvmOptions;
import org.rpcbench.runner.process.Suite;
import org.rpcbench.runner.process.ZooKeeperProcess;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import sun.misc.Signal;

/**
 * What {@code benchmark.sh} runs once the jars are built: one module (a server or a client, on this terminal), a
 * pair (server, client, stop), the registry's programs, or a subcommand (run-all, ab, flamediff here; report, compare
 * and history from the modules above, which hand theirs in through {@link #commandLine}). It starts every JVM itself,
 * with its role's flags, and knows no stack: modules and pairs are found in the suite's directory.
 */
@Command(name = "benchmark.sh", usageHelpWidth = 118, sortOptions = false, separator = " ",
        synopsisHeading = "",
        customSynopsis = {
            "usage: benchmark.sh [-m benchmark|profiling] [-s host] [-p port] [-r registry] [-f result-file]"
                    + " [-a \"args\"] <module> [-- args...]",
            "       benchmark.sh run-all [--length quick|default|nightly] [--pairs a,b] [--scenario s] [-p port]"
                    + " [-a \"args\"] [-r registry] [--topology NxM] [--fault sigterm|sigkill]",
            "       benchmark.sh report <run-dir | result.json...>",
            "       benchmark.sh compare <baseline> <candidate>",
            "       benchmark.sh ab [--pairs a,b] [--trials n] [-a \"args\"] <baseline> <candidate>",
            "       benchmark.sh history append|check|report --file history.jsonl [run-dir | ab-dir]",
            "       benchmark.sh flamediff <run-a> <run-b>            where two profiling runs spent differently",
            "       benchmark.sh [-s host] [-p port] zookeeper          an embedded ZooKeeper until Ctrl-C (default:"
                    + " a free port)",
            "       benchmark.sh [-r zookeeper://host:port] [-a \"args\"] registry-latency",
        },
        description = {
            "",
            "Start a pair's server, wait for its ready line, then run the pair's client in another terminal:",
            "  benchmark.sh <pair>-server",
            "  benchmark.sh <pair>-client",
            "or do all three in one go, the server stopped at the end (its output goes to logs/):",
            "  benchmark.sh <pair>",
            "An unknown module lists the modules there are.",
            ""},
        footer = {
            "",
            "run-all runs every pair (or --pairs) in turn into results/<run-id>/ with run.json; report writes"
                    + " report.md and report.html for a run; compare is the regression gate (exit 0 none, 1"
                    + " regression, 2 unusable input); ab measures two commits in one job, trial by trial, and"
                    + " judges the candidate with intervals (the same exit codes); history keeps every night's"
                    + " figures, finds where they stepped and draws them on a page; registry-latency measures how"
                    + " long providers take to register and to reach a subscribed consumer. Each takes --help"
                    + " (registry-latency and zookeeper through -a --help).",
        })
public final class Launcher implements Callable<Integer> {

    static final String ZOOKEEPER = "zookeeper";
    static final String REGISTRY_LATENCY = "registry-latency";
    private static final String REGISTRY_LATENCY_MAIN = "org.rpcbench.registry.RegistryLatency";
    /** A pair run from the command line has no time limit: its user stops it. */
    private static final Duration UNTIL_IT_ENDS = Duration.ofDays(365);

    @Spec
    CommandSpec spec;

    @Option(names = "--root", hidden = true, description = "the suite's directory (benchmark.sh sets it)")
    Path root = Path.of(".");

    @Option(names = "-m", paramLabel = "mode", description = "benchmark (default), or profiling: record CPU and"
            + " allocation samples of the server and of every client fork (async-profiler where it loads, JFR"
            + " otherwise) into results/, and print their flame graphs' paths")
    String mode = "benchmark";

    @Option(names = "-s", paramLabel = "host", description = "server: address to bind; client: server to connect to"
            + " (default 127.0.0.1)")
    String host = "127.0.0.1";

    @Option(names = "-p", paramLabel = "port", description = "server port (default 8080)")
    String port;

    @Option(names = "-r", paramLabel = "registry", description = "server: register at zookeeper://host:port, or at"
            + " an embedded ZooKeeper started with it (zookeeper); client: find the providers at"
            + " zookeeper://host:port; pair: either, the client told where")
    String registry;

    @Option(names = "-f", paramLabel = "file", description = "client: JMH result file (default"
            + " results/<module>-<UTC time>.json)")
    Path resultFile;

    @Option(names = "-a", paramLabel = "args", parameterConsumer = ModuleArguments.class,
            description = "more arguments for the module, e.g. -a \"--threads 8 --forks 2\" (quotes keep a word"
                    + " whole; -a --help lists them)")
    String moduleArgs = "";

    /** pair: the server's and the client's CPUs. */
    @Mixin
    CpuPinning cpus = new CpuPinning();

    /** A server's, a client's or a pair's JDK and added JVM flags. */
    @Mixin
    JvmOptions jvmOptions = new JvmOptions();

    /** pair: here, on SSH hosts, or in pods. */
    @Mixin
    Placement placement = new Placement();

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;

    @Parameters(index = "0", arity = "0..1", paramLabel = "module",
            description = "a pair's -server or -client module, a pair, zookeeper or registry-latency")
    String module;

    @Parameters(index = "1..*", paramLabel = "args", description = "after --: more arguments for the module, each"
            + " passed as it is")
    List<String> passedArgs = new ArrayList<>();

    private final KubernetesCluster cluster;
    private Suite suite;
    /** Starts the JVMs of this command, with the JDK and flags given for each side. */
    private JvmLauncher jvms;

    private Launcher(KubernetesCluster cluster) {
        this.cluster = cluster;
    }

    /**
     * benchmark.sh's command line: this launcher with the subcommands given, listed in their order, writing to out
     * and err, a pair's pods on {@code cluster}; a usage error is one line and exit 2.
     */
    public static CommandLine commandLine(PrintStream out, PrintStream err, KubernetesCluster cluster,
            List<Object> subcommands) {
        CommandLine commandLine = new CommandLine(new Launcher(cluster));
        subcommands.forEach(commandLine::addSubcommand);
        // after the subcommands: what is set here reaches only those already added
        commandLine.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8))
                .setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        commandLine.setParameterExceptionHandler((e, arguments) -> {
            boolean top = e.getCommandLine().getCommandSpec().parent() == null;
            String message = e instanceof CommandLine.UnmatchedArgumentException unmatched
                    && !unmatched.getUnmatched().isEmpty() && unmatched.getUnmatched().get(0).startsWith("-")
                    ? "unknown option " + unmatched.getUnmatched().get(0) : e.getMessage();
            e.getCommandLine().getErr().println(top ? "benchmark.sh: " + message + " (see -h)"
                    : "error: " + message + " (see --help)");
            return ExitCode.USAGE;
        });
        return commandLine;
    }

    /**
     * A subcommand's command line as its user typed it, for the records: benchmark.sh, the subcommand and what
     * followed it (the launcher's own --root, which benchmark.sh adds, left out).
     */
    public static List<String> typed(CommandSpec subcommand) {
        List<String> args = subcommand.commandLine().getParseResult().originalArgs();
        List<String> command = new ArrayList<>(List.of("benchmark.sh", subcommand.name()));
        command.addAll(args.subList(args.indexOf(subcommand.name()) + 1, args.size()));
        return command;
    }

    public Suite suite() {
        if (suite == null) {
            suite = new Suite(root);
        }
        return suite;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        List<String> modules = new ArrayList<>(suite().pairModules());
        modules.addAll(suite().pairs());
        modules.addAll(List.of(ZOOKEEPER, REGISTRY_LATENCY));
        String known = String.join(" ", modules);
        if (module == null) {
            return usage("name one module (see -h); modules: " + known);
        }
        boolean registryProgram = ZOOKEEPER.equals(module) || REGISTRY_LATENCY.equals(module);
        if (!modules.contains(module)) {
            return usage("unknown module '" + module + "'; modules: " + known);
        }
        if (registryProgram && resultFile != null) {
            return usage("option -f applies to a client, not to " + module);
        }
        if (!"benchmark".equals(mode) && !"profiling".equals(mode)) {
            return usage("option -m: '" + mode + "' is not benchmark or profiling");
        }
        if (port != null && (!port.matches("\\d{1,5}") || Integer.parseInt(port) < 1
                || Integer.parseInt(port) > 65535)) {
            return usage("option -p: '" + port + "' is not a port number");
        }
        try {
            Hosts.check(host);
        } catch (IllegalArgumentException e) {
            return usage("option -s: " + e.getMessage());
        }
        if (registry != null && !RegistryAddress.EMBEDDED.equals(registry)) {
            try {
                RegistryAddress.parse(registry);
            } catch (IllegalArgumentException e) {
                return usage("option -r: '" + registry + "' is not zookeeper or zookeeper://host:port");
            }
        }
        if (resultFile != null && !Suite.isClient(module) && !suite().pairs().contains(module)) {
            return usage("option -f applies to a client, not to " + module);
        }
        if (cpus.pinned() && !suite().pairs().contains(module)) {
            return usage("options " + CpuPinning.SERVER_CPUS + " and " + CpuPinning.CLIENT_CPUS + " apply to a pair,"
                    + " not to " + module + " (run it under taskset -c)");
        }
        try {
            cpus.check();
            placement.check();
        } catch (IllegalArgumentException e) {
            return usage(e.getMessage());
        }
        if (placement.remote() && !suite().pairs().contains(module)) {
            return usage("option --on " + placement.on() + " applies to a pair, not to " + module);
        }
        if (placement.kubernetes() && (jvmOptions.given() || cpus.pinned())) {
            return usage("option --on k8s: the pods run the image's java with the role's flags on --pod-cpus; drop"
                    + " the JVM options and the CPU lists");
        }
        if (registryProgram && jvmOptions.given()) {
            return usage("the JVM options (--server-jvm-args, --client-java, ...) apply to a server, a client or a"
                    + " pair, not to " + module);
        }
        try {
            jvms = new JvmLauncher(suite(), Path.of("").toAbsolutePath(), jvmOptions.servers(), jvmOptions.clients());
        } catch (IllegalArgumentException e) {
            return usage(e.getMessage());
        }
        List<String> args;
        try {
            args = new ArrayList<>(ArgumentWords.split(moduleArgs));
        } catch (IllegalArgumentException e) {
            return usage("option -a: " + e.getMessage());
        }
        args.addAll(passedArgs);
        return switch (module) {
            case ZOOKEEPER -> foreground(JvmLauncher.Jvm.of(ZooKeeperProcess.MODULE, ZooKeeperProcess.MAIN,
                    JvmRole.ZOOKEEPER, zookeeperArgs(args)));
            case REGISTRY_LATENCY -> foreground(JvmLauncher.Jvm.of(ZooKeeperProcess.MODULE, REGISTRY_LATENCY_MAIN,
                    JvmRole.TOOL, registryLatencyArgs(args)));
            default -> Suite.isServer(module) ? server(args) : Suite.isClient(module) ? client(args) : pair(args);
        };
    }

    private int usage(String message) {
        spec.commandLine().getErr().println("benchmark.sh: " + message);
        return ExitCode.USAGE;
    }

    private int port() {
        return port == null ? 8080 : Integer.parseInt(port);
    }

    /** ZooKeeper binds -s, and -p only when given: a free port otherwise. */
    private List<String> zookeeperArgs(List<String> args) {
        List<String> all = new ArrayList<>(List.of(OptionNames.HOST, host));
        if (port != null) {
            all.addAll(List.of(OptionNames.PORT, port));
        }
        all.addAll(args);
        return all;
    }

    /** -r zookeeper, like no -r, measures an embedded ZooKeeper. */
    private List<String> registryLatencyArgs(List<String> args) {
        List<String> all = new ArrayList<>();
        if (registry != null && !RegistryAddress.EMBEDDED.equals(registry)) {
            all.addAll(List.of(OptionNames.REGISTRY, registry));
        }
        all.addAll(args);
        return all;
    }

    private List<String> endpointArgs() {
        List<String> all = new ArrayList<>(List.of(OptionNames.HOST, host, OptionNames.PORT, String.valueOf(port())));
        if (registry != null) {
            all.addAll(List.of(OptionNames.REGISTRY, registry));
        }
        return all;
    }

    private int server(List<String> args) throws IOException, InterruptedException {
        List<String> all = endpointArgs();
        all.addAll(args);
        Path recording = profiling() ? serverRecording(module) : null;
        if (recording != null) {
            all.addAll(List.of(OptionNames.PROFILE, recording.toString()));
        }
        int exit = foreground(JvmLauncher.Jvm.of(module, JvmRole.SERVER, all));
        if (recording != null && Files.isRegularFile(recording)) {
            convertAndPrint(() -> List.of(FlameGraphs.convert(recording, "server :" + port(), Path::toString)));
        }
        return exit;
    }

    private int client(List<String> args) throws IOException, InterruptedException {
        List<String> all = endpointArgs();
        if (resultFile != null) {
            all.addAll(List.of(OptionNames.RESULT_FILE, resultFile.toString()));
        }
        Path recordings = profiling() ? clientRecordings(module) : null;
        if (recordings != null) {
            all.addAll(List.of(OptionNames.PROFILE, recordings.toString()));
        }
        all.addAll(args);
        if (!args.contains("--help")) {
            try {
                ClientOptions.parse(all);
            } catch (IllegalArgumentException e) {
                spec.commandLine().getErr().println("error: " + e.getMessage() + " (see -a --help)");
                return ExitCode.USAGE;
            }
        }
        int exit = foreground(JvmLauncher.Jvm.of(module, JvmRole.CLIENT, all));
        if (recordings != null) {
            convertAndPrint(() -> FlameGraphs.convertAll(recordings,
                    recording -> "client " + PairRun.forkName(recordings, recording), Path::toString));
        }
        return exit;
    }

    /** The pair's server in the background until its ready record, then the client here, then the server stops. */
    private int pair(List<String> args) throws IOException, InterruptedException {
        String stamp = RunFiles.utcStamp();
        List<String> clientArgs = new ArrayList<>(args);
        List<String> checked = new ArrayList<>(clientArgs);
        checked.addAll(List.of(OptionNames.HOST, host, OptionNames.PORT, String.valueOf(port())));
        if (resultFile != null) {
            checked.addAll(List.of(OptionNames.RESULT_FILE, resultFile.toString()));
        }
        try {
            ClientOptions.parse(checked);
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("error: " + e.getMessage() + " (see -a --help)");
            return ExitCode.USAGE;
        }
        Path logs = suite().root().resolve("logs");
        Files.createDirectories(logs);
        PrintWriter out = spec.commandLine().getOut();
        // a remote client's result comes back to where it was asked for, or to the client's own default here
        Path result = !placement.remote() ? resultFile : (resultFile != null ? resultFile
                : results().resolve(module + "-client-" + stamp + ".json")).toAbsolutePath();
        JvmExecutor.Session executor;
        try {
            executor = placement.open(module + "-" + stamp, cluster, out::println);
        } catch (IOException e) {
            spec.commandLine().getErr().println("benchmark.sh: " + e.getMessage());
            return ExitCode.FAILED;
        }
        try (executor) {
            return pair(jvms.withExecutor(executor), stamp, clientArgs, logs, result);
        }
    }

    private int pair(JvmLauncher launcher, String stamp, List<String> clientArgs, Path logs, Path result)
            throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PairRun pairRun = new PairRun(launcher,
                new PairRun.Plan(module, host, port(), registry, Topology.SINGLE, clientArgs, List.of(), null,
                        UNTIL_IT_ENDS, cpus.serverCpus(), cpus.clientCpus(), profiling()),
                new ConsoleFiles(logs, module, stamp, result, results()));
        for (String signal : List.of("INT", "TERM")) {
            Signal.handle(new Signal(signal), received -> {
                try {
                    pairRun.abort();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        RunRecord.Pair outcome = pairRun.run(new PairRun.Listener() {
            @Override
            public void serverReady(ServerReady ready) {
                out.println(ready.consoleLine());
                out.flush();
            }

            @Override
            public void serverStopped(Stopped stopped) {
                out.println(stopped.serverLine());
                out.flush();
            }

            @Override
            public void clientLine(String line) {
                out.println(line);
                out.flush();
            }
        });
        printProfiles(outcome.profiles());
        if (outcome.passed()) {
            return ExitCode.OK;
        }
        spec.commandLine().getErr().println("benchmark.sh: " + outcome.message());
        if (!outcome.failsTheRun()) {
            return ExitCode.USAGE;
        }
        RunRecord.Consumer client = outcome.consumers().isEmpty() ? null : outcome.consumers().get(0);
        return client != null && client.exitCode() != null && client.exitCode() != 0 ? client.exitCode()
                : ExitCode.FAILED;
    }

    /** Runs one JVM on this terminal until it exits; Ctrl-C and SIGTERM reach it, and its status is ours. */
    private int foreground(JvmLauncher.Jvm jvm) throws IOException, InterruptedException {
        Process process = jvms.startInForeground(jvm);
        for (String signal : List.of("INT", "TERM")) {
            Signal.handle(new Signal(signal), received -> process.toHandle().destroy());
        }
        return process.waitFor();
    }

    private boolean profiling() {
        return "profiling".equals(mode);
    }

    private Path serverRecording(String server) throws IOException {
        return results().resolve(server + "-" + RunFiles.utcStamp() + ".jfr");
    }

    private Path clientRecordings(String client) throws IOException {
        return results().resolve(client + "-" + RunFiles.utcStamp() + "-profiles");
    }

    /** What a JVM recorded, converted once it is done; a recording that cannot be read is said, not thrown. */
    private void convertAndPrint(Conversion conversion) {
        try {
            printProfiles(conversion.profiles());
        } catch (IOException e) {
            spec.commandLine().getErr().println("benchmark.sh: the profile could not be read: " + e.getMessage());
        }
    }

    private interface Conversion {
        List<RunRecord.Profile> profiles() throws IOException;
    }

    /** Each profile's flame graphs and what sampled it, once the JVMs are done. */
    private void printProfiles(List<RunRecord.Profile> profiles) {
        PrintWriter out = spec.commandLine().getOut();
        for (RunRecord.Profile profile : profiles) {
            out.println("profile of " + profile.jvm() + " (" + profile.engine() + ", " + profile.cpuSamples()
                    + " CPU samples): " + profile.cpuFlameGraph() + " " + profile.allocationFlameGraph());
        }
        out.flush();
    }

    private Path results() throws IOException {
        return Files.createDirectories(suite().root().resolve("results"));
    }
}
