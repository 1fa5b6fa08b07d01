package org.rpcbench.runner.runall;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.rpcbench.client.options.ClientOptions;
import org.rpcbench.client.options.jmh.Preset;
import org.rpcbench.client.options.jmh.Scenario;
import org.rpcbench.contract.DiskSpace;
import org.rpcbench.contract.Durations;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.Hosts;
import org.rpcbench.contract.JvmSettings;
import org.rpcbench.contract.OptionNames;
import org.rpcbench.contract.RegistryAddress;
import org.rpcbench.contract.RunFiles;
import org.rpcbench.contract.RunRecord;
import org.rpcbench.contract.ServerReady;
import org.rpcbench.results.ConsumerMerge;
import org.rpcbench.results.HarnessBound;
import org.rpcbench.runner.Launcher;
import org.rpcbench.runner.arguments.ArgumentWords;
import org.rpcbench.runner.arguments.ModuleArguments;
import org.rpcbench.runner.kubernetes.KubernetesCluster;
import org.rpcbench.runner.pair.CallSpread;
import org.rpcbench.runner.pair.PairRun;
import org.rpcbench.runner.pair.Progress;
import org.rpcbench.runner.pair.RunDirectory;
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
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import sun.misc.Signal;

/**
 * {@code benchmark.sh run-all}: every selected pair in turn (servers, ready records, clients, stop) into one run
 * directory with run.json, keeping on when a pair fails. Exit 0 when every pair passed, 1 when any failed, 2 on bad
 * options, 130 when interrupted (what finished is kept).
 */
@Command(name = "run-all", sortOptions = false, usageHelpAutoWidth = true,
        description = "Runs every pair (or --pairs) in turn into results/<run-id>/ with run.json.")
public final class RunAllCommand implements Callable<Integer> {

    /** The client's --scenario values; any other scenario name is one of the client's presets. */
    private static final Set<String> CLIENT_SCENARIOS = Arrays.stream(Scenario.values()).map(Scenario::key)
            .collect(Collectors.toUnmodifiableSet());
    /** How much longer than its soak a pair's client may run (wire checks, the judging, the last full GCs). */
    private static final int SOAK_TIMEOUT_SLACK_MINUTES = 10;

    @ParentCommand
    Launcher launcher;

    @Spec
    CommandSpec spec;

    @Option(names = "--pairs", split = ",", paramLabel = "a,b", description = "pairs to run, by name, glob"
            + " ('dubbo-*') or group (serializers, protocols, stacks); default: every pair")
    List<String> pairs;

    @Option(names = "--length", paramLabel = "length", description = "quick (about 1.5 min a pair), default (about"
            + " 6 min), nightly (2 forks, about 8 min) or trial (one ab trial, about 2 min)")
    String length = "default";

    @Option(names = "--scenario", paramLabel = "s", description = "user, echo, cpu or stream (a list runs several), or"
            + " a seed report's preset: dubbo2-report, dubbox, motan, server-limit (its clients at once: --topology 1x2"
            + " unless given) (default: ${DEFAULT-VALUE})")
    String scenario = "user";

    @Option(names = {"-a", "--client-args"}, paramLabel = "args", parameterConsumer = ModuleArguments.class,
            description = "more client options, e.g. \"--threads 8 --payload 1k,100k\" (quotes keep a word whole);"
                    + " they win over the length's")
    String clientArgs = "";

    @Option(names = "--server-args", paramLabel = "args", parameterConsumer = ModuleArguments.class,
            description = "more server options for every server, e.g. \"--inject-cost getUser:20us\" (a costlier"
                    + " server of known size, to test the gate)")
    String serverArgs = "";

    @Option(names = {"-s", "--host"}, paramLabel = "host", description = "address the servers bind (default:"
            + " ${DEFAULT-VALUE})")
    String host = "127.0.0.1";

    @Option(names = {"-p", "--port"}, paramLabel = "port", description = "port the servers bind (default:"
            + " ${DEFAULT-VALUE})")
    int port = 8080;

    @Option(names = "--out", paramLabel = "dir", description = "run directory (default results/<UTC time>-<length>)")
    Path out;

    @Option(names = {"-r", "--registry"}, paramLabel = "registry", description = "zookeeper (an embedded ZooKeeper for"
            + " the run) or zookeeper://host:port; default: direct connections")
    String registry;

    @Option(names = "--topology", arity = "0..1", fallbackValue = "2x2", paramLabel = "NxM",
            description = "providers x consumers of each pair at once, through the registry (embedded ZooKeeper"
                    + " unless -r names one); the option alone is the seeds' 2x2; one the machine cannot hold (over"
                    + " four JVMs a core, or their heaps beyond its available memory) is refused")
    String topology;

    @Option(names = "--fault", paramLabel = "signal", description = "sigterm or sigkill: stop the first of 2+ providers"
            + " while the consumers run an availability load (calls counted, not measured by JMH); implies"
            + " --topology 2x1 unless given")
    String fault;

    @Option(names = "--fault-after", paramLabel = "s", description = "seconds into the load (once every consumer's"
            + " load has started) the fault comes (default: ${DEFAULT-VALUE})")
    int faultAfter = 8;

    @Option(names = "--fault-load", paramLabel = "s", description = "seconds the availability load runs (default:"
            + " ${DEFAULT-VALUE})")
    int faultLoad = 20;

    @Option(names = OptionNames.RATE, paramLabel = "calls/s", description = "instead of JMH, an open-loop load: each"
            + " call due at this rate, timed from its due time (response time without coordinated omission); -a"
            + " \"--calls getUser,echo:1k --threads 64 --arrival poisson\" says more")
    String rate;

    @Option(names = OptionNames.RATE_SWEEP, paramLabel = "%[,%...]", description = "instead of --rate: each call's"
            + " closed-loop capacity, then open-loop at these percentages of it, e.g. 10,25,50,75,90,100")
    String rateSweep;

    @Option(names = "--slo", paramLabel = "pNN=time", description = "with --rate-sweep: the bound (e.g. p99=5ms)"
            + " whose highest kept rate is each call's capacity under it")
    String slo;

    @Option(names = OptionNames.SOAK, paramLabel = "time", description = "instead of JMH, a soak this long (e.g. 10m,"
            + " 50h): the seed's stability calls mixed at 20 threads, both JVMs sampled, each judged after the warmup"
            + " (live set growth, full GCs, threads, open files, errors, a fall in throughput); a pair fails when a"
            + " limit is broken. -a \"--threads 40 --max-live-set-growth 10\" says more; with --topology 2x2, every"
            + " consumer judges every provider")
    String soak;

    @Option(names = OptionNames.PROFILE, description = "record CPU and allocation samples of every server and client"
            + " fork (async-profiler where it loads, JFR otherwise) and write their flame graphs beside the results;"
            + " the report links them")
    boolean profile;

    @Mixin
    CpuPinning cpus = new CpuPinning();

    @Mixin
    JvmOptions jvmOptions = new JvmOptions();

    @Mixin
    Placement placement = new Placement();

    @Option(names = "--jvm-matrix", paramLabel = "name=flags", description = "run each pair once per JVM setting,"
            + " its flags given to the servers after --server-jvm-args; repeat it for each setting (e.g. --jvm-matrix"
            + " g1=-XX:+UseG1GC --jvm-matrix zgc=-XX:+UseZGC). A setting's results are named <pair>" + JvmOptions.AT
            + "<name>, which the report compares as it compares pairs")
    List<String> jvmMatrix = new ArrayList<>();

    @Option(names = OptionNames.START_TOGETHER, paramLabel = "dir", description = "each pair's client begins its"
            + " load at the same moment as that pair's client in another run given this directory (ab's duet: its two"
            + " sides), so that both measure the same seconds; one client a pair, on this machine")
    Path startTogether;

    @Option(names = "--pair-timeout", paramLabel = "min", description = "minutes a client may run before it is"
            + " stopped and its pair fails (default: ${DEFAULT-VALUE}; a soak's length and 10 more when longer)")
    int pairTimeout = 90;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help")
    boolean help;

    private final KubernetesCluster cluster;
    private final AtomicReference<PairRun> current = new AtomicReference<>();
    private volatile boolean interrupted;
    private Path runDirectory;
    /** What the servers and the clients run on beyond the suite's own flags, once checked. */
    private JvmSettings serverJvm = JvmSettings.NONE;
    private JvmSettings clientJvm = JvmSettings.NONE;
    /** --jvm-matrix's settings, checked; empty when each pair runs once. */
    private List<JvmOptions.Setting> matrix = List.of();

    /** @param cluster where {@code --on k8s} runs the pods */
    public RunAllCommand(KubernetesCluster cluster) {
        this.cluster = cluster;
    }

    /** One pair run of the run: a pair, at a JVM setting of the matrix where there is one (else null). */
    private record Entry(String pair, JvmOptions.Setting setting) {

        /** What its files and its outcome are named: the pair, or the pair at its setting. */
        String name() {
            return setting == null ? pair : pair + JvmOptions.AT + setting.name();
        }
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        Suite suite = launcher.suite();
        try {
            check(suite);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        if (fault == null && ArgumentWords.split(clientArgs).stream()
                .anyMatch(word -> word.equals("--preset") || word.startsWith("--preset="))) {
            spec.commandLine().getErr().println("error: give run-all the preset as --scenario (e.g. --scenario"
                    + " dubbox), not inside -a: the run records it as its scenario");
            return ExitCode.USAGE;
        }
        try {
            ClientOptions.parse(clientArgs());
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("error: the client options do not work: " + e.getMessage());
            return ExitCode.USAGE;
        }
        return run(suite);
    }

    /** Checks what can be checked before anything starts: pairs, length, CPUs, port free, run directory new. */
    private void check(Suite suite) throws InterruptedException {
        List<String> known = suite.pairs();
        if (known.isEmpty()) {
            throw new IllegalArgumentException("no pair (a <pair>-server module with its -client) under "
                    + suite.root());
        }
        pairs(suite);
        RunLength.of(length);
        try {
            ArgumentWords.split(serverArgs);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option server-args: " + e.getMessage());
        }
        try {
            Hosts.check(host);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option host: " + e.getMessage());
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("option port: " + port + " is not a port number");
        }
        Topology topology = topology();
        // pods run on the cluster's nodes, not here
        if (!topology.single() && !placement.kubernetes()) {
            topology.checkFits(Runtime.getRuntime().availableProcessors(), availableMemoryBytes());
        }
        if (soak != null) {
            soakLength();
            if (fault != null || openLoop()) {
                throw new IllegalArgumentException("option soak: a soak runs its own load; drop --soak or "
                        + (fault != null ? "--fault" : "the open-loop options"));
            }
            if (!"user".equals(scenario)) {
                throw new IllegalArgumentException("option scenario: a soak takes its calls from -a \"--soak-calls"
                        + " ...\" (the seed's 5K string, person and map of persons by default)");
            }
        }
        if (openLoop()) {
            if (fault != null) {
                throw new IllegalArgumentException("option fault: a fault run counts calls under its own load; drop"
                        + " --fault or the open-loop options");
            }
            if (!"user".equals(scenario)) {
                throw new IllegalArgumentException("option scenario: an open-loop run takes its calls from -a"
                        + " \"--calls ...\" (the four UserService calls by default)");
            }
        }
        if (fault != null) {
            fault();
            if (topology.providers() < 2) {
                throw new IllegalArgumentException("option fault: needs two providers or more (--topology 2x1)");
            }
            if (faultAfter < 1 || faultAfter >= faultLoad) {
                throw new IllegalArgumentException("option fault-after: " + faultAfter + " s must fall inside the "
                        + faultLoad + " s load");
            }
        }
        if (registry != null && !RegistryAddress.EMBEDDED.equals(registry)) {
            try {
                RegistryAddress.parse(registry);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("option registry: " + e.getMessage());
            }
        }
        if (startTogether != null && (topology.consumers() > 1 || placement.remote() || placement.kubernetes())) {
            throw new IllegalArgumentException("option start-together: it meets one client a pair with another on this"
                    + " machine; give it without --topology's several consumers, --on ssh or --on k8s");
        }
        if (pairTimeout < 1) {
            throw new IllegalArgumentException("option pair-timeout: " + pairTimeout + " is below 1");
        }
        cpus.check();
        serverJvm = jvmOptions.servers();
        clientJvm = jvmOptions.clients();
        matrix = jvmOptions.matrix(jvmMatrix);
        placement.check();
        checkInPods();
        for (int provider = 0; provider < (placement.remote() ? 0 : topology.providers());
                provider++) {
            int candidate = port + provider;
            try (ServerSocket probe = new ServerSocket()) {
                probe.bind(new InetSocketAddress(InetAddress.getByName(host), candidate));
            } catch (IOException e) {
                throw new IllegalArgumentException("port " + candidate + " on " + host + " is not free ("
                        + e.getMessage() + "): stop what holds it or pick another with -p"
                        + (provider > 0 ? " (provider " + (provider + 1) + " binds -p + " + provider + ")" : ""));
            }
        }
        if (Files.exists(runDirectory(suite))) {
            throw new IllegalArgumentException("the run directory " + runDirectory(suite)
                    + " already exists; pick another --out");
        }
        String shortage = DiskSpace.shortage(runDirectory(suite), DiskSpace.RUN_BYTES);
        if (shortage != null) {
            throw new IllegalArgumentException(shortage);
        }
    }

    /** Pods run the image's JVM with the role's own flags, on the CPUs the pod is given. */
    private void checkInPods() {
        if (placement.kubernetes() && (jvmOptions.given() || !jvmMatrix.isEmpty() || cpus.pinned())) {
            throw new IllegalArgumentException("option --on k8s: the pods run the image's java with the role's flags"
                    + " on --pod-cpus; drop the JVM options, --jvm-matrix and the CPU lists");
        }
    }

    /** What the kernel says can be had without swapping (MemAvailable), or the JVM's count of free memory. */
    private static long availableMemoryBytes() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/meminfo"))) {
            Optional<String> available = lines.filter(line -> line.startsWith("MemAvailable:")).findFirst();
            if (available.isPresent()) {
                return Long.parseLong(available.get().replaceAll("[^0-9]", "")) << 10;
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: the JVM's own count below
        }
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getFreeMemorySize();
    }

    private List<String> pairs(Suite suite) {
        return pairs != null ? PairSelection.select(pairs, suite.pairs()) : suite.pairs();
    }

    /** As asked; else a fault's 2x1, a several-client preset's 1xN, or one of each. */
    Topology topology() {
        if (topology != null) {
            return Topology.parse(topology);
        }
        if (fault != null) {
            return new Topology(2, 1);
        }
        return Preset.find(scenario).filter(preset -> preset.clients() > 1)
                .map(preset -> new Topology(1, preset.clients())).orElse(Topology.SINGLE);
    }

    private PairRun.Fault fault() {
        if (fault == null) {
            return null;
        }
        String signal = switch (fault) {
            case "sigterm" -> "TERM";
            case "sigkill" -> "KILL";
            default -> throw new IllegalArgumentException("option fault: '" + fault + "' is not sigterm or sigkill");
        };
        return new PairRun.Fault(signal, Duration.ofSeconds(faultAfter));
    }

    /** The registry as asked: zookeeper (embedded), an address, or null (direct, unless a topology needs one). */
    private String registry() {
        if (registry != null) {
            return registry;
        }
        return topology().providers() > 1 ? RegistryAddress.EMBEDDED : null;
    }

    /**
     * The client's options: the scenario or preset, then the length's, then the user's own; for a fault run, the
     * availability load and the user's own.
     */
    List<String> clientArgs() {
        List<String> user = ArgumentWords.split(clientArgs);
        List<String> all = new ArrayList<>();
        if (soak != null) {
            all.addAll(List.of(OptionNames.SOAK, soak));
            all.addAll(user);
            return all;
        }
        if (openLoop()) {
            if (rate != null) {
                all.addAll(List.of(OptionNames.RATE, rate));
            }
            if (rateSweep != null) {
                all.addAll(List.of(OptionNames.RATE_SWEEP, rateSweep));
            }
            if (slo != null) {
                all.addAll(List.of("--slo", slo));
            }
            all.addAll(RunLength.of(length).openLoopArgs(user));
            return all;
        }
        if (fault != null) {
            all.addAll(List.of(OptionNames.AVAILABILITY, String.valueOf(faultLoad), OptionNames.FAULT_AT,
                    String.valueOf(faultAfter)));
            all.addAll(user);
            return all;
        }
        boolean scenarios = Arrays.stream(scenario.split(",")).allMatch(CLIENT_SCENARIOS::contains);
        all.add(scenarios ? "--scenario" : "--preset");
        all.add(scenario);
        all.addAll(RunLength.of(length).clientArgs(user));
        return all;
    }

    /** A pair run's client options: the run's, and where it meets its pair's client of another run. */
    private List<String> clientArgs(Entry entry) {
        List<String> args = new ArrayList<>(clientArgs());
        if (startTogether != null) {
            args.addAll(List.of(OptionNames.START_TOGETHER,
                    startTogether.toAbsolutePath().resolve(entry.name()).toString()));
        }
        return args;
    }

    /** Whether the consumers run the open-loop load instead of JMH. */
    private boolean openLoop() {
        return rate != null || rateSweep != null || slo != null;
    }

    /** What the run records as its scenario: the preset or scenario, the open-loop load or the soak. */
    private String scenarioName() {
        return soak != null ? RunDirectory.SOAK : openLoop() ? RunDirectory.OPEN_LOOP : scenario;
    }

    private Duration soakLength() {
        try {
            return Durations.parse(soak);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option soak: " + e.getMessage());
        }
    }

    /** The pair timeout, or for a soak longer than it, the soak and a slack. */
    private Duration clientTimeout() {
        Duration timeout = Duration.ofMinutes(pairTimeout);
        if (soak == null) {
            return timeout;
        }
        Duration soakTimeout = soakLength().plusMinutes(SOAK_TIMEOUT_SLACK_MINUTES);
        return soakTimeout.compareTo(timeout) > 0 ? soakTimeout : timeout;
    }

    /** What the consumers run. */
    private String load() {
        return fault != null ? RunDirectory.AVAILABILITY : soak != null ? RunDirectory.SOAK
                : openLoop() ? RunDirectory.OPEN_LOOP : RunDirectory.JMH;
    }

    private Path runDirectory(Suite suite) {
        if (runDirectory == null) {
            runDirectory = (out != null ? out : suite.root().resolve("results")
                    .resolve(RunFiles.utcStamp() + "-" + RunLength.of(length).key())).toAbsolutePath().normalize();
        }
        return runDirectory;
    }

    /** The command as typed, for run.json. */
    private List<String> command() {
        return Launcher.typed(spec);
    }

    private int run(Suite suite) throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        Path dir = runDirectory(suite);
        JvmExecutor.Session executor;
        try {
            executor = placement.open(dir.getFileName().toString(), cluster, out::println);
        } catch (IOException e) {
            spec.commandLine().getErr().println("error: " + e.getMessage());
            return ExitCode.FAILED;
        }
        try (executor) {
            return run(suite, executor);
        }
    }

    private int run(Suite suite, JvmExecutor executor) throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        Path dir = runDirectory(suite);
        Files.createDirectories(dir);
        List<String> pairs = pairs(suite);
        Instant start = Instant.now();
        RunRecord.Environment environment = EnvironmentCapture.capture(suite.root(), serverJvm, clientJvm, matrix);
        List<RunRecord.Pair> outcomes = new ArrayList<>(entries(pairs).stream().map(Entry::name)
                .map(RunRecord.Pair::notRun).toList());
        record(start, null, environment, outcomes);
        for (String signal : List.of("INT", "TERM")) {
            Signal.handle(new Signal(signal), received -> interrupt());
        }

        RunLength runLength = RunLength.of(length);
        out.println("run " + dir.getFileName() + ": " + pairs.size() + " pairs, " + (matrix.isEmpty() ? ""
                : "each at " + matrix.size() + " JVM settings (" + String.join(", ", matrix.stream()
                        .map(JvmOptions.Setting::name).toList()) + "), ") + (soak != null ? "a " + soak
                + " soak" : runLength.key() + " (" + (openLoop() ? runLength.openLoopDescription()
                : runLength.description()) + "), scenario " + scenarioName()));
        out.println("client options: " + String.join(" ", clientArgs()));
        out.println("files: " + dir);
        JvmLauncher jvms = new JvmLauncher(suite, suite.root(), serverJvm, clientJvm, executor);
        String registry = registry();
        ZooKeeperProcess zookeeper = null;
        try {
            if (RegistryAddress.EMBEDDED.equals(registry)) {
                zookeeper = ZooKeeperProcess.start(jvms, host, dir, out::println);
                registry = zookeeper.address();
            }
            if (!topology().single() || fault != null) {
                String reached = registry == null ? ", direct connections" : " through " + registry;
                out.println("topology: " + topology() + reached
                        + (fault == null ? "" : ", SIG" + fault().signal() + " to the first provider "
                        + fault().after().toSeconds() + " s into the load"));
            }
            environment = runPairs(jvms, registry, start, environment, outcomes);
        } catch (ZooKeeperProcess.StartException e) {
            out.println("error: " + e.getMessage());
            outcomes.replaceAll(outcome -> outcome.failedWith(e.getMessage()));
        } finally {
            if (zookeeper != null) {
                zookeeper.close();
            }
        }
        Instant end = Instant.now();
        record(start, end, environment, outcomes);
        return summarize(outcomes, Duration.between(start, end));
    }

    private RunRecord.Environment runPairs(JvmLauncher jvms, String registry, Instant start,
            RunRecord.Environment environment, List<RunRecord.Pair> outcomes) throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        List<Entry> entries = entries(pairs(launcher.suite()));
        Path dir = runDirectory;
        List<Duration> pairsDone = new ArrayList<>();
        for (int i = 0; i < entries.size() && !interrupted; i++) {
            Entry entry = entries.get(i);
            Status status = new Status(i + 1, entries.size(), entry.name(), start, pairsDone);
            PairRun pairRun = new PairRun(entry.setting() == null ? jvms : jvms.withServers(entry.setting().servers()),
                    new PairRun.Plan(entry.pair(), host, port, registry, topology(), clientArgs(entry),
                            ArgumentWords.split(serverArgs), fault(), clientTimeout(), cpus.serverCpus(),
                            cpus.clientCpus(), profile),
                    new RunDirectory(dir, entry.name(), topology(), load()));
            current.set(pairRun);
            status.print("starting the server");
            RunRecord.Pair outcome = pairRun.run(status);
            current.set(null);
            outcomes.set(i, outcome);
            environment = environment.withLibraries(libraries(outcome));
            record(start, null, environment, outcomes);
            if (outcome.passed()) {
                Duration took = Duration.ofMillis((long) (outcome.seconds() * 1000));
                pairsDone.add(took);
                status.print("passed in " + Progress.format(took));
                for (RunRecord.Consumer consumer : outcome.consumers()) {
                    Path table = consumer.result() == null ? null : dir.resolve(consumer.result() + ".md");
                    if (table != null && Files.isRegularFile(table)) {
                        out.print(Files.readString(table, StandardCharsets.UTF_8));
                    }
                }
                if (outcome.result() != null && outcome.consumers().size() > 1
                        && outcome.consumers().get(0).result() != null) {
                    for (String line : ConsumerMerge.summary(dir.resolve(outcome.result()),
                            dir.resolve(outcome.consumers().get(0).result()))) {
                        status.print("merged " + outcome.topology() + ": " + line);
                    }
                    for (String line : HarnessBound.of(dir.resolve(outcome.result()), entry.pair())) {
                        status.print("merged " + outcome.topology() + ", harness-bound: " + line);
                    }
                }
            } else if (outcome.failsTheRun()) {
                status.print("FAILED: " + outcome.message());
            } else {
                status.print("skipped: " + outcome.message());
            }
            for (RunRecord.Consumer consumer : outcome.consumers()) {
                if (consumer.availability() != null) {
                    status.print(consumer.result() + ": " + consumer.availability().describe(outcome.fault().signal()));
                }
                if (consumer.openLoop() != null) {
                    status.print(consumer.result() + ":");
                    out.print(consumer.openLoop().summary());
                }
                if (consumer.soak() != null) {
                    status.print(consumer.result() + ":");
                    out.print(consumer.soak().summary());
                }
            }
            String spread = CallSpread.describe(outcome.providers(), outcome.fault() != null);
            if (spread != null) {
                status.print(spread);
            }
        }
        return environment;
    }

    /** Each pair at each JVM setting of the matrix, pair by pair; each pair once without one. */
    private List<Entry> entries(List<String> pairs) {
        List<Entry> entries = new ArrayList<>();
        for (String pair : pairs) {
            if (matrix.isEmpty()) {
                entries.add(new Entry(pair, null));
            }
            matrix.forEach(setting -> entries.add(new Entry(pair, setting)));
        }
        return entries;
    }

    /**
     * The versions a pair's first server stated, but Java's, which the environment has already, and its collector,
     * which is each pair's own (its providers' ready records keep it).
     */
    private static Map<String, String> libraries(RunRecord.Pair outcome) {
        Map<String, String> libraries = new LinkedHashMap<>();
        outcome.providers().stream().map(RunRecord.Provider::ready).filter(ready -> ready != null).findFirst()
                .map(ServerReady::versions).ifPresent(libraries::putAll);
        libraries.remove("java");
        libraries.remove("gc");
        return libraries;
    }

    private void interrupt() {
        interrupted = true;
        PairRun pairRun = current.get();
        if (pairRun != null) {
            try {
                pairRun.abort();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void record(Instant start, Instant end, RunRecord.Environment environment, List<RunRecord.Pair> outcomes) {
        new RunRecord(runDirectory.getFileName().toString(), RunLength.of(length).key(), scenarioName(), clientArgs(),
                command(), start.toString(), end == null ? null : end.toString(), environment, outcomes)
                .write(runDirectory);
    }

    private int summarize(List<RunRecord.Pair> outcomes, Duration elapsed) {
        PrintWriter out = spec.commandLine().getOut();
        out.println();
        out.println("| pair | status | time | note |");
        out.println("|---|---|---|---|");
        for (RunRecord.Pair outcome : outcomes) {
            out.println("| " + outcome.pair() + " | " + outcome.status() + " | "
                    + (outcome.seconds() == null ? ""
                            : Progress.format(Duration.ofMillis((long) (outcome.seconds() * 1000))))
                    + " | " + (outcome.message() == null ? "" : outcome.message().replace("|", "\\|")) + " |");
        }
        long failed = outcomes.stream().filter(RunRecord.Pair::failsTheRun).count();
        long passed = outcomes.stream().filter(RunRecord.Pair::passed).count();
        out.println();
        out.println(passed + " of " + outcomes.size() + " pairs passed"
                + (passed + failed < outcomes.size() ? ", " + (outcomes.size() - passed - failed) + " skipped" : "")
                + " in " + Progress.format(elapsed) + (interrupted ? " (interrupted)" : ""));
        out.println("run: " + runDirectory.resolve(RunRecord.FILE_NAME));
        out.println("report: benchmark.sh report " + runDirectory);
        out.flush();
        if (interrupted) {
            return ExitCode.INTERRUPTED;
        }
        return failed == 0 ? ExitCode.OK : ExitCode.FAILED;
    }

    /** Progress lines of one pair: step, pair, what it does, elapsed and estimated time left of the whole run. */
    private final class Status implements PairRun.Listener {

        private final int step;
        private final int steps;
        private final String pair;
        private final Instant runStart;
        private final Instant pairStart = Instant.now();
        private final List<Duration> pairsDone;
        private String benchmark = "";
        private String mode = "";

        Status(int step, int steps, String pair, Instant runStart, List<Duration> pairsDone) {
            this.step = step;
            this.steps = steps;
            this.pair = pair;
            this.runStart = runStart;
            this.pairsDone = pairsDone;
        }

        @Override
        public void status(String what) {
            print(what, null);
        }

        void print(String what) {
            print(what, null);
        }

        /** JMH's progress lines, shown as one status line each; read for display only. */
        @Override
        public void clientLine(String line) {
            if (line.startsWith("# Benchmark: ")) {
                benchmark = line.substring(line.lastIndexOf('.') + 1);
            } else if (line.startsWith("# Benchmark mode: ")) {
                mode = line.substring("# Benchmark mode: ".length(),
                        line.indexOf(',') < 0 ? line.length() : line.indexOf(','));
            } else if (line.startsWith("# Parameters: ")) {
                benchmark = benchmark + " " + line.substring("# Parameters: ".length());
            } else if (line.startsWith("error: ")) {
                print(line);
            } else {
                Duration eta = Progress.jmhTimeLeft(line);
                if (eta != null) {
                    print("measuring " + benchmark + ", " + mode, eta);
                }
            }
        }

        private void print(String what, Duration jmhEta) {
            Instant now = Instant.now();
            Duration left = Progress.timeLeft(pairsDone, Duration.between(pairStart, now), jmhEta, steps - step);
            PrintWriter out = spec.commandLine().getOut();
            out.println("[" + step + "/" + steps + "] " + pair + ": " + what + " | elapsed "
                    + Progress.format(Duration.between(runStart, now))
                    + (left == null ? "" : ", about " + Progress.format(left) + " left"));
            out.flush();
        }
    }
}
