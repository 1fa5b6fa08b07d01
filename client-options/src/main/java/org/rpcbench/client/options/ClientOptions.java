package org.rpcbench.client.options;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.rpcbench.api.InjectCostOption;
import org.rpcbench.client.options.availability.AvailabilityOptions;
import org.rpcbench.client.options.availability.AvailabilitySettings;
import org.rpcbench.client.options.jmh.JmhOptions;
import org.rpcbench.client.options.jmh.JmhSettings;
import org.rpcbench.client.options.jmh.Preset;
import org.rpcbench.client.options.openloop.OpenLoopOptions;
import org.rpcbench.client.options.openloop.OpenLoopSettings;
import org.rpcbench.client.options.soak.SoakOptions;
import org.rpcbench.client.options.soak.SoakSettings;
import org.rpcbench.contract.Hosts;
import org.rpcbench.contract.OptionNames;
import org.rpcbench.contract.RecordFileOptions;
import org.rpcbench.contract.RegistryAddress;
import org.rpcbench.contract.RunFiles;
import org.rpcbench.stack.Target;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The client's command line: what every load shares (the server, the threads, the result file, the run's records),
 * then one load's options, each load's group in a package of its own. Options of two loads exclude each other; JMH
 * runs when no other load's are given.
 */
@Command(name = "client", sortOptions = false, usageHelpAutoWidth = true,
        description = "Proves the wire to the server, then measures the benchmark's calls with JMH (or counts them"
                + " under an availability load) and writes the result.")
public final class ClientOptions {

    @Option(names = OptionNames.HOST,
            description = "server address to connect to, exactly this one (default: ${DEFAULT-VALUE})")
    String host = "127.0.0.1";

    @Option(names = OptionNames.PORT, description = "server port (default: ${DEFAULT-VALUE})")
    int port = 8080;

    @Option(names = OptionNames.REGISTRY, paramLabel = "zookeeper://host:port",
            description = "find the providers at this ZooKeeper registry (then --host and --port are not used);"
                    + " default: a direct connection to --host:--port")
    String registry;

    @Option(names = "--threads", split = ",", defaultValue = "32", paramLabel = "n[,n...]",
            description = "benchmark threads sharing the connection; a list (1,10,20) runs each level in turn"
                    + " (default: ${DEFAULT-VALUE})")
    List<Integer> threads;

    @Option(names = "--connections", paramLabel = "n",
            description = "TCP connections per provider; 0 is the stack's default: one, shared by every thread")
    Integer connections;

    @Option(names = {"-f", OptionNames.RESULT_FILE}, paramLabel = "file",
            description = "result file (default results/<module>-<UTC time>.<format>)")
    Path resultFile;

    @Option(names = "--force", description = "overwrite the result file (and its table) when it exists")
    boolean force;

    @Option(names = OptionNames.CONCURRENT_CONSUMER, description = "this client is one of several consumers run at"
            + " once on purpose (a topology run): JMH's machine-wide lock, which keeps two JMH runs from overlapping by"
            + " accident, is not taken")
    boolean concurrentConsumer;

    @Option(names = OptionNames.START_TOGETHER, paramLabel = "dir", description = "begin the load, once the wire is"
            + " proven, at the same moment as one other client given this directory (the other side of ab's duet), so"
            + " that both measure the same seconds; waits for it at most a minute, then begins alone")
    Path startTogether;

    @Mixin
    RecordFileOptions records = new RecordFileOptions();

    @Mixin
    InjectCostOption injectCost = new InjectCostOption();

    @Option(names = "--dry-run", description = "check the options, print what would run, and exit without connecting")
    boolean dryRun;

    @Option(names = "--help", usageHelp = true, description = "show this help")
    boolean help;

    @ArgGroup(exclusive = true)
    Load load = new Load();

    /** The settings of the load this command line runs; the others' are null. */
    private JmhSettings jmh;
    private AvailabilitySettings availability;
    private OpenLoopSettings openLoop;
    private SoakSettings soak;

    private static Set<String> optionNames(Class<?> group) {
        return Stream.of(group.getDeclaredFields())
                .map(field -> field.getAnnotation(Option.class))
                .filter(Objects::nonNull)
                .flatMap(option -> Stream.of(option.names()))
                .collect(Collectors.toSet());
    }

    /** What the client runs: JMH (its options), the availability load, the open-loop load or a soak; one of them. */
    static final class Load {

        @ArgGroup(exclusive = false, heading = "JMH:%n")
        JmhOptions jmh;

        @ArgGroup(exclusive = false, heading = "Availability load (fault runs, instead of JMH):%n")
        AvailabilityOptions availability;

        @ArgGroup(exclusive = false, heading = "Open-loop load (response time at a fixed rate, instead of JMH):%n")
        OpenLoopOptions openLoop;

        @ArgGroup(exclusive = false, heading = "Soak (a stability run with both JVMs judged, instead of JMH):%n")
        SoakOptions soak;
    }

    /** The loads a client runs, each with its own options, for saying which two were given together. */
    public enum LoadKind {
        JMH(JmhOptions.class, "a JMH option", "JMH"),
        AVAILABILITY(AvailabilityOptions.class, "an availability option", "the availability load"),
        OPEN_LOOP(OpenLoopOptions.class, "an open-loop option", "the open-loop load"),
        SOAK(SoakOptions.class, "a soak option", "a soak");

        private final Set<String> options;
        private final String option;
        private final String load;

        LoadKind(Class<?> group, String option, String load) {
            this.options = optionNames(group);
            this.option = option;
            this.load = load;
        }
    }

    /** Options of two loads given together; {@link #loads()} says which, so a caller can say how to run each. */
    public static final class TwoLoadsException extends IllegalArgumentException {

        private static final long serialVersionUID = 1L;

        private final transient List<LoadKind> loads;

        TwoLoadsException(String message, List<LoadKind> loads, Throwable cause) {
            super(message, cause);
            this.loads = List.copyOf(loads);
        }

        /** The loads whose options were given, in {@link LoadKind}'s order; fewer than two when none could be told. */
        public List<LoadKind> loads() {
            return loads;
        }
    }

    private ClientOptions() {
    }

    /**
     * Parses and checks every option and value, without connecting anywhere.
     *
     * @throws IllegalArgumentException naming the option when an option or value is bad
     */
    public static ClientOptions parse(List<String> args) {
        ClientOptions options = new ClientOptions();
        CommandLine.ParseResult parsed;
        try {
            parsed = new CommandLine(options).parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.MutuallyExclusiveArgsException e) {
            throw twoLoads(args, e);
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        options.check(parsed.hasMatchedOption("--threads"));
        return options;
    }

    /** Why options of two loads cannot be given together, naming one of each. */
    private static TwoLoadsException twoLoads(List<String> args, Throwable cause) {
        List<String> names = args.stream().map(arg -> arg.split("=", 2)[0]).toList();
        List<LoadKind> given = Stream.of(LoadKind.values())
                .filter(kind -> names.stream().anyMatch(kind.options::contains)).toList();
        if (given.size() < 2) {
            return new TwoLoadsException("options of two loads given; drop one of the two", given, cause);
        }
        String first = names.stream().filter(given.get(0).options::contains).findFirst().orElseThrow();
        String second = names.stream().filter(given.get(1).options::contains).findFirst().orElseThrow();
        return new TwoLoadsException("option " + first.substring(2) + ": " + given.get(0).option + ", and " + second
                + " runs " + (given.get(0) == LoadKind.JMH ? "no JMH" : given.get(1).load + " instead")
                + "; drop one of the two", given, cause);
    }

    /** Checks what every load shares, then the load's own options into its settings. */
    private void check(boolean threadsGiven) {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("option port: " + port + " is not a port number");
        }
        for (int level : threads) {
            if (level < 1) {
                throw new IllegalArgumentException("option threads: " + level + " is below 1");
            }
        }
        if (connections != null && connections < 0) {
            throw new IllegalArgumentException("option connections: " + connections + " is below 0");
        }
        if (registry == null) {
            try {
                Hosts.check(host);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("option host: " + e.getMessage());
            }
        }
        target();
        injectCost.cost();
        if (resultFile != null) {
            checkResultFile(resultFile);
        }
        if (load.availability != null) {
            availability = load.availability.settings(threads);
        } else if (load.openLoop != null) {
            openLoop = load.openLoop.settings(threads, target().timeoutMillis());
            if (openLoop.asynchronous() && injectCost.cost() != null) {
                throw new IllegalArgumentException("option inject-cost: the cost is injected into the blocking"
                        + " calls; the asynchronous sender does not make them (give one of the two)");
            }
        } else if (load.soak != null) {
            soak = load.soak.settings(threads, threadsGiven);
        } else {
            jmh = jmhOptions().settings(threads, threadsGiven, connections != null);
        }
    }

    /** JMH's options as given, or their defaults when none (nor another load's) were. */
    private JmhOptions jmhOptions() {
        return load.jmh != null ? load.jmh : new JmhOptions();
    }

    /**
     * A result file is never overwritten without being asked to, and its directory must be one that can be made:
     * both are known before anything is started.
     */
    private void checkResultFile(Path file) {
        for (Path existing : List.of(file, file.resolveSibling(file.getFileName() + ".md"))) {
            if (!force && Files.exists(existing)) {
                throw new IllegalArgumentException("the result file " + existing + " exists: give another -f, or"
                        + " --force to overwrite it");
            }
        }
        Path directory = file.toAbsolutePath().getParent();
        Path existing = directory;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null || !Files.isDirectory(existing)) {
            throw new IllegalArgumentException("the result's directory " + directory + " cannot be made: "
                    + existing + " is not a directory");
        }
        if (!Files.isWritable(existing)) {
            throw new IllegalArgumentException("the result's directory " + directory + " cannot be made: "
                    + existing + " is not writable");
        }
    }

    /** The usage text. */
    public static void printHelp(PrintStream out) {
        new CommandLine(new ClientOptions()).usage(out);
    }

    /** JMH's runs, or null when the client runs another load. */
    public JmhSettings jmh() {
        return jmh;
    }

    /** The availability load's settings, or null when the client runs another load. */
    public AvailabilitySettings availability() {
        return availability;
    }

    /** The open-loop load's settings, or null when the client runs another load. */
    public OpenLoopSettings openLoop() {
        return openLoop;
    }

    /** The soak's settings, or null when the client runs another load. */
    public SoakSettings soak() {
        return soak;
    }

    /** The cost this client pays on one call as well, for the gate's own tests, and its text for the forks. */
    public InjectCostOption injectCost() {
        return injectCost;
    }

    public boolean helpRequested() {
        return help;
    }

    public boolean concurrentConsumer() {
        return concurrentConsumer || jmh != null && jmh.lockstep() != null;
    }

    /** The directory this client meets another in before its load begins, or null to begin at once. */
    public Path startTogether() {
        return startTogether;
    }

    public boolean dryRun() {
        return dryRun;
    }

    public RecordFileOptions records() {
        return records;
    }

    /** @throws IllegalArgumentException when the registry is not an address */
    public Target target() {
        if (registry == null) {
            return new Target(host, port, null, connections(), Target.DEFAULT_TIMEOUT_MILLIS);
        }
        if (RegistryAddress.EMBEDDED.equals(registry)) {
            throw new IllegalArgumentException("option registry: a client needs the registry's address,"
                    + " zookeeper://host:port (the server's ready line prints it)");
        }
        try {
            return new Target(host, port, RegistryAddress.parse(registry), connections(),
                    Target.DEFAULT_TIMEOUT_MILLIS);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option registry: " + e.getMessage());
        }
    }

    /** Connections per provider: a preset's, else as given; 0 is the stack's default. */
    public int connections() {
        Preset preset = jmhOptions().preset();
        return preset != null ? preset.connections() : Objects.requireNonNullElse(connections, 0);
    }

    /** The result file as given, or null for a new one under results/ ({@link #newResultFile}). */
    public Path resultFile() {
        return resultFile;
    }

    /**
     * A new results/&lt;module&gt;-&lt;UTC time&gt;.&lt;format&gt; (working directory), its name reserved for this run
     * ({@link RunFiles#newResultFile}): two runs started in the same second never share it. Every load but JMH
     * writes json.
     */
    public Path newResultFile(String module) throws IOException {
        return RunFiles.newResultFile(Path.of("results"), module, jmh != null ? jmh.resultFormat() : "json");
    }
}
