package org.rpcbench.runner.ab;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

import org.rpcbench.client.options.ClientOptions;
import org.rpcbench.contract.AbRecord;
import org.rpcbench.contract.AbVerdict;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.GateOptions;
import org.rpcbench.contract.OptionNames;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.RunFiles;
import org.rpcbench.contract.RunRecord;
import org.rpcbench.runner.Launcher;
import org.rpcbench.runner.arguments.ArgumentWords;
import org.rpcbench.runner.arguments.ModuleArguments;
import org.rpcbench.runner.pair.Progress;
import org.rpcbench.runner.placement.Placement;
import org.rpcbench.runner.process.ChildProcess;
import org.rpcbench.runner.process.CpuPinning;
import org.rpcbench.runner.process.JvmOptions;
import org.rpcbench.runner.process.ShortCommand;
import org.rpcbench.runner.runall.PairSelection;
import org.rpcbench.runner.runall.RunLength;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import sun.misc.Signal;

/**
 * {@code benchmark.sh ab}: a baseline and a candidate measured in one job, trial after trial; a trial runs each
 * side's run-all once (fresh servers and clients: between JVMs is where the spread lives here). By default each trial
 * runs the open loop at one fixed rate, found on the baseline first, where CPU per call spreads least, and runs the
 * two sides at once, sharing the CPUs (a duet), so that what else the machine does falls on both; with
 * {@code --no-duet} (and on hosts, or with the JVMs' CPUs given) one at a time in random order, and with
 * {@code --saturated} JMH's closed loop, one at a time unless {@code --duet}. Then the {@link AbJudge} given
 * judges the trials; when they flag a regression, confirmation trials follow and the regression stands only if they
 * flag it too. Each side runs through its own launcher, so its clients, servers and runner are its own code; only
 * the judging is this version's. Exit 0 no regression, 1 a regression or a failed pair, 2 bad options or nothing to
 * judge, 130 interrupted.
 */
@Command(name = "ab", sortOptions = false, usageHelpAutoWidth = true,
        description = "Measures a baseline and a candidate in trials, and judges the candidate: per call, its CPU"
                + " and bytes per call on each side and its time, the ratio of the means with a bootstrap interval, a"
                + " regression only when the whole interval lies beyond the threshold and confirmation trials, run"
                + " when the first flag one, flag it again. Each trial runs every call at one fixed rate, found first"
                + " as a share of the baseline's lowest capacity, both sides at once on this machine's CPUs; with"
                + " --saturated, JMH's closed loop, the sides in turn in random order.")
public final class AbCommand implements Callable<Integer> {

    /**
     * Eight trials, at a fixed rate as saturated: a duet's trial at a fixed rate takes about three and a third minutes
     * here, so eight pass in about 28 and flag in about 55 (with as many confirming). Simulated over six A/A runs of
     * one day, eight and eight see 5% more of getUser's threads' CPU in 77-80% of runs where six and six saw 56-59%,
     * with no false alarm in 200; over three of the default with half the later warmups, 80%
     * (docs/reports-and-gate.md).
     */
    static final int DEFAULT_TRIALS = 8;
    static final double DEFAULT_THRESHOLD = 3;
    /**
     * At a fixed rate a call's score is its mean response time, which spread by 24-88% between one side's trials
     * at 80-87% machine load here: simulated from two A/A runs, no change up to 20% was seen nine times in ten at
     * any threshold, and at 3% these lines drew about half of the first trials' false flags
     * (docs/reports-and-gate.md). The gate judges it as its window's median second's mean where both sides kept
     * their seconds, which spread half as much on a calm machine; the threshold stays until a pool measures it.
     */
    static final double DEFAULT_FIXED_RATE_THRESHOLD = 10;
    /**
     * At a fixed rate a call's median response time spread by 2.4-5.4% from trial to trial here (four A/A runs, a
     * 2-core Xeon), where its mean spread by 7-16%: the mean carries the tail. Simulated from their 23 trials, 2% let
     * six trials and six confirming ones see createUser's and getUser's median 8% slower nine times in ten (10% at
     * 3%), with no false alarm in 200 runs; 1% called an improvement in one of the four real runs
     * (docs/reports-and-gate.md).
     */
    static final double DEFAULT_MEDIAN_THRESHOLD = 2;
    static final double DEFAULT_CPU_THRESHOLD = 5;
    /**
     * At a fixed rate, in 20-s windows, a fresh JVM's server CPU per call spread by 1.5-2.6% from trial to trial
     * here, where saturated it spreads by 10-25%. Simulated from two A/A runs, 1% let six trials and six confirming
     * ones see a 5% server cost on getUser's threads in 98% of runs (at 2%: 54%), with false alarms as rare as at 2%
     * (docs/reports-and-gate.md).
     */
    static final double DEFAULT_FIXED_RATE_CPU_THRESHOLD = 1;
    /**
     * At a fixed rate the client's CPU per call spread by 2.5-4% from trial to trial here, the server's by
     * 1.5-2.6%. Simulated from two A/A runs with the response time at 10%, judging the client's at 2% rather than
     * 1% left a 10% client cost seen nine times in ten on three calls of four, as at 1%, and cut the A/A runs the
     * first trials flagged from 16% to 10% (docs/reports-and-gate.md).
     */
    static final double DEFAULT_FIXED_RATE_CLIENT_CPU_THRESHOLD = 2;
    static final double DEFAULT_ALLOCATION_THRESHOLD = 1;
    /**
     * Confirmation trials replicate a flag the first trials raised at 95%: they must rule out that it was a chance
     * draw, not prove the change again. Simulated from two A/A runs here (a 2-core Xeon), judging them at 80% rather
     * than 95% raised how often a 5% server cost on getUser's threads was flagged from 64% to 78%, with no A/A run
     * flagged in 200 either way and the first trials unchanged (docs/reports-and-gate.md).
     */
    static final double DEFAULT_CONFIRMATION_CONFIDENCE = 80;
    /**
     * The trials' rate as a share of the lowest call's closed-loop capacity: at half of it every call kept its rate
     * in every trial here, with the headroom a slow JVM needs, and the CPU per call spread about 2% between JVMs
     * (docs/reports-and-gate.md).
     */
    static final int DEFAULT_RATE_SHARE = 50;
    /**
     * A duet's rate share: both sides load the machine at once, and a call costs about twice the CPU at a fixed rate
     * that it costs in the probe's closed loop, so that two sides at 25% filled the CPUs: at 5,100 calls/s a side (of
     * 20,548) the first call fell behind in the first trial here. At 20% (2,700-4,300 a side) the first call began
     * its window seconds behind on both sides in 13 of 68 trials of eleven runs, more the higher the rate: none of
     * 12 at 2,700-2,900, 5 of 38 at 3,100-3,600, 8 of 18 at 3,800-4,300 (the gate sets such a trial aside and ab runs
     * another). At 15% (2,200-2,700) none of 24 did, but a trial's CPU per call spread more: over seventeen runs a
     * run's spread fell as its rate rose (correlation -0.37 on the server's threads, -0.64 on the client's), and 5%
     * more server threads' CPU on getUser was seen in 75% of simulated runs against 93% at 20%. With the CPUs split
     * a side's probe finds its capacity on half of them, and half of it overloaded a side (docs/reports-and-gate.md).
     */
    static final int DUET_RATE_SHARE = 20;
    /**
     * A duet's warmup per call at a fixed rate, twice a trial's own: both sides' JVMs compile at once on the same
     * CPUs. Warmed 6 s, the first call of an A/A duet here fell short of its rate in two trials of six and a trial's
     * server CPU per call spread 2.8-3.9%; warmed 12 s, every call kept it in every trial and the spread was 1.0-3.0%,
     * for a trial of 3:14 (docs/reports-and-gate.md). Warmed 10 s, closed loops and quiet included, the first call's
     * window began 98-315 of the client's C2 compiles, not 43-84, and its process CPU per call read 38 µs above its
     * threads', not 10. At the rate only the first call is warmed this long, the later ones half.
     */
    static final String DUET_WARMUP_SECONDS = "12";
    /** {@code --duet-cpus}: both sides on every CPU, or each on its own half. */
    static final String DUET_SHARED = "shared";
    static final String DUET_HALVES = "halves";
    static final int DEFAULT_SIMULATIONS = 200;
    static final List<Double> DEFAULT_SHIFTS = List.of(1.0, 2.0, 3.0, 5.0, 10.0, 20.0, 50.0);
    /**
     * The most trials a stage runs in place of those set aside (the machine stalled, or a duet's two sides fell behind
     * together): the probe found a stall once in ten A/B runs here (docs/reports-and-gate.md), so more in one stage
     * means something else runs on the machine, and more trials would meet it too.
     */
    static final int MAX_REPLACEMENTS = 2;
    /** In a duet the candidate's servers bind this far above the baseline's port. */
    static final int DUET_PORT_STEP = 100;
    /** Where a ref is checked out and built, once per commit. */
    static final String WORKTREES = "target/ab-worktrees";
    private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(60);
    private static final Pattern PLAIN_WORD = Pattern.compile("[A-Za-z0-9_.,:=/@%+-]+");

    /** Judges the trials: the gate, above the runner. */
    private final AbJudge gate;

    @ParentCommand
    Launcher launcher;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "<baseline>", description = "a git ref of this repository"
            + " (checked out and built once, under " + WORKTREES + "), or a directory holding a checkout of the"
            + " suite (its launcher builds it)")
    String baseline;

    @Parameters(index = "1", arity = "0..1", paramLabel = "<candidate>", description = "the same for the side judged")
    String candidate;

    @Option(names = "--pairs", split = ",", paramLabel = "a,b", description = "pairs each trial runs, by name, glob"
            + " or group (default: ${DEFAULT-VALUE})")
    List<String> pairs = List.of("dubbo-kryo");

    @Option(names = "--scenario", paramLabel = "s", description = "what each trial runs, as run-all's (default:"
            + " ${DEFAULT-VALUE})")
    String scenario = "user";

    @Option(names = "--trials", paramLabel = "n", description = "trials, each side once in each (default: "
            + DEFAULT_TRIALS + "; at least " + AbVerdict.MIN_TRIALS + ")")
    Integer trialsGiven;

    /**
     * Trials added when the first flag a regression. As many as the first by default: on this machine a JVM settles
     * at one of two levels now and then, and trials that drew the slow level mostly on one side look like a change
     * (one of four clean A/A runs did); fresh trials rarely repeat that draw, while a real change repeats.
     */
    @Option(names = "--confirm-trials", paramLabel = "n", description = "trials added when the first flag a"
            + " regression; it stands only if they, judged alone, flag it too (default: as many as --trials; 0:"
            + " none, else at least " + AbVerdict.MIN_TRIALS + ")")
    Integer confirmationTrialsGiven;

    @Option(names = "--confirm-confidence", paramLabel = "PERCENT", description = "confidence of the interval the"
            + " confirmation trials judge a flag by; the first trials' is 95%% (default: ${DEFAULT-VALUE})")
    double confirmationConfidence = DEFAULT_CONFIRMATION_CONFIDENCE;

    /** The trials and confirmation trials given, or the defaults of the design the trials run (or ran). */
    private int trials;
    private int confirmationTrials;

    @Option(names = {"-a", "--client-args"}, paramLabel = "args", parameterConsumer = ModuleArguments.class,
            description = "more client options for both sides; they win over a trial's own (run-all's --length"
                    + " trial: " + RunLength.TRIAL_OPEN_LOOP_SETTINGS + " at the rate, a duet's warmup "
                    + DUET_WARMUP_SECONDS + " s; with --saturated "
                    + RunLength.TRIAL_SETTINGS + "), e.g. \"--calls getUser\", or \"--rate 8000\" to give the"
                    + " rate instead of finding it")
    String clientArgs = "";

    @Option(names = "--saturated", description = "run JMH's closed loop in each trial instead, every thread calling"
            + " again as soon as it is answered, and judge throughput too; CPU per call spreads 5-10 times more so")
    boolean saturated;

    @Option(names = "--rate-share", paramLabel = "PERCENT", description = "without a rate in -a: the trials'"
            + " rate, this share of the lowest capacity of any call in a closed loop, measured once on the"
            + " baseline before the first trial (default: " + DUET_RATE_SHARE + " in a duet, " + DEFAULT_RATE_SHARE
            + " with the sides in turn)")
    Integer rateShare;

    @Option(names = "--candidate-server-args", paramLabel = "args", parameterConsumer = ModuleArguments.class,
            description = "server options for the candidate only, e.g. \"--inject-cost getUser:20us\": a candidate"
                    + " of known extra cost, to test what the gate sees")
    String candidateServerArgs = "";

    @Option(names = "--candidate-client-args", paramLabel = "args", parameterConsumer = ModuleArguments.class,
            description = "client options for the candidate only, e.g. \"--inject-cost getUser:4us\": a candidate"
                    + " whose client costs more by a known amount")
    String candidateClientArgs = "";

    @Option(names = {"-p", "--port"}, paramLabel = "port", description = "port the servers bind (default:"
            + " ${DEFAULT-VALUE})")
    int port = 8080;

    @Option(names = "--duet", negatable = true, description = "run a trial's two sides at once, so that what the"
            + " machine does meanwhile falls on both (the candidate's servers bind the port + " + DUET_PORT_STEP
            + "), or with --no-duet one at a time in random order (default: a duet at a fixed rate on this machine;"
            + " in turn with --saturated, on hosts or with the JVMs' CPUs given)")
    Boolean duetGiven;

    /** Whether the trials run as a duet: as given, else the default for their design and place. */
    private boolean duet;

    @Option(names = "--duet-cpus", paramLabel = DUET_SHARED + "|" + DUET_HALVES, description = "in a duet: both"
            + " sides' servers and clients on every CPU (" + DUET_SHARED + ", the default), or each side's on its own"
            + " half of the CPUs, the halves swapped from trial to trial (" + DUET_HALVES + ")")
    String duetCpuSplit;

    /** Passed to both sides' run-all alike; a side from before these options refuses them. */
    @Mixin
    CpuPinning cpus = new CpuPinning();

    /**
     * Where both sides' JVMs run, passed to their run-all alike: each side's runner copies its own jars to the
     * hosts. Not on Kubernetes, whose pods run the one --image.
     */
    @Mixin
    Placement placement = new Placement();

    /** Both sides' JDKs and JVM flags, passed to their run-all alike; the candidate's own go on top of them. */
    @Mixin
    JvmOptions jvm = new JvmOptions();

    @Option(names = "--candidate-server-jvm-args", paramLabel = "flags", parameterConsumer = ModuleArguments.class,
            description = "more JVM flags for the candidate's servers only, after both sides' so that they win,"
                    + " e.g. \"-XX:+UseZGC\": a JVM setting judged on one commit")
    String candidateServerJvmArgs = "";

    @Option(names = "--candidate-client-jvm-args", paramLabel = "flags", parameterConsumer = ModuleArguments.class,
            description = "the same for the candidate's clients and their JMH forks")
    String candidateClientJvmArgs = "";

    @Option(names = "--candidate-server-java", paramLabel = "jdk", description = "the home of the JDK the"
            + " candidate's servers run on, e.g. a newer JDK judged against the baseline's (default: --server-java's,"
            + " else the one benchmark.sh runs on)")
    Path candidateServerJava;

    @Option(names = "--candidate-client-java", paramLabel = "jdk", description = "the same for the candidate's"
            + " clients")
    Path candidateClientJava;

    /** What the candidate's JVMs run with: both sides' options and the candidate's own; set by {@link #check()}. */
    private JvmOptions candidateJvm;

    @Option(names = "--threshold", paramLabel = "PERCENT", description = "smallest change of a score that counts"
            + " (default: " + DEFAULT_THRESHOLD + "; " + DEFAULT_FIXED_RATE_THRESHOLD + " at a fixed --rate, where the"
            + " score is the mean response time, judged as the window's median second's mean, which spreads far"
            + " more)")
    Double threshold;

    @Option(names = "--median-threshold", paramLabel = "PERCENT", description = "the same for a call's median"
            + " response time at a fixed --rate (default: ${DEFAULT-VALUE})")
    double medianThreshold = DEFAULT_MEDIAN_THRESHOLD;

    @Option(names = "--cpu-threshold", paramLabel = "PERCENT", description = "the same for CPU per call, the"
            + " server's and, unless --client-cpu-threshold, the client's (default: " + DEFAULT_CPU_THRESHOLD + "; "
            + DEFAULT_FIXED_RATE_CPU_THRESHOLD + " at a fixed --rate, where CPU per call spreads far less)")
    Double cpuThreshold;

    @Option(names = "--client-cpu-threshold", paramLabel = "PERCENT", description = "the client's own (default:"
            + " --cpu-threshold's; " + DEFAULT_FIXED_RATE_CLIENT_CPU_THRESHOLD + " at a fixed --rate when that is"
            + " not given, where the client's CPU per call spreads more than the server's)")
    Double clientCpuThreshold;

    @Option(names = "--alloc-threshold", paramLabel = "PERCENT", description = "the same for bytes allocated per"
            + " call on either side (default: ${DEFAULT-VALUE})")
    double allocationThreshold = DEFAULT_ALLOCATION_THRESHOLD;

    @Option(names = "--seed", paramLabel = "n", description = "seed of the sides' order and of the bootstrap"
            + " (default: a random one, recorded in ab.json)")
    Long seed;

    @Option(names = "--trial-timeout", paramLabel = "min", description = "minutes one side's run may take before it"
            + " is stopped and the A/B run ends (default: ${DEFAULT-VALUE})")
    int trialTimeout = 60;

    @Option(names = "--out", paramLabel = "dir", description = "directory for ab.json, the trials' runs and the"
            + " verdict (default: results/ab-<UTC time>)")
    Path out;

    @Option(names = "--judge", paramLabel = "dir", description = "judge the trials of an earlier A/B run again (with"
            + " these thresholds) instead of running any")
    Path judge;

    @Option(names = "--power", split = ",", paramLabel = "dir", description = "instead of running trials: what the"
            + " gate sees, simulated from the trials of these A/A runs (both sides one commit): false alarms, and"
            + " how often a candidate worse by each --shifts change is flagged, for --trials trials a run")
    List<Path> power;

    @Option(names = "--shifts", split = ",", paramLabel = "PERCENT", description = "the changes --power simulates"
            + " (default: 1,2,3,5,10,20,50)")
    List<Double> shifts = DEFAULT_SHIFTS;

    @Option(names = "--simulations", paramLabel = "n", description = "simulated runs per change for --power"
            + " (default: " + DEFAULT_SIMULATIONS + ")")
    int simulations = DEFAULT_SIMULATIONS;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help")
    boolean help;

    /** The rate probe's client options, when ab finds the trials' rate itself; else null. */
    private List<String> probeArgs;

    /** In a duet, whether the baseline has the first half of the CPUs in odd-numbered trials. */
    private boolean baselineOnFirstCpusInOddTrials;
    /** In a duet, whether both sides' clients begin their load together: each side's run-all knows how. */
    private boolean startTogether;

    private final Set<ChildProcess> running = ConcurrentHashMap.newKeySet();
    private volatile boolean interrupted;
    /** How fast this machine ran while the trials ran on it; null when they ran on hosts or it cannot tell. */
    private MachineSpeedProbe machineSpeed;

    /** A side ready to run: what was given, what it is, and the checkout its launcher runs from. */
    record Side(String name, AbRecord.Side record, Path directory) {
    }

    public AbCommand(AbJudge gate) {
        this.gate = gate;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter console = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (threshold != null) {
            GateOptions.checkPercentage(spec, "threshold", threshold);
        }
        if (cpuThreshold != null) {
            GateOptions.checkPercentage(spec, "cpu-threshold", cpuThreshold);
        }
        if (clientCpuThreshold != null) {
            GateOptions.checkPercentage(spec, "client-cpu-threshold", clientCpuThreshold);
        }
        GateOptions.checkPercentage(spec, "median-threshold", medianThreshold);
        GateOptions.checkPercentage(spec, "alloc-threshold", allocationThreshold);
        if (!(confirmationConfidence > 0 && confirmationConfidence < 100)) {
            throw usage("option confirm-confidence: " + confirmationConfidence + " is not a confidence above 0 and"
                    + " below 100");
        }
        if (judge != null) {
            if (baseline != null || power != null) {
                throw usage("--judge judges the trials already in a directory: give no baseline, candidate or"
                        + " --power");
            }
            return gate.judge(judge.toAbsolutePath().normalize(), thresholds(ranAtFixedRate(List.of(judge))),
                    console, err);
        }
        if (power != null) {
            if (baseline != null) {
                throw usage("--power simulates from the trials already in A/A runs: give no baseline or candidate");
            }
            countTrials();
            if (trials < AbVerdict.MIN_TRIALS || simulations < 1 || shifts.stream().anyMatch(shift -> !(shift > 0))) {
                throw usage("--power needs --trials of at least " + AbVerdict.MIN_TRIALS + ", --simulations of at"
                        + " least 1 and --shifts above 0");
            }
            checkConfirmationTrials();
            return gate.power(power.stream().map(dir -> dir.toAbsolutePath().normalize()).toList(),
                    thresholds(ranAtFixedRate(power)), new AbJudge.PowerPlan(trials, confirmationTrials, shifts,
                            simulations, seed != null ? seed : new Random().nextLong()), console, err);
        }
        if (baseline == null || candidate == null) {
            throw usage("give a baseline and a candidate: git refs or directories holding a checkout of the suite");
        }
        duet = duetGiven != null ? duetGiven : !saturated && !placement.remote() && !cpus.pinned();
        List<String> duetCpus = duet ? duetCpus() : null;
        List<String> trialArgs = check();
        AbVerdict.Thresholds thresholds = thresholds(!saturated);
        Path root = launcher.suite().root();
        Path directory = (out != null ? this.out : root.resolve("results").resolve("ab-" + RunFiles.utcStamp()))
                .toAbsolutePath().normalize();
        if (Files.exists(directory)) {
            throw usage("the directory " + directory + " already exists; pick another --out");
        }
        Side before;
        Side after;
        try {
            before = side(root, AbRecord.BASELINE, baseline);
            after = side(root, AbRecord.CANDIDATE, candidate);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.USAGE;
        }
        Files.createDirectories(directory);
        for (String signal : List.of("INT", "TERM")) {
            Signal.handle(new Signal(signal), received -> interrupt());
        }
        List<Side> built = before.directory().equals(after.directory()) ? List.of(before) : List.of(before, after);
        for (Side side : built) {
            if (!build(side, directory)) {
                return interrupted ? ExitCode.INTERRUPTED : ExitCode.USAGE;
            }
        }
        List<String> unaligned = duet ? sidesWithout(OptionNames.START_TOGETHER, built, directory) : List.of();
        startTogether = duet && unaligned.isEmpty();
        AbRecord.RateProbe rateProbe = null;
        if (probeArgs != null) {
            Optional<AbRecord.RateProbe> probed = probeRate(before, directory, duetCpus);
            if (probed.isEmpty()) {
                return interrupted ? ExitCode.INTERRUPTED : ExitCode.USAGE;
            }
            rateProbe = probed.get();
            trialArgs = new ArrayList<>(trialArgs);
            trialArgs.addAll(List.of(OptionNames.RATE, CapacityProbe.format(rateProbe.rate())));
        }
        long orderSeed = seed != null ? seed : new Random().nextLong();
        AbRecord record = new AbRecord(before.record(), after.record(), pairs, scenario, trialArgs,
                ArgumentWords.split(candidateServerArgs), ArgumentWords.split(candidateClientArgs), orderSeed,
                Launcher.typed(spec), Instant.now().toString(), null, List.of(), null, confirmationTrials, duetCpus,
                rateProbe, jvm.args(), candidateJvm.args());
        record.write(directory);
        console.println("ab " + directory.getFileName() + ": " + trials + " trials of " + String.join(",", pairs)
                + ", scenario " + scenario + (!duet ? ", each side once per trial in random order"
                        : ", both sides at once in each trial, " + (duetHalves() ? "on CPUs " + String.join(" and ",
                                duetCpus) + " swapped from trial to trial" : "sharing CPUs " + duetCpus.get(0)))
                + " (seed " + orderSeed + ")"
                + (confirmationTrials == 0 ? "" : ", " + confirmationTrials + " more if they flag a regression"));
        console.println("client options: " + String.join(" ", trialArgs));
        if (!unaligned.isEmpty()) {
            console.println("the " + String.join(" and ", unaligned) + "'s run-all predates "
                    + OptionNames.START_TOGETHER + ": each side's client begins its load as it is ready, up to a few"
                    + " seconds apart, not together");
        }
        console.println("files: " + directory);
        console.flush();
        Random order = new Random(orderSeed);
        // a duet alternates which side has the first CPU list (with halves, the first half), beginning at random
        baselineOnFirstCpusInOddTrials = duet && order.nextBoolean();
        // the machine the trials run on, which on hosts is not this one
        machineSpeed = placement.remote() ? null : MachineSpeedProbe.start();
        Trials done;
        try {
            done = runStage(record, before, after, directory, order, trials);
            if (done.status() == ExitCode.OK && confirmationTrials > 0
                    && gate.failsOnRegressionsAlone(directory, thresholds)) {
                console.println("the first " + trials + " trials flag a regression: " + confirmationTrials
                        + " confirmation trials follow, and it stands only if they flag it too");
                console.flush();
                AbRecord confirming = done.record().withConfirmationFrom(done.record().trials().size() + 1);
                confirming.write(directory);
                done = runStage(confirming, before, after, directory, order, confirmationTrials);
            }
        } finally {
            if (machineSpeed != null) {
                machineSpeed.close();
            }
        }
        if (done.status() != ExitCode.OK) {
            return done.status();
        }
        console.println();
        return gate.judge(directory, thresholds, console, err);
    }

    /** The thresholds given, the time's and the CPU's by default those for the design the trials ran. */
    private AbVerdict.Thresholds thresholds(boolean fixedRate) {
        double time = threshold != null ? threshold : fixedRate ? DEFAULT_FIXED_RATE_THRESHOLD : DEFAULT_THRESHOLD;
        double serverCpu = cpuThreshold != null ? cpuThreshold
                : fixedRate ? DEFAULT_FIXED_RATE_CPU_THRESHOLD : DEFAULT_CPU_THRESHOLD;
        double clientCpu = clientCpuThreshold != null ? clientCpuThreshold
                : cpuThreshold == null && fixedRate ? DEFAULT_FIXED_RATE_CLIENT_CPU_THRESHOLD : serverCpu;
        return new AbVerdict.Thresholds(time, medianThreshold, serverCpu, clientCpu, allocationThreshold,
                confirmationConfidence);
    }

    /**
     * Whether every one of these A/B runs ran its trials at a fixed rate; false for a directory without a readable
     * record, which the judge then names.
     */
    static boolean ranAtFixedRate(List<Path> runs) {
        try {
            return runs.stream().allMatch(run -> ArgumentWords.given(
                    RecordFiles.readIfPresent(run.resolve(AbRecord.FILE_NAME), AbRecord.class)
                            .map(AbRecord::clientArgs).orElse(List.of()), OptionNames.RATE));
        } catch (UncheckedIOException e) {
            return false;
        }
    }

    /** Checks what can be checked before anything is built; returns a trial's client options. */
    private List<String> check() throws InterruptedException {
        countTrials();
        if (trials < AbVerdict.MIN_TRIALS) {
            throw usage("option trials: " + trials + " is below " + AbVerdict.MIN_TRIALS
                    + " (an interval needs trials)");
        }
        checkConfirmationTrials();
        if (trialTimeout < 1) {
            throw usage("option trial-timeout: " + trialTimeout + " is below 1");
        }
        try {
            PairSelection.select(pairs, launcher.suite().pairs());
        } catch (IllegalArgumentException e) {
            throw usage("option pairs: " + e.getMessage());
        }
        List<String> trialArgs;
        try {
            List<String> given = new ArrayList<>(ArgumentWords.split(clientArgs));
            if (duet && !given.contains(OptionNames.CONCURRENT_CONSUMER)) {
                // both sides' clients run JMH at once: neither may take JMH's machine-wide lock
                given.add(OptionNames.CONCURRENT_CONSUMER);
            }
            if (ArgumentWords.given(given, OptionNames.RATE_SWEEP)) {
                throw new IllegalArgumentException("option rate-sweep: a sweep's rates are shares of each side's own"
                        + " capacity, so the two sides would not meet the same load; give a fixed --rate");
            }
            boolean rateGiven = ArgumentWords.given(given, OptionNames.RATE);
            if (saturated && rateGiven) {
                throw new IllegalArgumentException("--saturated runs JMH's closed loop in each trial: give no -a"
                        + " \"--rate ...\"");
            }
            if (rateShare != null && (saturated || rateGiven)) {
                throw new IllegalArgumentException("option rate-share: the share sets the rate ab finds; give none"
                        + " with " + (saturated ? "--saturated" : "a rate in -a"));
            }
            if (rateShare != null && (rateShare < 1 || rateShare > 100)) {
                throw new IllegalArgumentException("option rate-share: " + rateShare + " is not a percentage of 1"
                        + " to 100");
            }
            if (duetCpuSplit != null && (!duet || !List.of(DUET_SHARED, DUET_HALVES).contains(duetCpuSplit))) {
                throw new IllegalArgumentException("option duet-cpus: " + (duet ? "'" + duetCpuSplit + "' is"
                        + " neither " + DUET_SHARED + " nor " + DUET_HALVES : "it places a duet's sides, and these"
                        + " trials run them in turn (--no-duet; --saturated, hosts or CPUs given without --duet)"));
            }
            if (!saturated && !"user".equals(scenario)) {
                throw new IllegalArgumentException("option scenario: an open-loop trial takes its calls from -a"
                        + " \"--calls ...\" (the four UserService calls by default); give --saturated to run a"
                        + " scenario in JMH");
            }
            // a trial is the open loop's warmup and window per call at the rate, or JMH's trial schedule
            trialArgs = trialArgs(given, saturated, duet);
            probeArgs = saturated || rateGiven ? null : CapacityProbe.clientArgs(given);
            ArgumentWords.split(candidateServerArgs);
            List<String> candidateTrialArgs = new ArrayList<>(trialArgs);
            if (probeArgs != null) {
                // the rate is found later; any will do to check the rest
                candidateTrialArgs.addAll(List.of(OptionNames.RATE, "1"));
            }
            candidateTrialArgs.addAll(ArgumentWords.split(candidateClientArgs));
            parseClientArgs(candidateTrialArgs);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        try {
            placement.check();
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        if (placement.kubernetes()) {
            throw usage("option --on k8s: the pods run the one --image, so both sides would run the same jars; run"
                    + " ab here or --on ssh");
        }
        try {
            cpus.check();
            candidateJvm = jvm.withCandidates(candidateServerJava, candidateClientJava, candidateServerJvmArgs,
                    candidateClientJvmArgs);
            for (JvmOptions side : List.of(jvm, candidateJvm)) {
                side.servers();
                side.clients();
            }
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        if (port < 1 || port > 65535) {
            throw usage("option port: " + port + " is not a port number");
        }
        // on hosts the servers bind the hosts' ports, which only their start there can try
        for (int side : placement.remote() ? List.<Integer>of() : duet ? List.of(port, port + DUET_PORT_STEP)
                : List.of(port)) {
            if (side > 65535) {
                throw usage("option port: " + port + " leaves no port " + DUET_PORT_STEP + " above it for the"
                        + " duet's candidate");
            }
            try (ServerSocket probe = new ServerSocket()) {
                probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), side));
            } catch (IOException e) {
                throw usage("port " + side + " is not free (" + e.getMessage() + "): stop what holds it or pick"
                        + " another with -p");
            }
        }
        return trialArgs;
    }

    /**
     * A trial's client options: the trial length's at a fixed rate or JMH's, what was given winning; a duet's trials
     * at a fixed rate warm longer (the rate probe runs alone and keeps its own warmup).
     */
    static List<String> trialArgs(List<String> given, boolean saturated, boolean duet) {
        if (saturated) {
            return RunLength.TRIAL.clientArgs(given);
        }
        return RunLength.TRIAL.openLoopArgs(duet ? RunLength.merge(List.of("--warmup", DUET_WARMUP_SECONDS), given)
                : given);
    }

    /** Parses a trial's client options, naming --saturated when a JMH option meets the rate ab will add. */
    private void parseClientArgs(List<String> args) {
        try {
            ClientOptions.parse(args);
        } catch (ClientOptions.TwoLoadsException e) {
            if (probeArgs != null && e.loads().contains(ClientOptions.LoadKind.JMH)) {
                throw new IllegalArgumentException(e.getMessage() + " (ab's trials run the open loop at a fixed"
                        + " rate; --saturated runs JMH's closed loop)", e);
            }
            throw e;
        }
    }

    /**
     * Runs the rate probe on the baseline and prints what it found; empty when it failed or was interrupted, after
     * saying why.
     */
    private Optional<AbRecord.RateProbe> probeRate(Side before, Path directory, List<String> duetCpus)
            throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        int share = rateShare(rateShare, duet);
        Path run = directory.resolve(CapacityProbe.RUN);
        Path log = directory.resolve(CapacityProbe.RUN + ".log");
        out.println("finding the trials' rate: each call's capacity in a closed loop of the baseline");
        out.flush();
        List<String> command = runAllCommand(before, run, probeArgs, port,
                duetCpus != null ? duetCpus.get(0) : null, jvm.args());
        command.addAll(List.of(OptionNames.RATE_SWEEP, String.valueOf(share)));
        Optional<Integer> exit = runToEnd(CapacityProbe.RUN, command, before.directory(), log,
                Duration.ofMinutes(trialTimeout));
        if (interrupted) {
            return Optional.empty();
        }
        try {
            if (exit.isEmpty()) {
                throw new IllegalStateException("it did not end in " + trialTimeout + " minutes");
            }
            AbRecord.RateProbe probe = CapacityProbe.rate(run, share);
            out.println(String.format(Locale.ROOT, "rate: %,.0f calls/s of each call, %d%% of %s's %,.0f calls/s",
                    probe.rate(), share, probe.call(), probe.capacity()));
            out.flush();
            return Optional.of(probe);
        } catch (IllegalStateException | UncheckedIOException e) {
            spec.commandLine().getErr().println("error: the rate probe on the baseline failed: " + e.getMessage()
                    + ": see " + log);
            return Optional.empty();
        }
    }

    /**
     * The duet's two CPU lists, one per side, as taskset takes them, each checked by pinning a no-op to it.
     */
    private List<String> duetCpus() throws InterruptedException {
        if (placement.remote()) {
            throw usage("--duet runs both sides at once on this machine; on hosts each side runs alone: give no"
                    + " --duet");
        }
        if (cpus.pinned()) {
            throw usage("--duet places each side's servers and clients itself: give no " + CpuPinning.SERVER_CPUS
                    + " or " + CpuPinning.CLIENT_CPUS);
        }
        int processors = Runtime.getRuntime().availableProcessors();
        if (duetHalves() && processors < 2) {
            throw usage("--duet-cpus " + DUET_HALVES + " needs two CPUs or more, one half for each side; this JVM"
                    + " sees " + processors);
        }
        List<String> cpuLists = duetCpuLists(duetHalves(), processors);
        try {
            for (String cpuList : cpuLists) {
                CpuPinning.check("--duet", cpuList);
            }
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        return cpuLists;
    }

    /** A duet's two CPU lists, as taskset takes them: each half of the CPUs, or every CPU for both sides. */
    static List<String> duetCpuLists(boolean halves, int processors) {
        int half = processors / 2;
        return halves ? List.of(range(0, half - 1), range(half, 2 * half - 1))
                : Collections.nCopies(2, range(0, processors - 1));
    }

    private boolean duetHalves() {
        return DUET_HALVES.equals(duetCpuSplit);
    }

    /** The trials' rate as a share of the lowest call's capacity, in percent: the given one, else the default's. */
    static int rateShare(Integer given, boolean duet) {
        return given != null ? given : duet ? DUET_RATE_SHARE : DEFAULT_RATE_SHARE;
    }

    private static String range(int first, int last) {
        return first == last ? String.valueOf(first) : first + "-" + last;
    }

    /**
     * A directory holding the suite's launcher is used as it is; anything else is a commit of this repository,
     * checked out (once per commit) into its own worktree.
     */
    static Side side(Path root, String name, String given) throws IOException, InterruptedException {
        Path directory = Path.of(given).toAbsolutePath().normalize();
        if (Files.isDirectory(directory)) {
            if (!Files.isRegularFile(directory.resolve("benchmark.sh"))) {
                throw new IllegalArgumentException(name + " " + given + " is a directory without benchmark.sh: give"
                        + " a checkout of the suite, or a git ref");
            }
            Optional<String> commit = ShortCommand.git(directory, "rev-parse", "HEAD");
            Boolean dirty = commit.isEmpty() ? null
                    : ShortCommand.git(directory, "status", "--porcelain", "--untracked-files=no")
                            .map(status -> !status.isBlank()).orElse(null);
            return new Side(name, new AbRecord.Side(given, commit.orElse(null), dirty, directory.toString()),
                    directory);
        }
        String commit = ShortCommand.git(root, "rev-parse", "--verify", "--quiet", given + "^{commit}")
                .orElseThrow(() -> new IllegalArgumentException(name + " '" + given + "' is neither a directory nor"
                        + " a commit of the repository at " + root));
        Path worktree = root.resolve(WORKTREES).resolve(commit);
        if (!Files.isRegularFile(worktree.resolve("benchmark.sh"))) {
            ShortCommand.git(root, "worktree", "prune");
            if (Files.exists(worktree)) {
                throw new IllegalArgumentException(worktree + " exists but is not a checkout of " + commit
                        + ": remove it");
            }
            Files.createDirectories(worktree.getParent());
            ShortCommand.git(root, "worktree", "add", "--detach", worktree.toString(), commit).orElseThrow(
                    () -> new IllegalArgumentException("git could not check out " + given + " (" + commit
                            + ") into " + worktree));
        }
        return new Side(name, new AbRecord.Side(given, commit, null, worktree.toString()), worktree);
    }

    private void countTrials() {
        trials = trialsGiven != null ? trialsGiven : DEFAULT_TRIALS;
        confirmationTrials = confirmationTrialsGiven != null ? confirmationTrialsGiven : trials;
    }

    private void checkConfirmationTrials() {
        if (confirmationTrials != 0 && confirmationTrials < AbVerdict.MIN_TRIALS) {
            throw usage("option confirm-trials: " + confirmationTrials + " is neither 0 (none) nor at least "
                    + AbVerdict.MIN_TRIALS);
        }
    }

    /** Has the side's launcher build what run-all needs (it does so before answering --help). */
    private boolean build(Side side, Path directory) throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        Path log = buildLog(side, directory);
        out.println("building the " + side.name() + " (" + side.record().given() + ") in " + side.directory());
        out.flush();
        Optional<Integer> exit = runToEnd(side.name() + "-build", List.of("bash",
                side.directory().resolve("benchmark.sh").toString(), "run-all", "--help"), side.directory(), log,
                BUILD_TIMEOUT);
        if (exit.isPresent() && exit.get() == ExitCode.OK) {
            return true;
        }
        if (!interrupted) {
            spec.commandLine().getErr().println("error: the " + side.name() + "'s build failed"
                    + (exit.isEmpty() ? " to end in " + BUILD_TIMEOUT.toMinutes() + " minutes" : "") + ": see " + log);
        }
        return false;
    }

    /** What a trial's files and directories begin with. */
    private static String trialPrefix(int number) {
        return String.format("trial-%02d-", number);
    }

    /** The sides whose run-all's help, in their build logs, does not list this option: older checkouts. */
    private static List<String> sidesWithout(String option, List<Side> built, Path directory) throws IOException {
        List<String> without = new ArrayList<>();
        for (Side side : built) {
            if (!Files.readString(buildLog(side, directory)).contains(option)) {
                without.add(side.name());
            }
        }
        return without;
    }

    private static Path buildLog(Side side, Path directory) {
        return directory.resolve("build-" + side.name() + ".log");
    }

    /** Where running trials left the A/B run: its record with the trials done, and an exit status. */
    private record Trials(AbRecord record, int status) {
    }

    /**
     * Runs a stage's {@code count} trials after those in the record, then one more for each the judge sets aside (the
     * machine could not carry it), at most {@link #MAX_REPLACEMENTS}, so that the stage is judged on {@code count}.
     */
    private Trials runStage(AbRecord record, Side before, Side after, Path directory, Random order, int count)
            throws IOException, InterruptedException {
        PrintWriter console = spec.commandLine().getOut();
        int first = record.trials().size() + 1;
        Trials done = runTrials(record, before, after, directory, order, count, first - 1 + count);
        int replaced = 0;
        int unread = first;
        while (done.status() == ExitCode.OK) {
            TreeMap<Integer, String> setAside = new TreeMap<>(gate.trialsSetAside(directory));
            setAside.headMap(first).clear();
            setAside.tailMap(unread).values().forEach(console::println);
            unread = done.record().trials().size() + 1;
            int missing = setAside.size() - replaced;
            if (missing <= 0) {
                break;
            }
            if (replaced == MAX_REPLACEMENTS) {
                console.println(setAside.size() + " trials of this stage were set aside: it is judged on the other "
                        + (count + replaced - setAside.size()) + "; see what else runs on the machine");
                console.flush();
                break;
            }
            int due = Math.min(missing, MAX_REPLACEMENTS - replaced);
            console.println(due + " more " + (due == 1 ? "trial takes its" : "trials take their") + " place");
            console.flush();
            replaced += due;
            done = runTrials(done.record(), before, after, directory, order, due, first - 1 + count + replaced);
        }
        return done;
    }

    /**
     * Runs {@code count} more trials after those in the record, numbered on from them, and writes the record after
     * every side's run.
     *
     * @param total what the progress lines count up to
     */
    private Trials runTrials(AbRecord record, Side before, Side after, Path directory, Random order, int count,
            int total) throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        List<AbRecord.Trial> done = new ArrayList<>(record.trials());
        Instant start = Instant.now();
        int last = done.size() + count;
        for (int number = done.size() + 1; number <= last && !interrupted; number++) {
            boolean baselineFirst = record.duet() ? (number % 2 == 1) == baselineOnFirstCpusInOddTrials
                    : order.nextBoolean();
            List<String> sides = baselineFirst ? List.of(AbRecord.BASELINE, AbRecord.CANDIDATE)
                    : List.of(AbRecord.CANDIDATE, AbRecord.BASELINE);
            String prefix = trialPrefix(number);
            AbRecord.Trial trial = new AbRecord.Trial(number, sides, prefix + AbRecord.BASELINE, null,
                    prefix + AbRecord.CANDIDATE, null, Instant.now().toString(), null);
            done.add(trial);
            for (List<String> together : record.duet() ? List.of(sides) : sides.stream().map(List::of).toList()) {
                Instant runStart = Instant.now();
                Map<String, Optional<Integer>> exits = runAtOnce(together, trial, record, before, after, directory);
                for (Map.Entry<String, Optional<Integer>> exit : exits.entrySet()) {
                    if (exit.getValue().isPresent()) {
                        trial = trial.withExit(exit.getKey(), exit.getValue().get());
                    }
                }
                if (together.contains(sides.get(sides.size() - 1))) {
                    trial = trial.withEnd(Instant.now().toString());
                }
                done.set(done.size() - 1, trial);
                record.withTrials(done, null).write(directory);
                if (machineSpeed != null) {
                    machineSpeed.record().write(directory);
                }
                String took = Progress.format(Duration.between(runStart, Instant.now()));
                if (interrupted || exits.values().stream().anyMatch(
                        exit -> exit.isPresent() && exit.get() == ExitCode.INTERRUPTED)) {
                    out.println("interrupted: judge what finished with benchmark.sh ab --judge " + directory);
                    return new Trials(record, ExitCode.INTERRUPTED);
                }
                for (String name : together) {
                    Optional<Integer> exit = exits.get(name);
                    Optional<String> refused = refused(directory.resolve(trial.run(name)));
                    if (refused.isPresent()) {
                        // a server that refused what it was given (a mistyped --candidate-server-args) refuses it in
                        // every trial: bad input, said once, not a gate that fails after all its trials
                        spec.commandLine().getErr().println("error: the " + name + "'s run of trial " + number
                                + " could not run " + refused.get());
                        return new Trials(record, ExitCode.USAGE);
                    }
                    if (exit.isEmpty() || exit.get() != ExitCode.OK && exit.get() != ExitCode.FAILED) {
                        spec.commandLine().getErr().println("error: the " + name + "'s run of trial " + number
                                + (exit.isEmpty() ? " did not end in " + trialTimeout + " minutes"
                                        : " ended with status " + exit.get()) + ": see "
                                + directory.resolve(trial.run(name) + ".log"));
                        return new Trials(record, ExitCode.USAGE);
                    }
                    if (!Files.isRegularFile(directory.resolve(trial.run(name)).resolve(RunRecord.FILE_NAME))) {
                        // its launcher failed before run-all began (a build that broke): a trial the verdict
                        // would leave out without a word
                        spec.commandLine().getErr().println("error: the " + name + "'s run of trial " + number
                                + " ended with status " + exit.get() + " before it measured anything (no "
                                + RunRecord.FILE_NAME + "): see " + directory.resolve(trial.run(name) + ".log"));
                        return new Trials(record, ExitCode.USAGE);
                    }
                    out.println("[trial " + number + "/" + total + "] " + name + ": "
                            + (exit.get() == ExitCode.OK ? "passed" : "a pair FAILED") + " in " + took
                            + (record.duet() ? " on CPUs " + record.duetCpus().get(sides.indexOf(name)) : "")
                            + " | elapsed " + Progress.format(Duration.between(start, Instant.now())));
                    out.flush();
                }
            }
        }
        AbRecord ended = record.withTrials(done, Instant.now().toString());
        ended.write(directory);
        return new Trials(ended, ExitCode.OK);
    }

    /**
     * Runs these sides of a trial at once (one, or a duet's two) to their ends or the trial timeout; each side's exit
     * status, empty when it was stopped at the timeout.
     */
    private Map<String, Optional<Integer>> runAtOnce(List<String> names, AbRecord.Trial trial, AbRecord record,
            Side before, Side after, Path directory) throws IOException, InterruptedException {
        Map<String, ChildProcess> started = new LinkedHashMap<>();
        Map<String, Optional<Integer>> exits = new LinkedHashMap<>();
        try {
            for (String name : names) {
                Side side = AbRecord.BASELINE.equals(name) ? before : after;
                ChildProcess process = ChildProcess.start(trial.run(name), trialCommand(record, trial, side,
                        directory.resolve(trial.run(name))), side.directory(),
                        directory.resolve(trial.run(name) + ".log"), line -> { });
                started.put(name, process);
                running.add(process);
            }
            if (interrupted) {
                for (ChildProcess process : started.values()) {
                    process.stop(Duration.ofSeconds(30));
                }
            }
            Instant deadline = Instant.now().plus(Duration.ofMinutes(trialTimeout));
            for (Map.Entry<String, ChildProcess> side : started.entrySet()) {
                Duration left = Duration.between(Instant.now(), deadline);
                Optional<Integer> exit = side.getValue().awaitExit(left.isNegative() ? Duration.ZERO : left);
                if (exit.isEmpty()) {
                    side.getValue().stop(Duration.ofSeconds(30));
                }
                exits.put(side.getKey(), exit);
            }
            return exits;
        } finally {
            for (ChildProcess process : started.values()) {
                running.remove(process);
                process.close();
            }
        }
    }

    /** The first pair a side's run skipped, "pair: why", as its run.json says; empty when none was. */
    private static Optional<String> refused(Path runDirectory) {
        if (!Files.isRegularFile(runDirectory.resolve(RunRecord.FILE_NAME))) {
            return Optional.empty();
        }
        try {
            return RunRecord.read(runDirectory).pairs().stream()
                    .filter(pair -> RunRecord.Pair.SKIPPED.equals(pair.status()))
                    .map(pair -> pair.pair() + ": " + pair.message())
                    .findFirst();
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * One side's run-all for one trial: its own launcher, the recorded settings, the same for both sides. Its length
     * is quick, which every side's run-all knows (an older side may lack trial); the recorded options replace each
     * of quick's. In a duet the side's servers and clients share its half of the CPUs (or all of them), the
     * candidate's servers bind their own port, and both sides' clients begin their load together where both can.
     */
    private List<String> trialCommand(AbRecord record, AbRecord.Trial trial, Side side, Path runDirectory) {
        boolean candidateInDuet = record.duet() && AbRecord.CANDIDATE.equals(side.name());
        List<String> clientArgs = new ArrayList<>(record.clientArgs());
        if (AbRecord.CANDIDATE.equals(side.name())) {
            clientArgs.addAll(record.candidateClientArgs());
        }
        List<String> command = runAllCommand(side, runDirectory, clientArgs,
                candidateInDuet ? port + DUET_PORT_STEP : port,
                record.duet() ? record.duetCpus().get(trial.order().indexOf(side.name())) : null,
                AbRecord.CANDIDATE.equals(side.name()) ? record.candidateJvmOptions() : record.baselineJvmOptions());
        if (AbRecord.CANDIDATE.equals(side.name()) && !record.candidateServerArgs().isEmpty()) {
            command.addAll(List.of("--server-args", quoted(record.candidateServerArgs())));
        }
        if (startTogether) {
            command.addAll(List.of(OptionNames.START_TOGETHER,
                    runDirectory.resolveSibling(trialPrefix(trial.number()) + "start").toString()));
        }
        return command;
    }

    /**
     * A side's run-all of the pairs with these client options, on {@code sideCpus} (a duet's half) or as --server-cpus
     * and --client-cpus say, its JVMs as {@code jvmOptions} (run-all's own options) say.
     */
    private List<String> runAllCommand(Side side, Path runDirectory, List<String> clientArgs, int sidePort,
            String sideCpus, List<String> jvmOptions) {
        // run-all runs the open loop when told the rate itself; the trial's own times replace quick's
        String rate = ArgumentWords.valueOf(clientArgs, OptionNames.RATE);
        // built before the first run (build()): benchmark.sh need not check again, and the side stays that build
        List<String> command = new ArrayList<>(List.of("env", "BENCHMARK_SH_BUILT=1", "bash",
                side.directory().resolve("benchmark.sh").toString(), "run-all", "--length", "quick", "--pairs",
                String.join(",", pairs), "--scenario", scenario, "-p", String.valueOf(sidePort), "--out",
                runDirectory.toString(), "-a",
                quoted(ArgumentWords.without(clientArgs, OptionNames.RATE))));
        if (rate != null) {
            command.addAll(List.of(OptionNames.RATE, rate));
        }
        if (sideCpus != null) {
            command.addAll(List.of(CpuPinning.SERVER_CPUS, sideCpus, CpuPinning.CLIENT_CPUS, sideCpus));
        } else {
            command.addAll(cpus.args());
        }
        command.addAll(jvmOptions);
        command.addAll(placement.sshArgs());
        return command;
    }

    /** Words as one -a style string that {@link ArgumentWords} splits back into the same words. */
    private static String quoted(List<String> words) {
        return String.join(" ", words.stream().map(AbCommand::quote).toList());
    }

    /** A word as {@link ArgumentWords} reads it back whole. */
    static String quote(String word) {
        return PLAIN_WORD.matcher(word).matches() ? word : "'" + word.replace("'", "'\\''") + "'";
    }

    /** Runs a command to its end or the timeout (then stops it), its output into {@code log}. */
    private Optional<Integer> runToEnd(String name, List<String> command, Path workingDirectory, Path log,
            Duration timeout) throws IOException, InterruptedException {
        ChildProcess process = ChildProcess.start(name, command, workingDirectory, log, line -> { });
        running.add(process);
        try {
            if (interrupted) {
                process.stop(Duration.ofSeconds(30));
            }
            Optional<Integer> exit = process.awaitExit(timeout);
            if (exit.isEmpty()) {
                process.stop(Duration.ofSeconds(30));
            }
            return exit;
        } finally {
            running.remove(process);
            process.close();
        }
    }

    private void interrupt() {
        interrupted = true;
        for (ChildProcess process : running) {
            try {
                process.stop(Duration.ofSeconds(30));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
