package org.rpcbench.runner.pair;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.rpcbench.contract.AvailabilityReport;
import org.rpcbench.contract.ClientReady;
import org.rpcbench.contract.Durations;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.JvmRole;
import org.rpcbench.contract.LockstepAddress;
import org.rpcbench.contract.OpenLoopReport;
import org.rpcbench.contract.OptionNames;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.RunRecord;
import org.rpcbench.contract.ServerReady;
import org.rpcbench.contract.SoakReport;
import org.rpcbench.contract.Stopped;
import org.rpcbench.profiling.FlameGraphs;
import org.rpcbench.results.ConsumerMerge;
import org.rpcbench.results.HarnessBound;
import org.rpcbench.runner.arguments.ArgumentWords;
import org.rpcbench.runner.process.JvmLauncher;
import org.rpcbench.runner.process.RunningJvm;

/**
 * One pair, start to end: its servers started and awaited by their ready records, its clients run to the end
 * against them, the servers stopped. With a fault, the first server is signalled while the clients run. The one
 * place where "start the server, wait until it serves, run the client, stop the server" is written: benchmark.sh
 * {@code <pair>} and run-all (on this machine or on hosts, two-hosts.sh's included) all come here.
 */
public final class PairRun {

    /** A build is never part of a run: benchmark.sh builds every jar before the runner starts. */
    static final Duration SERVER_START_TIMEOUT = Duration.ofMinutes(2);
    static final Duration STOP_GRACE = Duration.ofSeconds(20);

    /** What a pair run tells whoever drives it, as it happens. */
    public interface Listener {

        /** A step of the run, for a progress line. */
        default void status(String what) {
        }

        default void serverReady(ServerReady ready) {
        }

        default void serverStopped(Stopped stopped) {
        }

        /** Each line the first client prints (JMH's progress among them). */
        default void clientLine(String line) {
        }
    }

    /**
     * What to run.
     *
     * @param port the first server's port; server i binds port + i
     * @param registry what the servers are told ({@code zookeeper}, zookeeper://host:port), or null: direct
     * @param clientArgs the clients' own options (the runner adds where the servers are and where the records go)
     * @param serverArgs more options for every server, after the runner's own
     * @param fault what happens to the first server while the clients run, or null
     * @param serverCpus, clientCpus CPU lists (taskset -c) to run servers and clients on, or null: anywhere
     * @param profile whether every server and client records CPU and allocation samples, turned into flame graphs
     */
    public record Plan(String pair, String host, int port, String registry, Topology topology,
            List<String> clientArgs, List<String> serverArgs, Fault fault, Duration clientTimeout, String serverCpus,
            String clientCpus, boolean profile) {

        /** Whether the clients run the open-loop load, whose results are not JMH's. */
        boolean openLoop() {
            return given(OptionNames.RATE) || given(OptionNames.RATE_SWEEP);
        }

        /** Whether the clients run JMH (whose forks can be profiled), not a load of their own. */
        boolean jmh() {
            return fault == null && !openLoop() && !soak();
        }

        /** Whether the clients soak, judging the servers' samples with their own. */
        boolean soak() {
            return given(OptionNames.SOAK);
        }

        /**
         * What the servers of a soak are told: sample at the clients' interval and measure the live set as often
         * as the clients do (as given to them, else the soak's default).
         */
        List<String> serverSampling() {
            List<String> args = new ArrayList<>();
            String every = valueOf(OptionNames.SAMPLE_EVERY);
            if (every != null) {
                args.addAll(List.of(OptionNames.SAMPLE_EVERY, every));
            }
            String liveSet = valueOf(OptionNames.LIVE_SET_EVERY);
            args.addAll(List.of(OptionNames.LIVE_SET_EVERY, liveSet != null ? liveSet
                    : Durations.format(SoakReport.liveSetEvery(Durations.parse(valueOf(OptionNames.SOAK))))));
            return args;
        }

        /** Whether the clients are given this option, as {@code --option value} or {@code --option=value}. */
        private boolean given(String option) {
            return ArgumentWords.given(clientArgs, option);
        }

        /** The value the clients are given for this option (the last one, as picocli takes it), or null. */
        private String valueOf(String option) {
            return ArgumentWords.valueOf(clientArgs, option);
        }
    }

    /** A signal (TERM or KILL) sent to the first server this long after every client's load started. */
    public record Fault(String signal, Duration after) {
    }

    private final JvmLauncher launcher;
    private final Plan plan;
    private final PairFiles files;
    private final List<RunningJvm> running = new ArrayList<>();
    private volatile boolean aborted;

    public PairRun(JvmLauncher launcher, Plan plan, PairFiles files) {
        this.launcher = launcher;
        this.plan = plan;
        this.files = files;
    }

    /** What the run has found so far; the first problem it meets is the pair's message. */
    private static final class Outcome {
        private String message;
        private boolean skipped;
        private Long faultAt;
        private final List<ServerReady> readies = new ArrayList<>();
        private final List<RunRecord.Consumer> consumers = new ArrayList<>();
        private final List<RunRecord.Provider> providers = new ArrayList<>();
        private final List<RunRecord.Profile> profiles = new ArrayList<>();

        void problem(String problem) {
            if (message == null) {
                message = problem;
            }
        }
    }

    public RunRecord.Pair run(Listener listener) throws IOException, InterruptedException {
        Instant start = Instant.now();
        Outcome outcome = new Outcome();
        try {
            // the client's jar is copied now, not between the server's ready record and the client's start
            launcher.suite().runnableJar(plan.pair() + "-client");
            List<RunningJvm> servers = new ArrayList<>();
            for (int i = 0; i < plan.topology().providers(); i++) {
                servers.add(track(launcher.start(plan.pair() + "-server", server(i), i, files.serverOutput(i),
                        line -> { })));
            }
            awaitReady(servers, outcome, listener);
            if (outcome.message == null) {
                listener.status(plan.topology().single() ? "server ready"
                        : plan.topology().providers() + " servers ready");
                runClients(servers, outcome, listener);
            }
            stopServers(servers, outcome, listener);
            if (plan.profile()) {
                convertProfiles(outcome, listener);
            }
        } finally {
            for (RunningJvm process : running) {
                process.close();
            }
            running.clear();
        }
        return record(start, outcome);
    }

    /** Each server's ready record; a server that exits first or takes too long is the pair's problem. */
    private void awaitReady(List<RunningJvm> servers, Outcome outcome, Listener listener)
            throws InterruptedException {
        for (int i = 0; i < servers.size(); i++) {
            ServerReady ready = servers.get(i).awaitRecord(files.serverReady(i), ServerReady.class,
                    SERVER_START_TIMEOUT, () -> aborted).orElse(null);
            outcome.readies.add(ready);
            if (ready != null) {
                listener.serverReady(ready);
            } else if (outcome.message == null) {
                Optional<Stopped> stopped = RecordFiles.readIfPresent(files.serverStop(i), Stopped.class);
                // a server that exits before its options are read writes no stop record: its status says why
                Optional<Integer> exit = servers.get(i).isAlive() ? Optional.empty()
                        : servers.get(i).awaitExit(Duration.ofSeconds(5));
                // a server that refuses what it was asked (its stack has no registry, an option it does not know)
                // is not a failure of the stack
                outcome.skipped = !aborted && (stopped.filter(stop -> stop.exitCode() == ExitCode.USAGE).isPresent()
                        || stopped.isEmpty() && exit.filter(code -> code == ExitCode.USAGE).isPresent());
                Path output = files.serverOutput(i);
                String why = stopped.map(Stopped::message).orElseGet(() -> exit
                        .map(code -> "exited " + code + " before it was ready: " + lastWords(output))
                        .orElse("no ready record within " + SERVER_START_TIMEOUT.toSeconds() + " s; see " + output));
                outcome.problem(aborted ? "interrupted" : servers.get(i).name() + (outcome.skipped
                        ? " cannot run this: " : " did not start: ") + why);
            }
        }
    }

    /** What a process said last: its last line that begins with "error:", else its last line; "see" the file. */
    private static String lastWords(Path output) {
        List<String> lines;
        try {
            lines = Files.readAllLines(output).stream().filter(line -> !line.isBlank()).toList();
        } catch (IOException | RuntimeException e) {
            return "see " + output;
        }
        return lines.stream().filter(line -> line.startsWith("error:")).reduce((first, second) -> second)
                .or(() -> lines.isEmpty() ? Optional.empty() : Optional.of(lines.get(lines.size() - 1)))
                .map(line -> line + " (" + output + ")").orElse("see " + output);
    }

    /**
     * The clients to the end (or their timeout), the fault on the way if there is one; the servers are asked to
     * stop as soon as every client has written its stop record, while the clients' JVMs exit. Several JMH
     * consumers meet before every iteration, so that they measure at once: the first hosts their meeting point
     * where the others reach it, and they start once its address is known.
     */
    private void runClients(List<RunningJvm> servers, Outcome outcome, Listener listener)
            throws IOException, InterruptedException {
        List<RunningJvm> clients = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        boolean lockstep = plan.jmh() && plan.topology().consumers() > 1;
        LockstepAddress meetAt = null;
        for (int i = 0; i < plan.topology().consumers(); i++) {
            Consumer<String> lines = i == 0 ? listener::clientLine : line -> { };
            clients.add(track(launcher.start(plan.pair() + "-client"
                    + (plan.topology().consumers() == 1 ? "" : i + 1), client(i, outcome.readies, lockstep, meetAt), i,
                    files.clientOutput(i), lines)));
            if (lockstep && i == 0) {
                meetAt = clients.get(0).awaitRecord(files.lockstepAddress(), LockstepAddress.class,
                        SERVER_START_TIMEOUT, () -> aborted).orElse(null);
                if (meetAt == null) {
                    // the others would have nowhere to meet: the first client's end says why
                    if (clients.get(0).isAlive() && !aborted) {
                        problems.add(clients.get(0).name() + " hosted no lockstep within "
                                + SERVER_START_TIMEOUT.toSeconds() + " s and was stopped");
                        clients.get(0).stop(STOP_GRACE);
                    }
                    break;
                }
            }
        }
        Instant deadline = Instant.now().plus(plan.clientTimeout());
        if (plan.fault() != null) {
            outcome.faultAt = injectFault(servers.get(0), clients, listener);
        }
        boolean[] timedOut = new boolean[clients.size()];
        for (int i = 0; i < clients.size(); i++) {
            Duration left = max(Duration.between(Instant.now(), deadline), Duration.ZERO);
            timedOut[i] = clients.get(i).awaitRecord(files.clientStop(i), Stopped.class, left, () -> aborted)
                    .isEmpty() && clients.get(i).isAlive() && !aborted;
            if (timedOut[i]) {
                clients.get(i).stop(STOP_GRACE);
            }
        }
        // a server that died while the clients ran is the cause of what they then report: named first
        for (int i = plan.fault() == null ? 0 : 1; i < servers.size(); i++) {
            if (!servers.get(i).isAlive()) {
                problems.add(servers.get(i).name() + " (port " + (plan.port() + i) + ") exited while the clients ran");
            }
        }
        servers.stream().filter(RunningJvm::isAlive).forEach(server -> server.signal("TERM"));
        for (int i = 0; i < clients.size(); i++) {
            RunningJvm client = clients.get(i);
            Integer exit = client.awaitExit(STOP_GRACE).or(() -> stopQuietly(client)).orElse(null);
            outcome.consumers.add(consumer(i, exit, outcome.faultAt));
            String problem = clientMessage(client, i, timedOut[i] ? null : exit);
            if (problem != null && !problems.contains(problem)) {
                problems.add(problem);
            }
        }
        if (problems.isEmpty() && plan.fault() != null && outcome.faultAt == null) {
            problems.add("SIG" + plan.fault().signal()
                    + " was never sent: the clients' loads did not start in time, or ended before it");
        }
        // an abort stops everything: what it then looks like is its doing, not a finding
        outcome.problem(aborted ? "interrupted" : problems.isEmpty() ? null : String.join("; ", problems));
    }

    /** Every server asked to stop at once, each awaited (killed after the grace time), its stop record read. */
    private void stopServers(List<RunningJvm> servers, Outcome outcome, Listener listener)
            throws InterruptedException {
        servers.stream().filter(RunningJvm::isAlive).forEach(server -> server.signal("TERM"));
        for (int i = 0; i < servers.size(); i++) {
            RunningJvm server = servers.get(i);
            boolean faulted = plan.fault() != null && i == 0;
            Optional<Integer> exit = server.awaitExit(STOP_GRACE);
            if (exit.isEmpty()) {
                server.stop(Duration.ZERO);
            }
            ServerReady ready = i < outcome.readies.size() ? outcome.readies.get(i) : null;
            Stopped stopped = ready == null ? null
                    : RecordFiles.readIfPresent(files.serverStop(i), Stopped.class).orElse(null);
            if (stopped != null) {
                listener.serverStopped(stopped);
            }
            outcome.providers.add(new RunRecord.Provider(plan.port() + i, files.name(files.serverOutput(i)), ready,
                    stopped, stopped == null ? null : stopped.totalCalls(),
                    launcher.executor().machine(JvmRole.SERVER, i)));
            if (!faulted && ready != null && exit.filter(code -> code == 0).isEmpty()) {
                outcome.problem(server.name() + " (port " + (plan.port() + i) + ") did not stop cleanly: "
                        + exit.map(code -> "exit " + code).orElse("killed after " + STOP_GRACE.toSeconds() + " s"));
            }
        }
    }

    /** Every recording the JVMs left, as flame graphs beside it; one that cannot be read is the pair's problem. */
    private void convertProfiles(Outcome outcome, Listener listener) {
        listener.status("converting the profiles into flame graphs");
        try {
            for (int i = 0; i < plan.topology().providers(); i++) {
                Path recording = files.serverProfile(i);
                if (!Files.isRegularFile(recording)) {
                    continue;
                }
                Long calls = i < outcome.providers.size() ? outcome.providers.get(i).calls() : null;
                try {
                    outcome.profiles.add(FlameGraphs.convert(recording, "server :" + (plan.port() + i), files::name)
                            .withCallsServed(calls));
                } catch (IOException | RuntimeException e) {
                    // the server a SIGKILL fault stopped could not finish its recording: not a finding
                    if (plan.fault() == null || i != 0) {
                        throw e;
                    }
                }
            }
            for (int i = 0; i < plan.topology().consumers(); i++) {
                Path directory = files.clientProfiles(i);
                String client = plan.topology().consumers() == 1 ? "client " : "client" + (i + 1) + " ";
                outcome.profiles.addAll(FlameGraphs.convertAll(directory,
                        recording -> client + forkName(directory, recording), files::name));
            }
        } catch (IOException | RuntimeException e) {
            outcome.problem("the profiles could not be converted: " + e);
        }
    }

    /** "UserServiceBenchmark.getUser-Throughput fork-1" of {@code <directory>/<benchmark>/fork-1.jfr}. */
    public static String forkName(Path directory, Path recording) {
        return directory.relativize(recording.getParent()) + " "
                + recording.getFileName().toString().replaceFirst("\\.jfr$", "");
    }

    /** The pair's record; a passed pair's result is its one client's, or the clients' merged into one. */
    private RunRecord.Pair record(Instant start, Outcome outcome) throws IOException {
        Topology topology = plan.topology();
        boolean passed = outcome.message == null;
        String result = null;
        List<String> harnessBound = List.of();
        if (passed && plan.jmh() && files.clientResult(0) != null) {
            Path merged = files.clientResult(0);
            if (topology.consumers() > 1) {
                merged = files.mergedResult();
                List<Path> results = new ArrayList<>();
                for (int i = 0; i < topology.consumers(); i++) {
                    results.add(files.clientResult(i));
                }
                ConsumerMerge.merge(results, topology.providers(), merged);
            }
            result = files.name(merged);
            harnessBound = HarnessBound.of(merged, files.pair());
        }
        Instant end = Instant.now();
        ServerReady first = outcome.readies.isEmpty() ? null : outcome.readies.get(0);
        String status = passed ? RunRecord.Pair.PASSED
                : outcome.skipped ? RunRecord.Pair.SKIPPED : RunRecord.Pair.FAILED;
        return new RunRecord.Pair(files.pair(), first == null ? null : first.stack(),
                first == null ? null : first.protocol(), first == null ? null : first.serialization(), status,
                outcome.message, result, start.toString(), end.toString(),
                Duration.between(start, end).toMillis() / 1000.0, topology.toString(),
                plan.fault() == null ? null : new RunRecord.FaultRecord(plan.fault().signal(),
                        plan.fault().after().toMillis() / 1000.0, outcome.faultAt),
                outcome.providers, outcome.consumers, outcome.profiles, harnessBound);
    }

    private JvmLauncher.Jvm server(int index) {
        List<String> args = new ArrayList<>(List.of(OptionNames.HOST, serverAddress(index), OptionNames.PORT,
                String.valueOf(plan.port() + index)));
        if (plan.registry() != null) {
            args.addAll(List.of(OptionNames.REGISTRY, plan.registry()));
        }
        args.addAll(List.of(OptionNames.LOG, files.serverLog(index).toString(),
                OptionNames.READY_FILE, files.serverReady(index).toString(),
                OptionNames.STOP_FILE, files.serverStop(index).toString()));
        if (plan.soak()) {
            args.addAll(List.of(OptionNames.JVM_SAMPLES, files.serverSamples(index).toString()));
            args.addAll(plan.serverSampling());
        }
        if (plan.profile()) {
            args.addAll(List.of(OptionNames.PROFILE, files.serverProfile(index).toString()));
        }
        args.addAll(plan.serverArgs());
        return JvmLauncher.Jvm.of(plan.pair() + "-server", JvmRole.SERVER, args).onCpus(plan.serverCpus());
    }

    /** The address client {@code index} is reached at by the other clients: its host's, else the loopback here. */
    private String clientAddress(int index) {
        String address = launcher.executor().clientAddress(index);
        return address != null ? address : InetAddress.getLoopbackAddress().getHostAddress();
    }

    /** The address server {@code index} is told to bind: its host's where the executor places it. */
    private String serverAddress(int index) {
        String address = launcher.executor().serverAddress(index);
        return address != null ? address : plan.host();
    }

    /**
     * @param readies every server's ready record; the first's says where it registered (an embedded registry's own
     *                address), or else the address it bound (a pod's own, known only once it runs); a soaked one's
     *                where it serves its samples
     * @param lockstep whether the consumers meet before every iteration: the first hosts the meeting point
     * @param meetAt where the first hosts it, for the others
     */
    private JvmLauncher.Jvm client(int index, List<ServerReady> readies, boolean lockstep, LockstepAddress meetAt) {
        ServerReady server = readies.get(0);
        List<String> args = new ArrayList<>(plan.clientArgs());
        if (plan.topology().consumers() > 1) {
            args.add(OptionNames.CONCURRENT_CONSUMER);
        }
        if (lockstep) {
            args.addAll(List.of(OptionNames.LOCKSTEP_CONSUMERS, String.valueOf(plan.topology().consumers())));
            args.addAll(index == 0 ? List.of(OptionNames.LOCKSTEP_HOST, clientAddress(0), OptionNames.LOCKSTEP_FILE,
                    files.lockstepAddress().toString()) : List.of(OptionNames.LOCKSTEP, meetAt.toString()));
        }
        if (server.registry() != null) {
            args.addAll(List.of(OptionNames.REGISTRY, server.registry()));
        } else {
            args.addAll(List.of(OptionNames.HOST, server.host(), OptionNames.PORT, String.valueOf(plan.port())));
        }
        if (files.clientResult(index) != null) {
            args.addAll(List.of(OptionNames.RESULT_FILE, files.clientResult(index).toString()));
        }
        args.addAll(List.of(OptionNames.READY_FILE, files.clientReady(index).toString(),
                OptionNames.STOP_FILE, files.clientStop(index).toString()));
        if (plan.soak()) {
            // over the network whatever the executor: the servers' files are where they run
            args.addAll(List.of(OptionNames.SERVER_SAMPLES, String.join(",",
                    readies.stream().map(ServerReady::samples).toList())));
            if (!plan.given(OptionNames.JVM_SAMPLES)) {
                args.addAll(List.of(OptionNames.JVM_SAMPLES, files.clientSamples(index).toString()));
            }
        }
        if (plan.profile() && plan.jmh()) {
            args.addAll(List.of(OptionNames.PROFILE, files.clientProfiles(index).toString()));
        }
        return JvmLauncher.Jvm.of(plan.pair() + "-client", JvmRole.CLIENT, args).onCpus(plan.clientCpus());
    }

    private RunRecord.Consumer consumer(int index, Integer exit, Long faultAt) {
        Optional<ClientReady> ready = RecordFiles.readIfPresent(files.clientReady(index), ClientReady.class);
        Path result = files.clientResult(index);
        RunRecord.AvailabilitySummary availability = plan.fault() == null || result == null ? null
                : RecordFiles.readIfPresent(result, AvailabilityReport.class)
                        .map(report -> RunRecord.AvailabilitySummary.of(report, faultAt)).orElse(null);
        OpenLoopReport openLoop = !plan.openLoop() || result == null ? null
                : RecordFiles.readIfPresent(result, OpenLoopReport.class).orElse(null);
        SoakReport soak = !plan.soak() || result == null ? null
                : RecordFiles.readIfPresent(result, SoakReport.class).orElse(null);
        return new RunRecord.Consumer(result == null ? null : files.name(result),
                files.clientOutput(index) == null ? null : files.name(files.clientOutput(index)), exit,
                ready.map(ClientReady::proofs).orElse(List.of()), availability, openLoop, soak,
                launcher.executor().machine(JvmRole.CLIENT, index));
    }

    private RunningJvm track(RunningJvm process) throws InterruptedException {
        synchronized (running) {
            running.add(process);
        }
        if (aborted) {
            // an abort that came between two starts must not miss this one
            process.stop(STOP_GRACE);
        }
        return process;
    }

    /**
     * Waits until every client's load has started (its ready record), then the fault's delay (or until the
     * clients are done), and signals the server; returns the signal's epoch millis, or null when it never came.
     */
    private Long injectFault(RunningJvm server, List<RunningJvm> clients, Listener listener)
            throws InterruptedException {
        // a client starts and proves the wire in seconds: as long as a server may take is ample
        for (int i = 0; i < clients.size(); i++) {
            if (clients.get(i).awaitRecord(files.clientReady(i), ClientReady.class, SERVER_START_TIMEOUT,
                    () -> aborted).isEmpty()) {
                return null;
            }
        }
        Instant when = Instant.now().plus(plan.fault().after());
        while (Instant.now().isBefore(when) && clients.stream().anyMatch(RunningJvm::isAlive) && !aborted) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
        if (aborted || clients.stream().noneMatch(RunningJvm::isAlive)) {
            return null;
        }
        long at = System.currentTimeMillis();
        server.signal(plan.fault().signal());
        listener.status("sent SIG" + plan.fault().signal() + " to the server on port " + plan.port());
        return at;
    }

    /** Why a client run does not count, or null when it does. */
    private String clientMessage(RunningJvm client, int index, Integer exitCode) {
        if (aborted) {
            return "interrupted";
        }
        if (exitCode == null) {
            return client.name() + " did not finish within " + Progress.format(plan.clientTimeout())
                    + " and was stopped";
        }
        if (exitCode != 0) {
            return client.name() + " exited " + exitCode + ": "
                    + stopMessage(files.clientStop(index)).orElse("see its output");
        }
        return null;
    }

    /** A process that outlived its grace time, killed; empty, as it has no exit status of its own. */
    private static Optional<Integer> stopQuietly(RunningJvm process) {
        try {
            process.stop(Duration.ZERO);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Optional.empty();
    }

    /** Stops whatever the pair is running now; the pair then ends as interrupted. */
    public void abort() throws InterruptedException {
        aborted = true;
        List<RunningJvm> processes;
        synchronized (running) {
            processes = List.copyOf(running);
        }
        // the last started first: clients before their servers, so that a client ending its work (a soak judging
        // what it saw) still has its servers
        for (int i = processes.size() - 1; i >= 0; i--) {
            processes.get(i).stop(STOP_GRACE);
        }
    }

    /** The reason a process gave in its stop record, if it wrote one with a reason. */
    private static Optional<String> stopMessage(Path stopFile) {
        return RecordFiles.readIfPresent(stopFile, Stopped.class).map(Stopped::message);
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
