package org.rpcbench.runner;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

/** The command line of {@code benchmark.sh run-all}; -s, -p and -a mean what they mean to benchmark.sh. */
final class RunAllOptions {

    /** The registry option's value that asks for an embedded ZooKeeper. */
    static final String EMBEDDED_ZOOKEEPER = "zookeeper";
    /** The client's option for a load that counts failed calls instead of failing on the first. */
    static final String AVAILABILITY_OPTION = "--availability";
    /** The client's option telling it when into the load the fault comes. */
    static final String FAULT_AT_OPTION = "--fault-at";
    /** The client's --scenario values; any other scenario name is one of the client's presets. */
    private static final Set<String> CLIENT_SCENARIOS = Set.of("user", "echo", "cpu");
    private static final DateTimeFormatter UTC_STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'");

    private final OptionParser parser = new OptionParser();
    private final OptionSpec<String> root = parser.accepts("root", "the suite's directory (benchmark.sh sets it)")
            .withRequiredArg().defaultsTo(".");
    private final OptionSpec<String> pairs = parser.accepts("pairs", "pairs to run, e.g. dubbo-kryo,dubbo-fst (default:"
                    + " every pair)")
            .withRequiredArg().withValuesSeparatedBy(',');
    private final OptionSpec<String> length = parser.accepts("length", "run length: quick (about 1.5 min a pair),"
                    + " default (about 6 min) or nightly (2 forks, about 8 min)")
            .withRequiredArg().defaultsTo("default");
    private final OptionSpec<String> scenario = parser.accepts("scenario", "user, echo or cpu (a list runs several),"
                    + " or a seed report's preset: dubbo2-report, dubbox, motan")
            .withRequiredArg().defaultsTo("user");
    private final OptionSpec<String> clientArgs = parser.acceptsAll(List.of("a", "client-args"),
                    "more client options, e.g. \"--threads 8 --payload 1k,100k\"; they win over the length's")
            .withRequiredArg().defaultsTo("");
    private final OptionSpec<String> host = parser.acceptsAll(List.of("s", "host"), "address the servers bind")
            .withRequiredArg().defaultsTo("127.0.0.1");
    private final OptionSpec<Integer> port = parser.acceptsAll(List.of("p", "port"), "port the servers bind")
            .withRequiredArg().ofType(Integer.class).defaultsTo(8080);
    private final OptionSpec<String> out = parser.accepts("out", "run directory (default results/<UTC time>-<length>)")
            .withRequiredArg();
    private final OptionSpec<String> registry = parser.acceptsAll(List.of("r", "registry"),
                    "zookeeper (an embedded ZooKeeper for the run) or zookeeper://host:port; default: direct URLs")
            .withRequiredArg();
    private final OptionSpec<String> topology = parser.accepts("topology",
                    "providers x consumers of each pair at once, through the registry (embedded ZooKeeper unless -r"
                            + " names one); the option alone is the seeds' 2x2")
            .withOptionalArg().defaultsTo("2x2");
    private final OptionSpec<String> fault = parser.accepts("fault",
                    "sigterm or sigkill: stop the first of 2+ providers while the consumers run an availability"
                            + " load (calls counted, not measured by JMH); implies --topology 2x1 unless given")
            .withRequiredArg();
    private final OptionSpec<Integer> faultAfter = parser.accepts("fault-after",
                    "seconds into the load (once every consumer's load has started) the fault comes")
            .withRequiredArg().ofType(Integer.class).defaultsTo(8);
    private final OptionSpec<Integer> faultLoad = parser.accepts("fault-load", "seconds the availability load runs")
            .withRequiredArg().ofType(Integer.class).defaultsTo(20);
    private final OptionSpec<Integer> pairTimeout = parser.accepts("pair-timeout",
                    "minutes a client may run before it is stopped and its pair fails")
            .withRequiredArg().ofType(Integer.class).defaultsTo(90);
    private final OptionSpec<Void> help = parser.accepts("help", "show this help").forHelp();

    private OptionSet options;
    private String[] args;
    private Path runDirectory;

    RunAllOptions parse(String... arguments) {
        args = arguments;
        options = parser.parse(arguments);
        if (!options.nonOptionArguments().isEmpty()) {
            throw new IllegalArgumentException("unexpected argument: " + options.nonOptionArguments().get(0));
        }
        return this;
    }

    /** Checks what can be checked before anything starts: pairs, length, port free, run directory new. */
    void check() {
        List<String> known = knownPairs();
        if (known.isEmpty()) {
            throw new IllegalArgumentException("no pair (dubbo-*-server with its -client) under " + root());
        }
        for (String pair : pairs()) {
            if (!known.contains(pair)) {
                throw new IllegalArgumentException("option pairs: unknown pair '" + pair + "'; pairs: "
                        + String.join(", ", known));
            }
        }
        length();
        if (port() < 1 || port() > 65535) {
            throw new IllegalArgumentException("option port: " + port() + " is not a port number");
        }
        topology();
        if (options.has(fault)) {
            fault();
            if (topology().providers() < 2) {
                throw new IllegalArgumentException("option fault: needs two providers or more (--topology 2x1)");
            }
            if (options.valueOf(faultAfter) < 1 || options.valueOf(faultAfter) >= options.valueOf(faultLoad)) {
                throw new IllegalArgumentException("option fault-after: " + options.valueOf(faultAfter)
                        + " s must fall inside the " + options.valueOf(faultLoad) + " s load");
            }
        }
        if (options.has(registry) && !registry().equals(EMBEDDED_ZOOKEEPER)
                && !registry().matches("zookeeper://[^\\s/:]+:\\d+")) {
            throw new IllegalArgumentException("option registry: '" + registry()
                    + "' is not zookeeper or zookeeper://host:port");
        }
        if (options.valueOf(pairTimeout) < 1) {
            throw new IllegalArgumentException("option pair-timeout: " + options.valueOf(pairTimeout) + " is below 1");
        }
        for (int provider = 0; provider < topology().providers(); provider++) {
            int candidate = port() + provider;
            try (ServerSocket probe = new ServerSocket()) {
                probe.bind(new InetSocketAddress(InetAddress.getByName(host()), candidate));
            } catch (IOException e) {
                throw new IllegalArgumentException("port " + candidate + " on " + host() + " is not free ("
                        + e.getMessage() + "): stop what holds it or pick another with -p"
                        + (provider > 0 ? " (provider " + (provider + 1) + " binds -p + " + provider + ")" : ""));
            }
        }
        Path dir = runDirectory();
        if (Files.exists(dir)) {
            throw new IllegalArgumentException("the run directory " + dir + " already exists; pick another --out");
        }
    }

    void printHelp(OutputStream stream) throws IOException {
        parser.printHelpOn(stream);
    }

    boolean helpRequested() {
        return options.has(help);
    }

    Path root() {
        return Path.of(options.valueOf(root)).toAbsolutePath().normalize();
    }

    /** Pairs with both a server and a client module, in the order the README lists them. */
    List<String> knownPairs() {
        try (Stream<Path> children = Files.list(root())) {
            return children.map(path -> path.getFileName().toString())
                    .filter(name -> name.startsWith("dubbo-") && name.endsWith("-server"))
                    .map(name -> name.substring(0, name.length() - "-server".length()))
                    .filter(pair -> Files.isDirectory(root().resolve(pair + "-client")))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new IllegalArgumentException("option root: cannot list " + root() + ": " + e.getMessage());
        }
    }

    List<String> pairs() {
        return options.has(pairs) ? options.valuesOf(pairs) : knownPairs();
    }

    RunLength length() {
        return RunLength.of(options.valueOf(length));
    }

    String scenario() {
        return options.valueOf(scenario);
    }

    /**
     * The client's options: the scenario or preset, then the length's, then the user's own; for a fault run, the
     * availability load and the user's own.
     */
    List<String> clientArgs() {
        List<String> user = Arrays.stream(options.valueOf(clientArgs).trim().split("\\s+"))
                .filter(arg -> !arg.isEmpty()).toList();
        List<String> all = new ArrayList<>();
        if (options.has(fault)) {
            all.addAll(List.of(AVAILABILITY_OPTION, String.valueOf(options.valueOf(faultLoad)),
                    FAULT_AT_OPTION, String.valueOf(options.valueOf(faultAfter))));
            all.addAll(user);
            return all;
        }
        boolean scenarios = Arrays.stream(scenario().split(",")).allMatch(CLIENT_SCENARIOS::contains);
        all.add(scenarios ? "--scenario" : "--preset");
        all.add(scenario());
        all.addAll(length().clientArgs(user));
        return all;
    }

    /** The registry option as given: zookeeper (embedded), an address, or null (direct, unless a topology needs one). */
    String registry() {
        if (options.has(registry)) {
            return options.valueOf(registry);
        }
        return topology().providers() > 1 ? EMBEDDED_ZOOKEEPER : null;
    }

    Topology topology() {
        if (options.has(topology)) {
            return Topology.parse(options.valueOf(topology));
        }
        return options.has(fault) ? new Topology(2, 1) : Topology.SINGLE;
    }

    PairRun.Fault fault() {
        if (!options.has(fault)) {
            return null;
        }
        String signal = switch (options.valueOf(fault)) {
            case "sigterm" -> "TERM";
            case "sigkill" -> "KILL";
            default -> throw new IllegalArgumentException("option fault: '" + options.valueOf(fault)
                    + "' is not sigterm or sigkill");
        };
        return new PairRun.Fault(signal, Duration.ofSeconds(options.valueOf(faultAfter)));
    }

    String host() {
        return options.valueOf(host);
    }

    int port() {
        return options.valueOf(port);
    }

    Duration pairTimeout() {
        return Duration.ofMinutes(options.valueOf(pairTimeout));
    }

    Path runDirectory() {
        if (runDirectory == null) {
            runDirectory = (options.has(out) ? Path.of(options.valueOf(out))
                    : root().resolve("results").resolve(UTC_STAMP.format(ZonedDateTime.now(ZoneOffset.UTC)) + "-" + length().key()))
                    .toAbsolutePath().normalize();
        }
        return runDirectory;
    }

    /** The command as typed, for run.json. */
    List<String> command() {
        List<String> command = new ArrayList<>(List.of("benchmark.sh", "run-all"));
        command.addAll(Arrays.stream(args).filter(arg -> !arg.startsWith("--root")).toList());
        return command;
    }
}
