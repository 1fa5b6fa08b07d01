package org.rpcbench.client;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import joptsimple.OptionException;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;
import joptsimple.ValueConversionException;
import joptsimple.ValueConverter;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.options.TimeValue;
import org.rpcbench.api.Payload;
import org.rpcbench.dubbo.Endpoint;
import org.rpcbench.launch.RunFiles;
import org.rpcbench.registry.RegistryAddress;

/**
 * The client's command line. The run-length names are the ones users of the community suite already pass. The
 * default warmup (15 s) is what a fork needs here to stop climbing with 32 threads on 2 shared cores; five
 * measurement iterations keep JMH's 99.9% error usable. {@code --upstream} restores that suite's longer runs.
 */
final class ClientOptions {

    /** The option a topology run gives each of its consumers. */
    static final String CONCURRENT_CONSUMER = "concurrent-consumer";

    private final OptionParser parser = new OptionParser();
    private final OptionSpec<String> host = parser.accepts("host", "server address to connect to (exactly this one)")
            .withRequiredArg().defaultsTo("127.0.0.1");
    private final OptionSpec<Integer> port = parser.accepts("port", "server port")
            .withRequiredArg().ofType(Integer.class).defaultsTo(8080);
    private final OptionSpec<String> registry = parser.accepts("registry",
                    "find the providers at this ZooKeeper registry, zookeeper://host:port (then --host and --port"
                            + " are not used); default: a direct connection to --host:--port")
            .withRequiredArg();
    private final OptionSpec<Integer> warmupIterations = parser.accepts("warmupIterations", "warmup iterations")
            .withRequiredArg().ofType(Integer.class).defaultsTo(3);
    private final OptionSpec<TimeValue> warmupTime = parser.accepts("warmupTime",
                    "time per warmup iteration: seconds, or a JMH time such as 500ms")
            .withRequiredArg().withValuesConvertedBy(new TimeConverter()).defaultsTo(TimeValue.seconds(5));
    private final OptionSpec<Integer> measurementIterations = parser.accepts("measurementIterations",
                    "measurement iterations")
            .withRequiredArg().ofType(Integer.class).defaultsTo(5);
    private final OptionSpec<TimeValue> measurementTime = parser.accepts("measurementTime",
                    "time per measurement iteration: seconds, or a JMH time such as 500ms")
            .withRequiredArg().withValuesConvertedBy(new TimeConverter()).defaultsTo(TimeValue.seconds(2));
    private final OptionSpec<Integer> forks = parser.accepts("forks", "forked JVMs per benchmark")
            .withRequiredArg().ofType(Integer.class).defaultsTo(1);
    private final OptionSpec<Integer> threads = parser.accepts("threads",
                    "benchmark threads sharing the consumer; a list (1,10,20) runs each level in turn")
            .withRequiredArg().ofType(Integer.class).withValuesSeparatedBy(',').defaultsTo(32);
    private final OptionSpec<Integer> connections = parser.accepts("connections",
                    "TCP connections the consumer opens; 0 is Dubbo's default: one, shared by every thread")
            .withRequiredArg().ofType(Integer.class).defaultsTo(0);
    private final OptionSpec<String> scenario = parser.accepts("scenario",
                    "what to call: user (the four UserService calls), echo (payload echo), cpu (CPU-bound call);"
                            + " a list runs several")
            .withRequiredArg().withValuesSeparatedBy(',').defaultsTo("user");
    private final OptionSpec<String> payload = parser.accepts("payload",
                    "echo payloads: " + Payload.keys())
            .withRequiredArg().withValuesSeparatedBy(',').defaultsTo("1k");
    private final OptionSpec<String> preset = parser.accepts("preset",
                    "a seed report's table: dubbo2-report, dubbox or motan (sets scenario, payload, threads and"
                            + " connections; measures throughput and sample modes)")
            .withRequiredArg();
    private final OptionSpec<String> modes = parser.accepts("modes", "JMH modes: thrpt, avgt, sample")
            .withRequiredArg().withValuesSeparatedBy(',');
    private final OptionSpec<String> resultFormat = parser.accepts("resultFormat",
                    "result format: json, csv, scsv, text or latex")
            .withRequiredArg().defaultsTo("json");
    private final OptionSpec<String> resultFile = parser.acceptsAll(List.of("f", "resultFile"),
                    "result file (default results/<module>-<UTC time>.<format>)")
            .withRequiredArg();
    private final OptionSpec<String> jfr = parser.accepts("jfr",
                    "record a JFR file per benchmark in this directory (JMH's jfr profiler)")
            .withRequiredArg();
    private final OptionSpec<TimeValue> availability = parser.accepts("availability",
                    "fault runs, instead of JMH: call the four UserService calls for this long (seconds, or a JMH"
                            + " time such as 500ms) with --threads threads, count each call as ok, failed or wrong"
                            + " instead of stopping at the first failure, and write a 100 ms timeline with the"
                            + " disturbance window to the result file (json). Exits 0 when no answer was wrong and"
                            + " a call succeeded in the last second, else 1")
            .withRequiredArg().withValuesConvertedBy(new TimeConverter());
    private final OptionSpec<TimeValue> faultAt = parser.accepts("fault-at",
                    "with --availability: a fault is injected this long into the load (by whoever runs the test);"
                            + " the disturbance is looked for from there on, not in the warmup before it")
            .withRequiredArg().withValuesConvertedBy(new TimeConverter());
    private final OptionSpec<Void> upstream = parser.accepts("upstream",
            "the community suite's run lengths: 3 x 10 s warmup, 3 x 10 s measurement");
    private final OptionSpec<Void> concurrentConsumer = parser.accepts(CONCURRENT_CONSUMER,
            "this client is one of several consumers run at once on purpose (a topology run): JMH's machine-wide"
                    + " lock, which keeps two JMH runs from overlapping by accident, is not taken");
    private final OptionSpec<Void> dryRun = parser.accepts("dry-run",
            "check the options, print the JMH runs they make, and exit without connecting");
    private final OptionSpec<Void> help = parser.accepts("help", "show this help").forHelp();

    private OptionSet options;

    /** @throws OptionException naming the option when an option or value is bad */
    ClientOptions parse(String... args) {
        options = parser.parse(args);
        if (!options.nonOptionArguments().isEmpty()) {
            throw new IllegalArgumentException("unexpected argument: " + options.nonOptionArguments().get(0));
        }
        atLeast("warmupIterations", warmupIterations, 0);
        atLeast("measurementIterations", measurementIterations, 1);
        atLeast("forks", forks, 0);
        atLeast("connections", connections, 0);
        for (int level : options.valuesOf(threads)) {
            if (level < 1) {
                throw new IllegalArgumentException("option threads: " + level + " is below 1");
            }
        }
        if (options.has(preset)) {
            for (OptionSpec<?> setByPreset : List.of(scenario, payload, threads, connections)) {
                if (options.has(setByPreset)) {
                    throw new IllegalArgumentException("option " + setByPreset.options().get(0)
                            + ": a preset sets it; drop one of the two");
                }
            }
            Preset.of(options.valueOf(preset));
        }
        try {
            runs().forEach(run -> run.payloads().forEach(Payload::of));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option payload: " + e.getMessage());
        }
        modes();
        if (port() < 1 || port() > 65535) {
            throw new IllegalArgumentException("option port: " + port() + " is not a port number");
        }
        resultFormat();
        endpoint();
        if (options.has(availability)) {
            checkAvailability();
        } else if (options.has(faultAt)) {
            throw new IllegalArgumentException("option fault-at: only with --availability");
        }
        // jopt-simple converts values when they are read: read them all now, so a bad one is a usage error
        warmupTime();
        measurementTime();
        return this;
    }

    private void checkAvailability() {
        for (OptionSpec<?> jmhOnly : List.of(warmupIterations, warmupTime, measurementIterations, measurementTime,
                forks, upstream, preset, modes, scenario, payload, resultFormat, jfr)) {
            if (options.has(jmhOnly)) {
                throw new IllegalArgumentException("option " + jmhOnly.options().get(0)
                        + ": a JMH option, and --availability runs no JMH; drop one of the two");
            }
        }
        if (options.valuesOf(threads).size() > 1) {
            throw new IllegalArgumentException("option threads: --availability runs one thread count, not a list");
        }
        if (availabilityTime().toMillis() < Timeline.RECOVERY_MILLIS) {
            throw new IllegalArgumentException("option availability: " + options.valueOf(availability)
                    + " is shorter than the 1 s a recovery needs");
        }
        if (faultAt() != null && faultAt().compareTo(availabilityTime()) >= 0) {
            throw new IllegalArgumentException("option fault-at: " + options.valueOf(faultAt)
                    + " is not inside the " + options.valueOf(availability) + " load");
        }
    }

    private void atLeast(String name, OptionSpec<Integer> option, int minimum) {
        int value = options.valueOf(option);
        if (value < minimum) {
            throw new IllegalArgumentException("option " + name + ": " + value + " is below " + minimum);
        }
    }

    void printHelp(OutputStream out) throws IOException {
        parser.printHelpOn(out);
    }

    boolean helpRequested() {
        return options.has(help);
    }

    boolean concurrentConsumer() {
        return options.has(concurrentConsumer);
    }

    boolean dryRun() {
        return options.has(dryRun);
    }

    /** @throws IllegalArgumentException when the registry is not an address */
    Endpoint endpoint() {
        if (!options.has(registry)) {
            return new Endpoint(options.valueOf(host), port());
        }
        if (RegistryAddress.EMBEDDED.equals(options.valueOf(registry))) {
            throw new IllegalArgumentException("option registry: a client needs the registry's address,"
                    + " zookeeper://host:port (the server's ready line prints it)");
        }
        try {
            return new Endpoint(options.valueOf(host), port(), RegistryAddress.parse(options.valueOf(registry)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option registry: " + e.getMessage());
        }
    }

    private int port() {
        return options.valueOf(port);
    }

    int warmupIterations() {
        return options.has(upstream) && !options.has(warmupIterations) ? 3 : options.valueOf(warmupIterations);
    }

    TimeValue warmupTime() {
        return options.has(upstream) && !options.has(warmupTime) ? TimeValue.seconds(10) : options.valueOf(warmupTime);
    }

    int measurementIterations() {
        return options.has(upstream) && !options.has(measurementIterations)
                ? 3 : options.valueOf(measurementIterations);
    }

    TimeValue measurementTime() {
        return options.has(upstream) && !options.has(measurementTime)
                ? TimeValue.seconds(10) : options.valueOf(measurementTime);
    }

    int forks() {
        return options.valueOf(forks);
    }

    /** The JMH invocations of this client run: a preset's, or one per thread level. */
    List<JmhRun> runs() {
        if (options.has(preset)) {
            return Preset.of(options.valueOf(preset)).runs();
        }
        Set<Scenario> scenarios = options.valuesOf(scenario).stream().map(Scenario::of)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Scenario.class)));
        return options.valuesOf(threads).stream()
                .map(level -> new JmhRun(scenarios, options.valuesOf(payload), level))
                .toList();
    }

    /** The availability run's length, or null for a JMH run. */
    Duration availabilityTime() {
        if (!options.has(availability)) {
            return null;
        }
        return duration(options.valueOf(availability));
    }

    /** When a fault comes into the availability load, or null. */
    Duration faultAt() {
        return options.has(faultAt) ? duration(options.valueOf(faultAt)) : null;
    }

    private static Duration duration(TimeValue time) {
        return Duration.ofNanos(time.getTimeUnit().toNanos(time.getTime()));
    }

    /** The availability run's threads: the one --threads value. */
    int availabilityThreads() {
        return options.valueOf(threads);
    }

    Preset preset() {
        return options.has(preset) ? Preset.of(options.valueOf(preset)) : null;
    }

    int connections() {
        return options.has(preset) ? preset().connections() : options.valueOf(connections);
    }

    /** The JMH modes: as given, else a preset's throughput and sample, else each benchmark's own three. */
    List<Mode> modes() {
        if (options.has(modes)) {
            return options.valuesOf(modes).stream().map(ClientOptions::mode).toList();
        }
        return options.has(preset) ? List.of(Mode.Throughput, Mode.SampleTime) : List.of();
    }

    private static Mode mode(String name) {
        return Stream.of(Mode.Throughput, Mode.AverageTime, Mode.SampleTime)
                .filter(mode -> mode.shortLabel().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "option modes: '" + name + "' is not thrpt, avgt or sample"));
    }

    ResultFormatType resultFormat() {
        String format = options.valueOf(resultFormat);
        try {
            return ResultFormatType.valueOf(format.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option resultFormat: '" + format
                    + "' is not one of json, csv, scsv, text, latex");
        }
    }

    /** The result file: as given, or results/&lt;module&gt;-&lt;UTC time&gt;.&lt;format&gt; in the working directory. */
    Path resultFile(String module) {
        if (options.has(resultFile)) {
            return Path.of(options.valueOf(resultFile));
        }
        return Path.of("results",
                module + "-" + RunFiles.utcStamp() + "." + resultFormat().name().toLowerCase(Locale.ROOT));
    }

    Path jfrDirectory() {
        return options.has(jfr) ? Path.of(options.valueOf(jfr)) : null;
    }

    /** Plain seconds, as the community suite takes them, or a JMH time value ("500ms", "2s"). */
    private static final class TimeConverter implements ValueConverter<TimeValue> {

        @Override
        public TimeValue convert(String value) {
            try {
                TimeValue time = value.chars().allMatch(Character::isDigit)
                        ? TimeValue.seconds(Long.parseLong(value)) : TimeValue.fromString(value);
                if (time.getTime() <= 0) {
                    throw new ValueConversionException("'" + value + "' is not a positive time");
                }
                return time;
            } catch (IllegalArgumentException e) {
                throw new ValueConversionException("'" + value + "' is not a time (e.g. 10 or 500ms)", e);
            }
        }

        @Override
        public Class<? extends TimeValue> valueType() {
            return TimeValue.class;
        }

        @Override
        public String valuePattern() {
            return "time";
        }
    }
}
