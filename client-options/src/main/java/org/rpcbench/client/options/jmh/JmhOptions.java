package org.rpcbench.client.options.jmh;

import static java.util.Objects.requireNonNullElse;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.rpcbench.api.Payload;
import org.rpcbench.client.options.values.JmhTime;
import org.rpcbench.client.options.values.TimeConverter;
import org.rpcbench.contract.LockstepAddress;
import org.rpcbench.contract.OptionNames;
import org.rpcbench.stack.StreamDirection;
import picocli.CommandLine.Option;

/**
 * JMH's options, the client's default load. The run-length names are the ones users of the community suite already
 * pass. The default warmup (30 s) is what a fork needed here to stop climbing with 32 threads on 2 shared cores;
 * thirty 1-s measurement iterations put JMH's 99.9% error under a tenth at the settled iterations' spread, and
 * sample mode, whose percentiles pool every iteration's samples, takes ten, so that the two modes take the time
 * twenty each did (docs/harness-gap.md). {@code --upstream} restores that suite's runs.
 */
public final class JmhOptions {

    /** JMH's modes by their short labels, in the order the client runs them. */
    private static final List<String> MODES = List.of("thrpt", "avgt", "sample");
    /** JMH's result formats, by the names the option takes. */
    private static final List<String> RESULT_FORMATS = List.of("json", "csv", "scsv", "text", "latex");
    /** Throughput's measured iterations: JMH's 99.9% error 0.67 of the iterations' spread (t 3.66 over root 30). */
    static final int DEFAULT_MEASUREMENT_ITERATIONS = 30;
    /** Sample mode's: 10 s of samples per fork, some 200,000 calls here, beyond what p99.99 needs. */
    static final int DEFAULT_SAMPLE_ITERATIONS = 10;
    /** Enough messages that the stream's own call and its end weigh little beside them. */
    static final int DEFAULT_STREAM_MESSAGES = 100;

    @Option(names = "--warmupIterations", paramLabel = "n", description = "warmup iterations (default: 6)")
    Integer warmupIterations;

    @Option(names = "--warmupTime", paramLabel = "time", converter = TimeConverter.class,
            description = "time per warmup iteration: seconds, or a JMH time such as 500ms (default: 5)")
    JmhTime warmupTime;

    @Option(names = "--measurementIterations", paramLabel = "n",
            description = "measurement iterations (default: " + DEFAULT_MEASUREMENT_ITERATIONS + "; in sample mode "
                    + DEFAULT_SAMPLE_ITERATIONS + ", or this when given)")
    Integer measurementIterations;

    @Option(names = "--sampleIterations", paramLabel = "n", description = "sample mode's measurement iterations:"
            + " its percentiles pool every iteration's samples, so it needs fewer than a throughput's error does"
            + " (default: " + DEFAULT_SAMPLE_ITERATIONS + ", or --measurementIterations when given)")
    Integer sampleIterations;

    @Option(names = "--measurementTime", paramLabel = "time", converter = TimeConverter.class,
            description = "time per measurement iteration: seconds, or a JMH time such as 500ms (default: 1)")
    JmhTime measurementTime;

    @Option(names = "--forks", paramLabel = "n", description = "forked JVMs per benchmark (default: 1)")
    Integer forks;

    @Option(names = "--upstream", description = "the community suite's run lengths: 3 x 10 s warmup, 3 x 10 s"
            + " measurement")
    boolean upstream;

    @Option(names = "--scenario", split = ",", paramLabel = "s[,s...]",
            description = "what to call: user (the four UserService calls), echo (payload echo), cpu"
                    + " (CPU-bound call), stream (each payload streamed --stream-messages times in one stream, in"
                    + " each --stream-direction, measured per message); a list runs several (default: user)")
    List<String> scenarios;

    @Option(names = "--stream-messages", paramLabel = "n", description = "the stream scenario's messages per"
            + " stream (default: " + DEFAULT_STREAM_MESSAGES + ")")
    Integer streamMessages;

    @Option(names = "--stream-direction", split = ",", paramLabel = "d[,d...]", description = "the stream"
            + " scenario's directions: server (one request, --stream-messages answers), client (that many requests,"
            + " one answer) or bidi (that many requests, each answered); a list runs each (default: server)")
    List<String> streamDirections;

    @Option(names = "--benchmarks", split = ",", paramLabel = "b[,b...]",
            description = "only these of the scenarios' benchmarks, e.g. getUser,listUser: each runs in a fork"
                    + " of its own, so fewer is a shorter run (default: every one)")
    List<String> benchmarks;

    @Option(names = "--payload", split = ",", paramLabel = "p[,p...]",
            description = "echo payloads (default: 1k): ${COMPLETION-CANDIDATES}",
            completionCandidates = PayloadKeys.class)
    List<String> payloads;

    @Option(names = "--preset", paramLabel = "name", description = "a seed report's table: dubbo2-report, dubbox,"
            + " motan or server-limit (sets scenario, payload, threads and connections; measures throughput and"
            + " sample modes)")
    String preset;

    @Option(names = "--modes", split = ",", paramLabel = "m[,m...]", description = "JMH modes: thrpt, avgt,"
            + " sample (default: thrpt and sample, whose mean is the average time)")
    List<String> modes;

    @Option(names = "--resultFormat", paramLabel = "format",
            description = "result format: json, csv, scsv, text or latex (default: json)")
    String resultFormat;

    @Option(names = OptionNames.PROFILE, paramLabel = "dir", description = "record CPU and allocation samples of"
            + " every benchmark fork's measured iterations into <dir>/<benchmark>/fork-<n>.jfr: async-profiler"
            + " where its library loads, the JDK's Flight Recorder otherwise")
    Path profile;

    @Option(names = "--gc", description = "add JMH's gc profiler: bytes allocated per call (gc.alloc.rate.norm)"
            + " and collections beside every result")
    boolean gc;

    @Option(names = OptionNames.LOCKSTEP, paramLabel = "host:port", description = "meet the other consumers of a"
            + " topology run at this meeting point before every iteration, warmup ones included, so that all of"
            + " them measure at once (implies " + OptionNames.CONCURRENT_CONSUMER + "; run-all gives it)")
    String lockstep;

    @Option(names = OptionNames.LOCKSTEP_HOST, paramLabel = "address", description = "host the other consumers'"
            + " meeting point on this address (a free port), its host:port written to "
            + OptionNames.LOCKSTEP_FILE + " as soon as it listens, and meet there too (run-all gives it to the first"
            + " consumer)")
    String lockstepHost;

    @Option(names = OptionNames.LOCKSTEP_FILE, paramLabel = "file", description = "where "
            + OptionNames.LOCKSTEP_HOST + " writes the meeting point's address")
    Path lockstepFile;

    @Option(names = OptionNames.LOCKSTEP_CONSUMERS, paramLabel = "n", description = "how many consumers meet at"
            + " the meeting point, this one among them")
    Integer lockstepConsumers;

    /** The preset named, or null; @throws IllegalArgumentException naming the presets there are */
    public Preset preset() {
        return preset == null ? null : Preset.of(preset);
    }

    /**
     * The settings these options give, checked.
     *
     * @param threads the levels {@code --threads} gives, each run in turn
     * @param threadsGiven whether {@code --threads} was given, which a preset sets
     * @param connectionsGiven whether {@code --connections} was given, which a preset sets
     * @throws IllegalArgumentException naming the option when a value is bad
     */
    public JmhSettings settings(List<Integer> threads, boolean threadsGiven, boolean connectionsGiven) {
        int warmups = requireNonNullElse(warmupIterations, upstream ? 3 : 6);
        int measurements = requireNonNullElse(measurementIterations,
                upstream ? 3 : DEFAULT_MEASUREMENT_ITERATIONS);
        int samples = requireNonNullElse(sampleIterations, measurementIterations != null || upstream ? measurements
                : DEFAULT_SAMPLE_ITERATIONS);
        int forked = requireNonNullElse(forks, 1);
        atLeast("warmupIterations", warmups, 0);
        atLeast("measurementIterations", measurements, 1);
        atLeast("sampleIterations", samples, 1);
        List<String> measuredModes = modes();
        if (sampleIterations != null && measuredModes.isEmpty()) {
            throw new IllegalArgumentException("option sampleIterations: with --upstream each benchmark runs its own"
                    + " three modes in one JMH invocation, at --measurementIterations; name the modes (--modes)");
        }
        if (sampleIterations != null && !measuredModes.contains("sample")) {
            throw new IllegalArgumentException("option sampleIterations: sample mode does not run: add it to"
                    + " --modes");
        }
        atLeast("forks", forked, 0);
        if (preset != null) {
            Preset.of(preset);
            List<String> setByPreset = new ArrayList<>();
            if (scenarios != null) {
                setByPreset.add("scenario");
            }
            if (payloads != null) {
                setByPreset.add("payload");
            }
            if (streamMessages != null) {
                setByPreset.add("stream-messages");
            }
            if (streamDirections != null) {
                setByPreset.add("stream-direction");
            }
            if (connectionsGiven) {
                setByPreset.add("connections");
            }
            if (benchmarks != null) {
                setByPreset.add("benchmarks");
            }
            if (threadsGiven) {
                setByPreset.add("threads");
            }
            if (!setByPreset.isEmpty()) {
                throw new IllegalArgumentException("option " + setByPreset.get(0)
                        + ": a preset sets it; drop one of the two");
            }
        }
        for (String scenario : scenarios == null ? List.<String>of() : scenarios) {
            Scenario.of(scenario);
        }
        boolean streams = scenarios != null && scenarios.contains(Scenario.STREAM.key());
        if (streamMessages != null) {
            atLeast("stream-messages", streamMessages, 1);
            if (!streams) {
                throw new IllegalArgumentException("option stream-messages: only the stream scenario streams;"
                        + " add --scenario stream");
            }
        }
        Set<StreamDirection> directions = streamDirections();
        if (streamDirections != null && !streams) {
            throw new IllegalArgumentException("option stream-direction: only the stream scenario streams;"
                    + " add --scenario stream");
        }
        Set<String> only = benchmarks == null ? Set.of() : Set.copyOf(benchmarks);
        List<JmhRun> runs = runs(threads, directions);
        checkBenchmarks(runs.stream().flatMap(run -> run.scenarios().stream())
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Scenario.class))), only);
        for (String benchmark : only) {
            StreamDirection direction = StreamDirection.ofBenchmark(benchmark);
            if (direction != null && !directions.contains(direction)) {
                throw new IllegalArgumentException("option benchmarks: " + benchmark + " streams in the "
                        + direction.key() + " direction; add --stream-direction " + direction.key());
            }
        }
        // a run of which --benchmarks names nothing is no run (--scenario user,stream --benchmarks serverStream)
        runs = runs.stream().filter(run -> run.scenarios().stream()
                .anyMatch(scenario -> !run.selected(scenario, only).isEmpty())).toList();
        try {
            runs.forEach(run -> run.payloads().forEach(Payload::of));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option payload: " + e.getMessage());
        }
        return new JmhSettings(warmups,
                warmupTime != null ? warmupTime : JmhTime.seconds(upstream ? 10 : 5),
                measurements, samples,
                measurementTime != null ? measurementTime : JmhTime.seconds(upstream ? 10 : 1),
                forked, runs, only, measuredModes, resultFormat(), profile, gc, lockstep(), preset());
    }

    private static void atLeast(String name, int value, int minimum) {
        if (value < minimum) {
            throw new IllegalArgumentException("option " + name + ": " + value + " is below " + minimum);
        }
    }

    /**
     * The JMH invocations of this client run: a preset's, or one per thread level, the stream scenario in one of its
     * own after the others'.
     */
    private List<JmhRun> runs(List<Integer> threads, Set<StreamDirection> directions) {
        if (preset != null) {
            return Preset.of(preset).runs();
        }
        Set<Scenario> chosen = (scenarios == null ? List.of("user") : scenarios).stream()
                .map(Scenario::of).collect(Collectors.toCollection(() -> EnumSet.noneOf(Scenario.class)));
        List<String> echoed = payloads == null ? List.of("1k") : payloads;
        Set<Scenario> unary = EnumSet.copyOf(chosen);
        unary.remove(Scenario.STREAM);
        List<JmhRun> runs = new ArrayList<>();
        for (int level : threads) {
            if (!unary.isEmpty()) {
                runs.add(new JmhRun(unary, echoed, level));
            }
            if (chosen.contains(Scenario.STREAM)) {
                runs.add(new JmhRun(EnumSet.of(Scenario.STREAM), echoed, level,
                        requireNonNullElse(streamMessages, DEFAULT_STREAM_MESSAGES), directions));
            }
        }
        return runs;
    }

    /** The stream's directions, in the order the benchmark declares them: as given, else server streaming. */
    private Set<StreamDirection> streamDirections() {
        if (streamDirections == null) {
            return EnumSet.of(StreamDirection.SERVER);
        }
        return streamDirections.stream().map(StreamDirection::of)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(StreamDirection.class)));
    }

    private static void checkBenchmarks(Set<Scenario> scenarios, Set<String> only) {
        List<String> known = scenarios.stream().flatMap(scenario -> scenario.benchmarks().stream()).toList();
        for (String benchmark : only) {
            if (!known.contains(benchmark)) {
                throw new IllegalArgumentException("option benchmarks: '" + benchmark + "' is not a benchmark of "
                        + scenarios.stream().map(Scenario::key).collect(Collectors.joining(", "))
                        + "; benchmarks: " + String.join(", ", known));
            }
        }
    }

    /**
     * The JMH modes, by JMH's short labels: as given, else throughput and sample time (with a fixed thread count the
     * average time is the sample mode's mean, so its forks would cost a third of the run for nothing new), or all
     * three for the community suite's schedule ({@code --upstream}: none named, JMH's default).
     */
    private List<String> modes() {
        if (modes != null) {
            for (String name : modes) {
                if (!MODES.contains(name)) {
                    throw new IllegalArgumentException("option modes: '" + name + "' is not thrpt, avgt or sample");
                }
            }
            return List.copyOf(modes);
        }
        return upstream && preset == null ? List.of() : List.of("thrpt", "sample");
    }

    /** The result's format, one of JMH's by its lowercase name. */
    private String resultFormat() {
        String format = resultFormat == null ? "json" : resultFormat;
        if (!RESULT_FORMATS.contains(format.toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException("option resultFormat: '" + format
                    + "' is not one of json, csv, scsv, text, latex");
        }
        return format.toLowerCase(Locale.ROOT);
    }

    private JmhSettings.Lockstep lockstep() {
        if (lockstep != null && lockstepHost != null) {
            throw new IllegalArgumentException("option lockstep: give " + OptionNames.LOCKSTEP + " (meet there) or "
                    + OptionNames.LOCKSTEP_HOST + " (host the meeting point), not both");
        }
        if ((lockstep == null && lockstepHost == null) != (lockstepConsumers == null)) {
            throw new IllegalArgumentException("option lockstep: " + OptionNames.LOCKSTEP + " (or "
                    + OptionNames.LOCKSTEP_HOST + ") and " + OptionNames.LOCKSTEP_CONSUMERS + " go together");
        }
        if ((lockstepHost == null) != (lockstepFile == null)) {
            throw new IllegalArgumentException("option lockstep-host: " + OptionNames.LOCKSTEP_HOST + " and "
                    + OptionNames.LOCKSTEP_FILE + " go together");
        }
        if (lockstepConsumers == null) {
            return null;
        }
        if (lockstepConsumers < 2) {
            throw new IllegalArgumentException("option lockstep-consumers: " + lockstepConsumers
                    + " consumers do not need to meet: give 2 or more");
        }
        if (lockstepHost != null) {
            return new JmhSettings.Lockstep(lockstepConsumers, null, lockstepHost, lockstepFile);
        }
        try {
            return new JmhSettings.Lockstep(lockstepConsumers, LockstepAddress.parse(lockstep), null, null);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option lockstep: " + e.getMessage(), e);
        }
    }

    /** The payload names, for the help text. */
    static final class PayloadKeys implements Iterable<String> {

        @Override
        public Iterator<String> iterator() {
            return Stream.of(Payload.values()).map(Payload::key).iterator();
        }
    }
}
