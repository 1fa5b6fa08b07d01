package org.rpcbench.client.options;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.rpcbench.api.InjectCostOption;
import org.rpcbench.api.Payload;
import org.rpcbench.contract.Durations;
import org.rpcbench.contract.Hosts;
import org.rpcbench.contract.OpenLoopReport;
import org.rpcbench.contract.OptionNames;
import org.rpcbench.contract.RecordFileOptions;
import org.rpcbench.contract.RegistryAddress;
import org.rpcbench.contract.RunFiles;
import org.rpcbench.contract.SoakReport;
import org.rpcbench.contract.Timeline;
import org.rpcbench.stack.Target;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The client's command line. The run-length names are the ones users of the community suite already pass. The
 * default warmup (30 s) is what a fork needed here to stop climbing with 32 threads on 2 shared cores; twenty 1-s
 * measurement iterations put JMH's 99.9% error near a tenth at the settled iterations' spread (docs/harness-gap.md).
 * {@code --upstream} restores that suite's runs. JMH's options and the availability load exclude each other.
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

    private CommandLine.ParseResult parsed;


    private static Set<String> optionNames(Class<?> group) {
        return Stream.of(group.getDeclaredFields())
                .map(field -> field.getAnnotation(Option.class))
                .filter(Objects::nonNull)
                .flatMap(option -> Stream.of(option.names()))
                .collect(Collectors.toSet());
    }

    /** What the client runs: JMH (its options), the availability load or the open-loop load; one of them. */
    static final class Load {

        @ArgGroup(exclusive = false, heading = "JMH:%n")
        JmhOptions jmh;

        @ArgGroup(exclusive = false, heading = "Availability load (fault runs, instead of JMH):%n")
        AvailabilityOptions availability;

        @ArgGroup(exclusive = false, heading = "Open-loop load (response time at a fixed rate, instead of JMH):%n")
        OpenLoopOptions openLoop;

        @ArgGroup(exclusive = false, heading = "Soak (a stability run with both JVMs judged, instead of JMH):%n")
        SoakOptions soak;

        /** Each load's options, for saying which two were given together. */
        enum Kind {
            JMH(JmhOptions.class, "a JMH option", "JMH"),
            AVAILABILITY(AvailabilityOptions.class, "an availability option", "the availability load"),
            OPEN_LOOP(OpenLoopOptions.class, "an open-loop option", "the open-loop load"),
            SOAK(SoakOptions.class, "a soak option", "a soak");

            private final Set<String> options;
            private final String option;
            private final String load;

            Kind(Class<?> group, String option, String load) {
                this.options = optionNames(group);
                this.option = option;
                this.load = load;
            }
        }
    }

    static final class JmhOptions {

        @Option(names = "--warmupIterations", paramLabel = "n", description = "warmup iterations (default: 6)")
        Integer warmupIterations;

        @Option(names = "--warmupTime", paramLabel = "time", converter = TimeConverter.class,
                description = "time per warmup iteration: seconds, or a JMH time such as 500ms (default: 5)")
        JmhTime warmupTime;

        @Option(names = "--measurementIterations", paramLabel = "n",
                description = "measurement iterations (default: 20)")
        Integer measurementIterations;

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
                        + " (CPU-bound call); a list runs several (default: user)")
        List<String> scenarios;

        @Option(names = "--benchmarks", split = ",", paramLabel = "b[,b...]",
                description = "only these of the scenarios' benchmarks, e.g. getUser,listUser: each runs in a fork"
                        + " of its own, so fewer is a shorter run (default: every one)")
        List<String> benchmarks;

        @Option(names = "--payload", split = ",", paramLabel = "p[,p...]",
                description = "echo payloads (default: 1k): ${COMPLETION-CANDIDATES}",
                completionCandidates = PayloadKeys.class)
        List<String> payloads;

        @Option(names = "--preset", paramLabel = "name", description = "a seed report's table: dubbo2-report, dubbox"
                + " or motan (sets scenario, payload, threads and connections; measures throughput and sample modes)")
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

        @Option(names = OptionNames.LOCKSTEP, paramLabel = "dir", description = "meet the other consumers of a"
                + " topology run in this directory before every iteration, warmup ones included, so that all of"
                + " them measure at once (implies " + OptionNames.CONCURRENT_CONSUMER + "; run-all gives it)")
        Path lockstep;

        @Option(names = OptionNames.LOCKSTEP_CONSUMERS, paramLabel = "n", description = "how many consumers meet in"
                + " the " + OptionNames.LOCKSTEP + " directory, this one among them")
        Integer lockstepConsumers;
    }

    static final class AvailabilityOptions {

        @Option(names = OptionNames.AVAILABILITY, required = true, paramLabel = "time", converter = TimeConverter.class,
                description = "call the four UserService calls for this long (seconds, or a JMH time such as 500ms)"
                        + " with --threads threads, count each call as ok, failed or wrong instead of stopping at the"
                        + " first failure, and write a 100 ms timeline with the disturbance window to the result"
                        + " file (json). Exits 0 when no answer was wrong and a call succeeded in the last second")
        JmhTime time;

        @Option(names = OptionNames.FAULT_AT, paramLabel = "time", converter = TimeConverter.class,
                description = "a fault is injected this long into the load (by whoever runs the test); the"
                        + " disturbance is looked for from there on, not in the warmup before it")
        JmhTime faultAt;
    }

    static final class OpenLoopOptions {

        @Option(names = OptionNames.RATE, paramLabel = "calls/s",
                description = "send each call at this rate, due at fixed times whether or not earlier calls have"
                        + " returned, from --threads threads (the most in flight at once), and time each from its"
                        + " due time to its checked answer into HdrHistogram: response time without coordinated"
                        + " omission. Writes the result (json), an interval log (.hlog) and a percentile"
                        + " distribution (.hgrm) per call; exits 1 when a call failed or the rate was not kept")
        Double rate;

        @Option(names = OptionNames.RATE_SWEEP, split = ",", paramLabel = "%[,%...]",
                description = "instead of --rate: measure each call's capacity in a closed loop of --threads threads"
                        + " first, then run it open-loop at these percentages of it in turn, up to the first step"
                        + " whose rate is not kept (the curve's end), e.g. 10,25,50,75,90,100")
        List<Integer> sweep;

        @Option(names = "--slo", paramLabel = "pNN=time", description = "with --rate-sweep: a response-time bound,"
                + " e.g. p99=5ms; the highest rate kept within it below the first step that broke it is each call's"
                + " capacity under it")
        String slo;

        @Option(names = "--duration", paramLabel = "time", converter = TimeConverter.class,
                description = "measured time per call and rate (default: 10)")
        JmhTime duration;

        @Option(names = "--warmup", paramLabel = "time", converter = TimeConverter.class,
                description = "per call, a closed loop of every thread first (the JIT compiles at full speed), then"
                        + " this long again at each rate before it is measured (default: 10; the first call measured"
                        + " after a shorter one reads slower than the rest here)")
        JmhTime warmup;

        @Option(names = "--arrival", paramLabel = "fixed|poisson",
                description = "fixed: evenly spaced; poisson: exponential gaps of the same mean (default: fixed)")
        String arrival;

        @Option(names = "--calls", split = ",", paramLabel = "c[,c...]",
                description = "the calls, each run in turn: existUser, createUser, getUser, listUser or"
                        + " echo:<payload> (default: the four UserService calls)")
        List<String> calls;
    }

    static final class SoakOptions {

        @Option(names = OptionNames.SOAK, required = true, paramLabel = "time", description = "call the seed's"
                + " stability calls mixed (each thread going round them) for this long, e.g. 10m or 50h, at --threads"
                + " threads (default 20 here), every answer checked and failures counted; sample this JVM and the"
                + " interval's calls every --sample-every; then judge this JVM and each --server-samples series"
                + " after the warmup (live set growth, full GCs, threads, open files, errors, a fall in throughput)"
                + " and exit 1 when a limit is broken")
        String length;

        @Option(names = "--soak-warmup", paramLabel = "time", description = "left out of the verdict (default: a"
                + " tenth of --soak, from 20s to 10m)")
        String warmup;

        @Option(names = "--soak-calls", split = ",", paramLabel = "c[,c...]", description = "the calls mixed:"
                + " existUser, createUser, getUser, listUser or echo:<payload> (default: "
                + SOAK_CALLS_TEXT + ", the seed's 5K string, person and map of 3 persons)")
        List<String> calls;

        @Option(names = "--payload-schedule", paramLabel = "random:min-max:time", description = "the seed's"
                + " high-pressure run: the string echo's size drawn anew (log-uniformly, a fixed seed) every interval,"
                + " e.g. random:20b-200k:10m (sizes in b, k or m; a soak shorter than ten intervals changes it every"
                + " tenth of its length)")
        String payloadSchedule;

        @Option(names = OptionNames.JVM_SAMPLES, paramLabel = "file", description = "this JVM's samples, a JSON"
                + " line each, flushed as taken (default: the result file's name + .jvm.jsonl)")
        Path jvmSamples;

        @Option(names = OptionNames.SAMPLE_EVERY, paramLabel = "time", description = "the interval (default: 5s)")
        String sampleEvery;

        @Option(names = OptionNames.SERVER_SAMPLES, split = ",", paramLabel = "file[,file...]",
                description = "servers' --jvm-samples files (on this machine) to judge with this JVM's")
        List<Path> serverSamples;

        @Option(names = OptionNames.LIVE_SET_EVERY, paramLabel = "time", description = "how often a sample also"
                + " measures the live set, the heap after a full GC it asks for (default: a tenth of --soak, from 5s"
                + " to 10m); the same should be given to the servers")
        String liveSetEvery;

        @Option(names = "--max-live-set-growth", paramLabel = "MB/h", description = "the live set's fitted growth"
                + " (default: 4, the seed's 200 MB of old generation in 50 h)")
        Double liveSetMbPerHour;

        @Option(names = "--live-set-noise", paramLabel = "MB", description = "growth over the window below this is"
                + " not judged (default: 8)")
        Double liveSetNoiseMb;

        @Option(names = "--max-full-gcs", paramLabel = "n", description = "full GCs after the warmup (default: 0)")
        Long fullGcs;

        @Option(names = "--max-thread-growth", paramLabel = "n", description = "threads gained (default: 5)")
        Long threadGrowth;

        @Option(names = "--max-open-file-growth", paramLabel = "n", description = "open files gained (default: 5)")
        Long openFileGrowth;

        @Option(names = "--max-errors", paramLabel = "n", description = "failed or wrong calls (default: 0)")
        Long errors;

        @Option(names = "--max-fall", paramLabel = "%", description = "how much lower calls/s in the window's last"
                + " tenth may be than in its first (default: 20)")
        Double fallPercent;
    }

    /** The seed's stability calls: a 5K string, a person, a map of 3 persons. */
    static final List<String> SOAK_CALLS = List.of("echo:5k", "echo:person", "echo:personMap");
    private static final String SOAK_CALLS_TEXT = "echo:5k,echo:person,echo:personMap";
    private static final int SOAK_THREADS = 20;

    private ClientOptions() {
    }

    /**
     * Parses and checks every option and value, without connecting anywhere.
     *
     * @throws IllegalArgumentException naming the option when an option or value is bad
     */
    public static ClientOptions parse(List<String> args) {
        ClientOptions options = new ClientOptions();
        try {
            options.parsed = new CommandLine(options).parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.MutuallyExclusiveArgsException e) {
            throw new IllegalArgumentException(twoLoads(args), e);
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        options.check();
        return options;
    }

    static ClientOptions parse(String... args) {
        return parse(List.of(args));
    }

    /** Why options of two loads cannot be given together, naming one of each. */
    private static String twoLoads(List<String> args) {
        List<String> names = args.stream().map(arg -> arg.split("=", 2)[0]).toList();
        List<Load.Kind> given = Stream.of(Load.Kind.values())
                .filter(kind -> names.stream().anyMatch(kind.options::contains)).toList();
        if (given.size() < 2) {
            return "options of two loads given; drop one of the two";
        }
        String first = names.stream().filter(given.get(0).options::contains).findFirst().orElseThrow();
        String second = names.stream().filter(given.get(1).options::contains).findFirst().orElseThrow();
        return "option " + first.substring(2) + ": " + given.get(0).option + ", and " + second + " runs "
                + (given.get(0) == Load.Kind.JMH ? "no JMH" : given.get(1).load + " instead")
                + "; drop one of the two";
    }

    private void check() {
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
        if (availability() != null) {
            checkAvailability();
            return;
        }
        if (openLoop() != null) {
            checkOpenLoop();
            return;
        }
        if (soak() != null) {
            checkSoak();
            return;
        }
        atLeast("warmupIterations", warmupIterations(), 0);
        atLeast("measurementIterations", measurementIterations(), 1);
        atLeast("forks", forks(), 0);
        if (jmh().preset != null) {
            Preset.of(jmh().preset);
            List<String> setByPreset = new ArrayList<>();
            if (jmh().scenarios != null) {
                setByPreset.add("scenario");
            }
            if (jmh().payloads != null) {
                setByPreset.add("payload");
            }
            if (connections != null) {
                setByPreset.add("connections");
            }
            if (jmh().benchmarks != null) {
                setByPreset.add("benchmarks");
            }
            if (parsed.hasMatchedOption("--threads")) {
                setByPreset.add("threads");
            }
            if (!setByPreset.isEmpty()) {
                throw new IllegalArgumentException("option " + setByPreset.get(0)
                        + ": a preset sets it; drop one of the two");
            }
        }
        for (String scenario : jmh().scenarios == null ? List.<String>of() : jmh().scenarios) {
            Scenario.of(scenario);
        }
        checkBenchmarks();
        try {
            runs().forEach(run -> run.payloads().forEach(Payload::of));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option payload: " + e.getMessage());
        }
        modes();
        resultFormat();
        checkLockstep();
    }

    private void checkLockstep() {
        if ((jmh().lockstep == null) != (jmh().lockstepConsumers == null)) {
            throw new IllegalArgumentException("option lockstep: " + OptionNames.LOCKSTEP + " and "
                    + OptionNames.LOCKSTEP_CONSUMERS + " go together");
        }
        if (jmh().lockstep == null) {
            return;
        }
        if (jmh().lockstepConsumers < 2) {
            throw new IllegalArgumentException("option lockstep-consumers: " + jmh().lockstepConsumers
                    + " consumers do not need to meet: give 2 or more");
        }
        if (!Files.isDirectory(jmh().lockstep) || !Files.isWritable(jmh().lockstep)) {
            throw new IllegalArgumentException("option lockstep: " + jmh().lockstep + " is not a writable directory");
        }
    }

    /** Where the consumers of a topology run meet before every iteration; null when alone. */
    public Path lockstepDirectory() {
        return jmh().lockstep;
    }

    /** How many consumers meet in the {@link #lockstepDirectory()}, this one among them. */
    public int lockstepConsumers() {
        return jmh().lockstepConsumers;
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

    private void checkAvailability() {
        if (threads.size() > 1) {
            throw new IllegalArgumentException("option threads: --availability runs one thread count, not a list");
        }
        if (availabilityTime().toMillis() < Timeline.RECOVERY_MILLIS) {
            throw new IllegalArgumentException("option availability: " + availability().time
                    + " is shorter than the 1 s a recovery needs");
        }
        if (faultAt() != null && faultAt().compareTo(availabilityTime()) >= 0) {
            throw new IllegalArgumentException("option fault-at: " + availability().faultAt
                    + " is not inside the " + availability().time + " load");
        }
    }

    /**
     * The highest rate the open loop takes: a call due every 100 ns. Its threads take due times one at a time; past
     * this they would be handed times already gone, and the run would measure its own schedule, not the stack.
     */
    public static final double MAX_RATE = 10_000_000;

    private void checkOpenLoop() {
        if (threads.size() > 1) {
            throw new IllegalArgumentException("option threads: the open loop runs one thread count, not a list");
        }
        if ((openLoop().rate == null) == (openLoop().sweep == null)) {
            throw new IllegalArgumentException("option rate: the open-loop load takes --rate or --rate-sweep, one"
                    + " of the two");
        }
        if (openLoop().rate != null && (!(openLoop().rate > 0) || Double.isInfinite(openLoop().rate))) {
            throw new IllegalArgumentException("option rate: " + openLoop().rate + " is not a positive rate");
        }
        if (openLoop().rate != null && openLoop().rate > MAX_RATE) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "option rate: %,.0f calls/s is beyond what"
                    + " the load generator schedules: at most %,.0f, a call due every %d ns (its threads take a due"
                    + " time in turn)", openLoop().rate, MAX_RATE, (long) (1e9 / MAX_RATE)));
        }
        if (openLoop().sweep != null) {
            int previous = 0;
            for (int percent : openLoop().sweep) {
                if (percent <= previous || percent > 1000) {
                    throw new IllegalArgumentException("option rate-sweep: " + openLoop().sweep + " is not a rising"
                            + " list of percentages from 1 to 1000");
                }
                previous = percent;
            }
        }
        if (openLoop().slo != null && openLoop().sweep == null) {
            throw new IllegalArgumentException("option slo: a bound judges a sweep's steps: give --rate-sweep");
        }
        slo();
        arrival();
        try {
            openLoopCalls();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option calls: " + e.getMessage());
        }
    }

    private void checkSoak() {
        if (threads.size() > 1) {
            throw new IllegalArgumentException("option threads: a soak runs one thread count, not a list");
        }
        soakSettings();
    }

    private static void atLeast(String name, int value, int minimum) {
        if (value < minimum) {
            throw new IllegalArgumentException("option " + name + ": " + value + " is below " + minimum);
        }
    }

    /** The usage text. */
    public static void printHelp(PrintStream out) {
        new CommandLine(new ClientOptions()).usage(out);
    }

    private JmhOptions jmh() {
        return load.jmh != null ? load.jmh : new JmhOptions();
    }

    private AvailabilityOptions availability() {
        return load.availability;
    }

    private OpenLoopOptions openLoop() {
        return load.openLoop;
    }

    /** The open-loop load's settings, or null when the client runs another load. */
    public OpenLoopSettings openLoopSettings() {
        if (openLoop() == null) {
            return null;
        }
        return new OpenLoopSettings(openLoop().rate, openLoop().sweep, slo(), arrival(),
                openLoop().warmup == null ? Duration.ofSeconds(10) : openLoop().warmup.toDuration(),
                openLoop().duration == null ? Duration.ofSeconds(10) : openLoop().duration.toDuration(),
                threads.get(0), target().timeoutMillis());
    }

    private OpenLoopReport.Slo slo() {
        try {
            return openLoop().slo == null ? null : OpenLoopReport.Slo.parse(openLoop().slo);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option slo: " + e.getMessage());
        }
    }

    private String arrival() {
        String arrival = openLoop().arrival == null ? OpenLoopReport.FIXED : openLoop().arrival;
        if (!List.of(OpenLoopReport.FIXED, OpenLoopReport.POISSON).contains(arrival)) {
            throw new IllegalArgumentException("option arrival: '" + arrival + "' is not fixed or poisson");
        }
        return arrival;
    }

    private SoakOptions soak() {
        return load.soak;
    }

    /** The soak's settings, or null when the client runs another load. */
    public SoakSettings soakSettings() {
        if (soak() == null) {
            return null;
        }
        Duration length = duration("soak", soak().length);
        Duration warmup = soak().warmup != null ? duration("soak-warmup", soak().warmup)
                : Duration.ofMillis(Math.min(Math.max(length.toMillis() / 10, 20_000), 600_000));
        if (warmup.compareTo(length) >= 0) {
            throw new IllegalArgumentException("option soak-warmup: " + Durations.format(warmup) + " leaves nothing of"
                    + " the " + Durations.format(length) + " soak to judge");
        }
        Duration every = soak().sampleEvery == null ? Duration.ofSeconds(5)
                : duration("sample-every", soak().sampleEvery);
        if (every.compareTo(length) >= 0) {
            throw new IllegalArgumentException("option sample-every: " + Durations.format(every) + " is not shorter"
                    + " than the " + Durations.format(length) + " soak");
        }
        Duration liveSetEvery = soak().liveSetEvery != null ? duration("live-set-every", soak().liveSetEvery)
                : SoakReport.liveSetEvery(length);
        List<OpenLoopCall> calls;
        try {
            calls = (soak().calls == null ? SOAK_CALLS : soak().calls).stream().map(OpenLoopCall::of).toList();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option soak-calls: " + e.getMessage());
        }
        SoakReport.Limits defaults = SoakReport.Limits.DEFAULT;
        SoakReport.Limits limits = new SoakReport.Limits(
                notNegative("max-live-set-growth", orDefault(soak().liveSetMbPerHour, defaults.liveSetMbPerHour())),
                notNegative("live-set-noise", orDefault(soak().liveSetNoiseMb, defaults.liveSetNoiseMb())),
                (long) notNegative("max-full-gcs", orDefault(soak().fullGcs, defaults.fullGcs())),
                (long) notNegative("max-thread-growth", orDefault(soak().threadGrowth, defaults.threadGrowth())),
                (long) notNegative("max-open-file-growth", orDefault(soak().openFileGrowth,
                        defaults.openFileGrowth())),
                (long) notNegative("max-errors", orDefault(soak().errors, defaults.errors())),
                notNegative("max-fall", orDefault(soak().fallPercent, defaults.fallPercent())));
        for (Path file : soak().serverSamples == null ? List.<Path>of() : soak().serverSamples) {
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("option server-samples: " + file + " is not a file (a server"
                        + " writes it with " + OptionNames.JVM_SAMPLES + ")");
            }
        }
        PayloadSizes payloads = null;
        if (soak().payloadSchedule != null) {
            try {
                payloads = PayloadSizes.parse(soak().payloadSchedule, length);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("option payload-schedule: " + e.getMessage());
            }
            if (calls.stream().noneMatch(OpenLoopCall::echoesAString)) {
                throw new IllegalArgumentException("option payload-schedule: the soak's calls echo no string to vary"
                        + " (give --soak-calls with an echo:<size> such as echo:5k)");
            }
        }
        int soakThreads = parsed != null && parsed.hasMatchedOption("--threads") ? threads.get(0) : SOAK_THREADS;
        return new SoakSettings(length, warmup, every, liveSetEvery, calls, soakThreads, soak().jvmSamples,
                soak().serverSamples == null ? List.of() : soak().serverSamples, limits, payloads);
    }

    private static Duration duration(String option, String text) {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option " + option + ": " + e.getMessage());
        }
    }

    private static double notNegative(String option, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("option " + option + ": " + value + " is not a limit (0 or more)");
        }
        return value;
    }

    /** The open-loop load's calls, in the order they run. */
    public List<OpenLoopCall> openLoopCalls() {
        return (openLoop().calls == null ? OpenLoopCall.USER_CALLS : openLoop().calls).stream()
                .map(OpenLoopCall::of).toList();
    }

    /** The cost this client pays on one call as well, for the gate's own tests, and its text for the forks. */
    public InjectCostOption injectCost() {
        return injectCost;
    }

    public boolean helpRequested() {
        return help;
    }

    public boolean concurrentConsumer() {
        return concurrentConsumer || jmh().lockstep != null;
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

    public int warmupIterations() {
        return orDefault(jmh().warmupIterations, jmh().upstream ? 3 : 6);
    }

    public JmhTime warmupTime() {
        return jmh().warmupTime != null ? jmh().warmupTime : JmhTime.seconds(jmh().upstream ? 10 : 5);
    }

    public int measurementIterations() {
        return orDefault(jmh().measurementIterations, jmh().upstream ? 3 : 20);
    }

    public JmhTime measurementTime() {
        return jmh().measurementTime != null ? jmh().measurementTime : JmhTime.seconds(jmh().upstream ? 10 : 1);
    }

    public int forks() {
        return orDefault(jmh().forks, 1);
    }

    private static <T> T orDefault(T value, T fallback) {
        return value != null ? value : fallback;
    }

    /** The JMH invocations of this client run: a preset's, or one per thread level. */
    public List<JmhRun> runs() {
        if (jmh().preset != null) {
            return Preset.of(jmh().preset).runs();
        }
        Set<Scenario> scenarios = (jmh().scenarios == null ? List.of("user") : jmh().scenarios).stream()
                .map(Scenario::of).collect(Collectors.toCollection(() -> EnumSet.noneOf(Scenario.class)));
        List<String> payloads = jmh().payloads == null ? List.of("1k") : jmh().payloads;
        return threads.stream().map(level -> new JmhRun(scenarios, payloads, level)).toList();
    }

    /** The benchmarks {@code --benchmarks} names, each one of the scenarios'; empty for every one. */
    public Set<String> benchmarks() {
        return jmh().benchmarks == null ? Set.of() : Set.copyOf(jmh().benchmarks);
    }

    private void checkBenchmarks() {
        Set<Scenario> scenarios = runs().get(0).scenarios();
        List<String> known = scenarios.stream().flatMap(scenario -> scenario.benchmarks().stream()).toList();
        for (String benchmark : benchmarks()) {
            if (!known.contains(benchmark)) {
                throw new IllegalArgumentException("option benchmarks: '" + benchmark + "' is not a benchmark of "
                        + scenarios.stream().map(Scenario::key).collect(Collectors.joining(", "))
                        + "; benchmarks: " + String.join(", ", known));
            }
        }
    }

    /** The availability run's length, or null for a JMH run. */
    public Duration availabilityTime() {
        return availability() == null ? null : availability().time.toDuration();
    }

    /** When a fault comes into the availability load, or null. */
    public Duration faultAt() {
        return availability() == null || availability().faultAt == null ? null : availability().faultAt.toDuration();
    }

    /** The availability run's threads: the one --threads value. */
    public int availabilityThreads() {
        return threads.get(0);
    }

    public Preset preset() {
        return jmh().preset == null ? null : Preset.of(jmh().preset);
    }

    public int connections() {
        return preset() != null ? preset().connections() : orDefault(connections, 0);
    }

    /** JMH's modes by their short labels, in the order the client runs them. */
    private static final List<String> MODES = List.of("thrpt", "avgt", "sample");

    /**
     * The JMH modes, by JMH's short labels: as given, else throughput and sample time (with a fixed thread count the
     * average time is the sample mode's mean, so its forks would cost a third of the run for nothing new), or all
     * three for the community suite's schedule ({@code --upstream}: none named, JMH's default).
     */
    public List<String> modes() {
        if (jmh().modes != null) {
            return jmh().modes.stream().map(ClientOptions::mode).toList();
        }
        return jmh().upstream && preset() == null ? List.of() : List.of("thrpt", "sample");
    }

    private static String mode(String name) {
        if (!MODES.contains(name)) {
            throw new IllegalArgumentException("option modes: '" + name + "' is not thrpt, avgt or sample");
        }
        return name;
    }

    /** JMH's result formats, by the names the option takes. */
    private static final List<String> RESULT_FORMATS = List.of("json", "csv", "scsv", "text", "latex");

    /** The result's format, one of JMH's by its lowercase name. */
    public String resultFormat() {
        String format = jmh().resultFormat == null ? "json" : jmh().resultFormat;
        if (!RESULT_FORMATS.contains(format.toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException("option resultFormat: '" + format
                    + "' is not one of json, csv, scsv, text, latex");
        }
        return format.toLowerCase(Locale.ROOT);
    }

    /** The result file as given, or null for a new one under results/ ({@link #newResultFile}). */
    public Path resultFile() {
        return resultFile;
    }

    /**
     * A new results/&lt;module&gt;-&lt;UTC time&gt;.&lt;format&gt; (working directory), its name reserved for this run
     * ({@link RunFiles#newResultFile}): two runs started in the same second never share it.
     */
    public Path newResultFile(String module) throws IOException {
        return RunFiles.newResultFile(Path.of("results"), module, resultFormat());
    }

    public Path profileDirectory() {
        return jmh().profile;
    }

    public boolean gcProfiler() {
        return jmh().gc;
    }

    /** Plain seconds, as the community suite takes them, or a JMH time value ("500ms", "2s"). */
    static final class TimeConverter implements ITypeConverter<JmhTime> {

        @Override
        public JmhTime convert(String value) {
            try {
                return JmhTime.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    /** The payload names, for the help text. */
    static final class PayloadKeys implements Iterable<String> {

        @Override
        public java.util.Iterator<String> iterator() {
            return Stream.of(Payload.values()).map(Payload::key).iterator();
        }
    }
}
