package org.rpcbench.gate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.rpcbench.contract.AbRecord;
import org.rpcbench.contract.CallCost;
import org.rpcbench.contract.MachineSpeed;
import org.rpcbench.contract.OpenLoopReport;
import org.rpcbench.contract.RunRecord;

/** A/B runs written as benchmark.sh ab writes them: ab.json, and a run directory per side and trial. */
public final class AbRuns {

    /** getUser calls/s per trial: a spread of ±4% as between JVMs here. */
    public static final double[] THROUGHPUT = {10_000, 10_400, 9_600, 10_200, 9_800, 10_100};
    /** Server bytes per getUser per trial: a spread of ±0.2%. */
    public static final double[] ALLOCATION = {15_000, 15_030, 14_970, 15_010, 14_990, 15_000};
    /** A throughput's three iterations in a fork: the mean, and this share below and above it. */
    public static final double ITERATION_SPREAD = 0.02;
    /** When each side of every trial started and ended. */
    public static final String START = "2026-11-29T10:00:00Z";
    public static final String END = "2026-11-29T10:02:00Z";
    /** Where the machine-speed probe's windows begin, seconds since the epoch. */
    private static final long PROBED_FROM = 1_800_000_000L;
    /** The fixed rate of the open-loop trials written here unless another is given, calls per second. */
    private static final int OPEN_LOOP_RATE = 8000;

    private AbRuns() {
    }

    /**
     * What one side of one trial did: its pair's status (with a message when it did not pass) and, when it passed,
     * getUser's calls/s and server bytes per call (null: not reported), and listUser too when asked.
     */
    public record Side(String status, String message, double callsPerSecond, Double serverBytes, boolean listUser) {

        public static Side passed(double callsPerSecond, Double serverBytes) {
            return new Side("passed", null, callsPerSecond, serverBytes, false);
        }

        public static Side notPassed(String status, String message) {
            return new Side(status, message, 0, null, false);
        }

        public Side withListUser() {
            return new Side(status, message, callsPerSecond, serverBytes, true);
        }

        public Side withoutServerBytes() {
            return new Side(status, message, callsPerSecond, null, listUser);
        }
    }

    /** One side's run-all of one trial: run.json and, when it passed, the pair's JMH JSON. */
    private static void run(Path directory, String name, Side side) throws IOException {
        Path run = Files.createDirectories(directory.resolve(name));
        boolean passed = side.status().equals("passed");
        // every trial's sides ran within the same two minutes
        Files.writeString(run.resolve("run.json"), "{\"runId\": \"" + name + "\", \"start\": \"" + START
                + "\", \"end\": \"" + END + "\", \"pairs\": [{\"pair\":"
                + " \"dubbo-kryo\", \"status\": \"" + side.status() + "\"" + (passed
                        ? ", \"result\": \"dubbo-kryo.json\"}]}" : ", \"message\": \"" + side.message() + "\"}]}"),
                StandardCharsets.UTF_8);
        if (passed) {
            List<String> results = new ArrayList<>();
            results.add(result("getUser", side.callsPerSecond(), side.serverBytes()));
            if (side.listUser()) {
                results.add(result("listUser", side.callsPerSecond() / 2, side.serverBytes()));
            }
            Files.writeString(run.resolve("dubbo-kryo.json"), "[" + String.join(", ", results) + "]",
                    StandardCharsets.UTF_8);
        }
    }

    private static String result(String call, double callsPerSecond, Double serverBytes) {
        return String.format(Locale.ROOT, "{\"benchmark\": \"org.rpcbench.client.UserServiceBenchmark.%s\","
                + " \"mode\": \"thrpt\", \"threads\": 32, \"primaryMetric\": {\"score\": %f, \"scoreError\":"
                + " \"NaN\", \"scoreUnit\": \"ops/s\", \"rawData\": [[%f, %f, %f]]}, \"secondaryMetrics\": {%s}}",
                call, callsPerSecond, callsPerSecond * (1 - ITERATION_SPREAD), callsPerSecond,
                callsPerSecond * (1 + ITERATION_SPREAD), serverBytes == null ? "" : String.format(Locale.ROOT,
                        "\"cost.server.alloc\": {\"score\": %f, \"scoreError\": \"NaN\", \"scoreUnit\": \"B/op\","
                                + " \"rawData\": [[%f]]}", serverBytes, serverBytes));
    }

    /**
     * Trials with the candidate's throughput and server bytes scaled by these factors; a trial listed in
     * {@code failedTrials} has the candidate's pair failed.
     */
    public static void write(Path directory, int trials, double throughputFactor, double allocationFactor,
            int... failedTrials) throws IOException {
        double[] throughputFactors = new double[trials];
        Arrays.fill(throughputFactors, throughputFactor);
        write(directory, throughputFactors, allocationFactor, null, failedTrials);
    }

    /**
     * A trial per throughput factor, the candidate's throughput scaled by it; confirmation trials from
     * {@code confirmationFrom} on (null: none).
     */
    public static void write(Path directory, double[] throughputFactors, double allocationFactor,
            Integer confirmationFrom, int... failedTrials) throws IOException {
        int trials = throughputFactors.length;
        List<Side> baseline = new ArrayList<>();
        List<Side> candidate = new ArrayList<>();
        for (int i = 0; i < trials; i++) {
            int number = i + 1;
            boolean failed = Arrays.stream(failedTrials).anyMatch(trial -> trial == number);
            baseline.add(baseline(i));
            candidate.add(failed ? Side.notPassed("failed", "dubbo-kryo-client exited 1: wire check failed")
                    : candidate(i, throughputFactors[i], allocationFactor));
        }
        write(directory, baseline, candidate, confirmationFrom);
    }

    /** Trial {@code i}'s baseline as {@link #write(Path, int, double, double, int...)} writes it. */
    public static Side baseline(int i) {
        return Side.passed(THROUGHPUT[i % THROUGHPUT.length], ALLOCATION[i % ALLOCATION.length]);
    }

    /** Trial {@code i}'s candidate, scaled: as noisy as the baseline's trial, differently. */
    public static Side candidate(int i, double throughputFactor, double allocationFactor) {
        return Side.passed(THROUGHPUT[(i + 2) % THROUGHPUT.length] * throughputFactor,
                ALLOCATION[(i + 3) % ALLOCATION.length] * allocationFactor);
    }

    /** A trial per baseline side, each with the candidate side beside it; the exit of a side not passed is 1. */
    public static void write(Path directory, List<Side> baseline, List<Side> candidate, Integer confirmationFrom)
            throws IOException {
        write(directory, baseline, candidate, confirmationFrom,
                confirmationFrom == null ? 0 : baseline.size() - confirmationFrom + 1);
    }

    /** The same, the run given {@code confirmationTrials} whether or not they ran. */
    public static void write(Path directory, List<Side> baseline, List<Side> candidate, Integer confirmationFrom,
            int confirmationTrials) throws IOException {
        List<AbRecord.Trial> done = new ArrayList<>();
        for (int i = 0; i < baseline.size(); i++) {
            int number = i + 1;
            String prefix = String.format("trial-%02d-", number);
            run(directory, prefix + "baseline", baseline.get(i));
            run(directory, prefix + "candidate", candidate.get(i));
            done.add(new AbRecord.Trial(number, List.of("baseline", "candidate"), prefix + "baseline",
                    exit(baseline.get(i)), prefix + "candidate", exit(candidate.get(i)), null, null));
        }
        record(directory, done, List.of("--forks", "1"), confirmationFrom, confirmationTrials);
    }

    private static void record(Path directory, List<AbRecord.Trial> done, List<String> clientArgs,
            Integer confirmationFrom, int confirmationTrials) {
        record(directory, done, clientArgs, confirmationFrom, confirmationTrials, null);
    }

    private static void record(Path directory, List<AbRecord.Trial> done, List<String> clientArgs,
            Integer confirmationFrom, int confirmationTrials, List<String> duetCpus) {
        new AbRecord(new AbRecord.Side("HEAD~1", "0123456789abcdef0123", null, "/wt/a"),
                new AbRecord.Side("/work/main", "fedcba9876543210fedc", true, "/work/main"), List.of("dubbo-kryo"),
                "user", clientArgs, List.of(), List.of(), 42, List.of("benchmark.sh", "ab"), "start", "end", done,
                confirmationFrom, confirmationTrials, duetCpus, null, null, null).write(directory);
    }

    /**
     * Open-loop trials of getUser at 8,000 calls/s: each side's server CPU per call as given, trial by trial, its
     * mean response time 1 ms (both sides alike but for a ±2% wobble), its client CPU 90 µs a call, and the server's
     * Java threads 3 µs less than its process.
     */
    public static void writeOpenLoop(Path directory, double[] baselineServerCpu, double[] candidateServerCpu) {
        writeOpenLoop(directory, baselineServerCpu, candidateServerCpu, 1);
    }

    /** The same, the candidate's median response time this many times the baseline's, its mean as the baseline's. */
    public static void writeOpenLoop(Path directory, double[] baselineServerCpu, double[] candidateServerCpu,
            double candidateMedianFactor) {
        writeOpenLoop(directory, OPEN_LOOP_RATE, baselineServerCpu, candidateServerCpu, candidateMedianFactor, null,
                null, null);
    }

    /** The same at another rate, calls per second, as each run of ab's default finds its own. */
    public static void writeOpenLoopAt(Path directory, int rate, double[] baselineServerCpu,
            double[] candidateServerCpu) {
        writeOpenLoop(directory, rate, baselineServerCpu, candidateServerCpu, 1, null, null, null);
    }

    /**
     * The same, each side of each trial in a window of its own, the machine-speed probe's time in it as given (ns),
     * trial by trial.
     */
    public static void writeOpenLoopWithSpeed(Path directory, double[] baselineServerCpu,
            double[] candidateServerCpu, double[] baselineProbeNanos, double[] candidateProbeNanos) {
        writeOpenLoop(directory, OPEN_LOOP_RATE, baselineServerCpu, candidateServerCpu, 1, baselineProbeNanos,
                candidateProbeNanos, null);
    }

    /**
     * The same as a duet sharing two CPUs, in which the named sides of one trial (from 0) did not keep getUser's
     * rate: their pair failed, as a client that fell behind leaves it.
     */
    public static void writeOpenLoopDuet(Path directory, double[] baselineServerCpu, double[] candidateServerCpu,
            int behindTrial, String... sidesBehind) {
        writeOpenLoop(directory, OPEN_LOOP_RATE, baselineServerCpu, candidateServerCpu, 1, null, null,
                new Behind(behindTrial, List.of(sidesBehind), List.of(), List.of()));
    }

    /**
     * The same, but the sides {@code begunBehind} began that trial's window with calls due in the warmup still
     * unsent, 5.6 s behind at first, and caught up by its end: they kept the rate, and their pair passed; the sides
     * {@code sidesBehind} did not keep it.
     */
    public static void writeOpenLoopDuetBegunBehind(Path directory, double[] baselineServerCpu,
            double[] candidateServerCpu, int behindTrial, List<String> begunBehind, String... sidesBehind) {
        writeOpenLoop(directory, OPEN_LOOP_RATE, baselineServerCpu, candidateServerCpu, 1, null, null,
                new Behind(behindTrial, List.of(sidesBehind), begunBehind, List.of()));
    }

    /**
     * The same, but the sides {@code warmedBehind} ended that trial's warmup 4 s of calls behind, dropped as the
     * window began, which then began 267 ms behind and kept the rate: their pair passed; the sides {@code
     * sidesBehind} did not keep it.
     */
    public static void writeOpenLoopDuetWarmedBehind(Path directory, double[] baselineServerCpu,
            double[] candidateServerCpu, int behindTrial, List<String> warmedBehind, String... sidesBehind) {
        writeOpenLoop(directory, OPEN_LOOP_RATE, baselineServerCpu, candidateServerCpu, 1, null, null,
                new Behind(behindTrial, List.of(sidesBehind), List.of(), warmedBehind));
    }

    /**
     * A duet trial's sides that fell behind the rate, those that began its window behind and caught up, and those
     * whose warmup ended behind.
     */
    private record Behind(int trial, List<String> sides, List<String> begunBehind, List<String> warmedBehind) {

        boolean fell(int trialIndex, String side) {
            return trial == trialIndex && sides.contains(side);
        }

        /** A backlog's seconds, as one read (ms): where a side began behind, null otherwise. */
        List<Double> secondMeans(int trialIndex, String side) {
            if (trial != trialIndex) {
                return null;
            }
            return begunBehind.contains(side) ? List.of(5600.0, 4100.0, 2300.0, 600.0, 1.1)
                    : warmedBehind.contains(side) ? List.of(267.2, 40.0, 1.1) : null;
        }

        /** The calls a side's warmup dropped as the window began: 4 s of them where it ended behind. */
        long warmupDropped(int trialIndex, String side) {
            return trial == trialIndex && warmedBehind.contains(side) ? 4L * OPEN_LOOP_RATE : 0;
        }
    }

    private static void writeOpenLoop(Path directory, int rate, double[] baselineServerCpu,
            double[] candidateServerCpu, double candidateMedianFactor, double[] baselineProbeNanos,
            double[] candidateProbeNanos, Behind duet) {
        List<AbRecord.Trial> done = new ArrayList<>();
        List<MachineSpeed.Second> seconds = new ArrayList<>();
        for (int i = 0; i < baselineServerCpu.length; i++) {
            int number = i + 1;
            String prefix = String.format("trial-%02d-", number);
            OpenLoopReport.Window baselineWindow = null;
            OpenLoopReport.Window candidateWindow = null;
            if (baselineProbeNanos != null) {
                baselineWindow = probed(seconds, 2 * i, baselineProbeNanos[i]);
                candidateWindow = probed(seconds, 2 * i + 1, candidateProbeNanos[i]);
            }
            boolean baselineBehind = duet != null && duet.fell(i, AbRecord.BASELINE);
            boolean candidateBehind = duet != null && duet.fell(i, AbRecord.CANDIDATE);
            openLoopRun(directory.resolve(prefix + "baseline"), rate, baselineServerCpu[i], 1 + 0.02 * ((i % 3) - 1),
                    1, baselineWindow, duet == null ? null : duet.secondMeans(i, AbRecord.BASELINE),
                    duet == null ? 0 : duet.warmupDropped(i, AbRecord.BASELINE), baselineBehind);
            openLoopRun(directory.resolve(prefix + "candidate"), rate, candidateServerCpu[i],
                    1 + 0.02 * (((i + 1) % 3) - 1), candidateMedianFactor, candidateWindow,
                    duet == null ? null : duet.secondMeans(i, AbRecord.CANDIDATE),
                    duet == null ? 0 : duet.warmupDropped(i, AbRecord.CANDIDATE), candidateBehind);
            done.add(new AbRecord.Trial(number, List.of("baseline", "candidate"), prefix + "baseline",
                    baselineBehind ? 1 : 0, prefix + "candidate", candidateBehind ? 1 : 0, START, END));
        }
        record(directory, done, List.of("--rate", String.valueOf(rate), "--warmup", "10", "--duration", "6"), null, 0,
                duet == null ? null : List.of("0-1", "0-1"));
        if (baselineProbeNanos != null) {
            new MachineSpeed("a test's", 2, seconds).write(directory);
        }
    }

    /**
     * Open-loop trials of getUser at 8,000 calls/s whose windows kept each second's mean response time (ms), trial by
     * trial, each side's as given (null: a side from before they were kept); a window's mean is its seconds', its
     * server CPU per call 71 µs.
     */
    public static void writeOpenLoopSeconds(Path directory, double[][] baselineSeconds,
            double[][] candidateSeconds) {
        List<AbRecord.Trial> done = new ArrayList<>();
        for (int i = 0; i < Math.max(rows(baselineSeconds), rows(candidateSeconds)); i++) {
            String prefix = String.format("trial-%02d-", i + 1);
            secondsRun(directory.resolve(prefix + "baseline"), baselineSeconds, i);
            secondsRun(directory.resolve(prefix + "candidate"), candidateSeconds, i);
            done.add(new AbRecord.Trial(i + 1, List.of("baseline", "candidate"), prefix + "baseline", 0,
                    prefix + "candidate", 0, START, END));
        }
        record(directory, done, List.of("--rate", "8000", "--warmup", "10", "--duration", "20"), null, 0);
    }

    private static int rows(double[][] seconds) {
        return seconds == null ? 0 : seconds.length;
    }

    /**
     * A side's run of a trial as {@link #writeOpenLoopSeconds} writes it, its median response time its middle
     * second's; a side without seconds means 1 ms.
     */
    private static void secondsRun(Path run, double[][] seconds, int trial) {
        if (seconds == null) {
            openLoopRun(run, OPEN_LOOP_RATE, 71, 1, 1, null, null, 0, false);
            return;
        }
        double mean = Arrays.stream(seconds[trial]).average().orElseThrow();
        double[] sorted = Arrays.stream(seconds[trial]).sorted().toArray();
        openLoopRun(run, OPEN_LOOP_RATE, 71, mean, sorted[sorted.length / 2] / mean, null,
                Arrays.stream(seconds[trial]).boxed().toList(), 0, false);
    }

    /**
     * Starves the probe in one second of a trial's side's window as {@link #writeOpenLoopWithSpeed} wrote it: 2
     * samples, where every other second has 100.
     */
    public static void starveProbe(Path directory, int trialIndex, String side) {
        MachineSpeed speed = MachineSpeed.read(directory);
        long starved = PROBED_FROM + 60L * (2 * trialIndex + (AbRecord.CANDIDATE.equals(side) ? 1 : 0)) + 10;
        new MachineSpeed(speed.probe(), speed.threads(), speed.seconds().stream()
                .map(second -> second.epochSecond() == starved
                        ? new MachineSpeed.Second(starved, 2, second.meanNanos()) : second)
                .toList()).write(directory);
    }

    /** The {@code run}th side's window: 20 s of its own, the probe's samples in it all {@code nanos}. */
    private static OpenLoopReport.Window probed(List<MachineSpeed.Second> seconds, int run, double nanos) {
        long start = PROBED_FROM + 60L * run;
        for (long second = start; second < start + 20; second++) {
            seconds.add(new MachineSpeed.Second(second, 100, nanos));
        }
        return new OpenLoopReport.Window(start * 1000, (start + 20) * 1000);
    }

    private static void openLoopRun(Path run, int rate, double serverCpu, double meanMillis, double medianFactor,
            OpenLoopReport.Window window, List<Double> secondMeans, long warmupDropped, boolean behind) {
        OpenLoopReport.Latency time = new OpenLoopReport.Latency(48_000, meanMillis, meanMillis * 0.8 * medianFactor,
                meanMillis * 1.5,
                meanMillis * 3, meanMillis * 5, meanMillis * 6, meanMillis * 8);
        OpenLoopReport.CallResult getUser = new OpenLoopReport.CallResult("getUser", rate, null, 48_000, 48_000, 0,
                48_000, 0, 0, rate, time, time, 6, 0, null, "getUser.hlog",
                behind ? "9,000 of the 48,000 calls due in the window were never sent" : null, null,
                Map.of(CallCost.SERVER_CPU.label(), serverCpu, CallCost.SERVER_THREADS_CPU.label(), serverCpu - 3,
                        CallCost.CLIENT_CPU.label(), 90.0), window, secondMeans, warmupDropped, null);
        OpenLoopReport report = new OpenLoopReport(1, (double) rate, null, null, OpenLoopReport.FIXED, 10_000, 6_000,
                32, List.of(getUser));
        new RunRecord(run.getFileName().toString(), "quick", "user", List.of("--rate", String.valueOf(rate)), List.of(),
                START, END,
                null, List.of(new RunRecord.Pair("dubbo-kryo", "dubbo", "dubbo", "kryo",
                        behind ? RunRecord.Pair.FAILED : RunRecord.Pair.PASSED,
                        behind ? "dubbo-kryo-client exited 1: getUser: the rate was not kept" : null, null, START, END,
                        60.0, "1x1", null, List.of(), List.of(new RunRecord.Consumer("dubbo-kryo-open-loop.json",
                                "dubbo-kryo-client.out", behind ? 1 : 0, List.of(), null, report, null)), List.of(),
                        List.of()))).write(run);
    }

    private static int exit(Side side) {
        return side.status().equals("passed") ? 0 : 1;
    }
}
