package org.rpcbench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One pair of a matrix run: its providers started through benchmark.sh and awaited by their ready lines, its
 * consumers run to the end, the providers stopped. With a fault, the first provider is signalled while the consumers
 * run. Files land in the run directory under the pair's name.
 */
final class PairRun {

    static final String SERVER_READY = "rpcbench server ready";
    static final String SERVER_STOPPED = "rpcbench server stopped";
    /** A build is never part of a run: benchmark.sh run-all builds every jar before the first pair starts. */
    static final Duration SERVER_START_TIMEOUT = Duration.ofMinutes(2);
    static final Duration STOP_GRACE = Duration.ofSeconds(20);
    /** The client option that lets several JMH clients run at once (JMH otherwise refuses a second one). */
    static final String CONCURRENT_CONSUMER = "--concurrent-consumer";
    /** What a client prints as its availability load starts: the fault's delay counts from there. */
    static final String AVAILABILITY_LOAD_STARTED = "== availability load";
    private static final Pattern CALLS = Pattern.compile("calls served by serialization: \\{(.*)}");

    private final ModuleLauncher launcher;
    private final String pair;
    private final int port;
    private final Topology topology;
    private final Fault fault;
    private final List<String> clientArgs;
    private final Duration clientTimeout;
    private final List<ChildProcess> running = new ArrayList<>();
    private volatile boolean aborted;

    /**
     * @param port the first provider's port; provider i binds port + i
     * @param fault what happens to the first provider while the consumers run, or null
     */
    PairRun(ModuleLauncher launcher, String pair, int port, Topology topology, Fault fault, List<String> clientArgs,
            Duration clientTimeout) {
        this.launcher = launcher;
        this.pair = pair;
        this.port = port;
        this.topology = topology;
        this.fault = fault;
        this.clientArgs = clientArgs;
        this.clientTimeout = clientTimeout;
    }

    /** Runs the pair; {@code clientOutput} sees each line the first consumer prints (JMH's progress among them). */
    RunRecord.Pair run(Consumer<String> status, Consumer<String> clientOutput) throws IOException, InterruptedException {
        Instant start = Instant.now();
        Path dir = launcher.runDirectory();
        List<ChildProcess> servers = new ArrayList<>();
        List<String> readyLines = new ArrayList<>();
        List<RunRecord.Consumer> consumers = new ArrayList<>();
        List<RunRecord.Provider> providers = new ArrayList<>();
        String message = null;
        Long faultAt = null;
        try {
            for (int i = 0; i < topology.providers(); i++) {
                servers.add(track(launcher.start(pair + "-server", port + i,
                        List.of("--log", dir.resolve(fileName("server", i, "-dubbo.log")).toString()), null,
                        dir.resolve(fileName("server", i, ".out")), line -> line.startsWith(SERVER_READY), line -> { })));
            }
            for (ChildProcess server : servers) {
                String ready = server.awaitLine(SERVER_START_TIMEOUT).orElse(null);
                readyLines.add(ready);
                if (ready == null && message == null) {
                    message = aborted ? "interrupted" : server.name() + " on " + server.outputFile().getFileName()
                            + " did not start: " + lastError(server.outputFile())
                            .orElse("no ready line within " + SERVER_START_TIMEOUT.toSeconds() + " s");
                }
            }
            if (message == null) {
                status.accept(topology.single() ? "server ready" : topology.providers() + " servers ready");
                List<ChildProcess> clients = new ArrayList<>();
                List<String> args = new ArrayList<>(clientArgs);
                if (topology.consumers() > 1) {
                    args.add(CONCURRENT_CONSUMER);
                }
                CountDownLatch loadsStarted = new CountDownLatch(topology.consumers());
                Consumer<String> loadStart = line -> {
                    if (line.startsWith(AVAILABILITY_LOAD_STARTED)) {
                        loadsStarted.countDown();
                    }
                };
                for (int i = 0; i < topology.consumers(); i++) {
                    clients.add(track(launcher.start(pair + "-client", port, args,
                            dir.resolve(resultName(i)), dir.resolve(fileName("client", i, ".out")), line -> false,
                            i == 0 ? clientOutput.andThen(loadStart) : loadStart)));
                }
                Instant deadline = Instant.now().plus(clientTimeout);
                if (fault != null) {
                    faultAt = injectFault(servers.get(0), clients, loadsStarted, status);
                }
                for (int i = 0; i < clients.size(); i++) {
                    ChildProcess client = clients.get(i);
                    Integer exit = client.awaitExit(max(Duration.between(Instant.now(), deadline), Duration.ZERO))
                            .orElse(null);
                    if (exit == null) {
                        client.stop(STOP_GRACE);
                    }
                    consumers.add(new RunRecord.Consumer(resultName(i), fileName("client", i, ".out"), exit,
                            fault == null ? null : Availability.read(dir.resolve(resultName(i)), faultAt)));
                    if (message == null) {
                        message = clientMessage(client, exit);
                    }
                }
                if (message == null && fault != null && faultAt == null) {
                    message = "SIG" + fault.signal()
                            + " was never sent: the consumers' loads did not start in time, or ended before it";
                }
                for (int i = fault == null ? 0 : 1; i < servers.size() && message == null; i++) {
                    if (!servers.get(i).isAlive()) {
                        message = servers.get(i).name() + " (port " + (port + i) + ") exited while the clients ran";
                    }
                }
            }
            for (int i = 0; i < servers.size(); i++) {
                ChildProcess server = servers.get(i);
                boolean faulted = fault != null && i == 0;
                Optional<Integer> exit = server.isAlive() ? server.stop(STOP_GRACE) : server.awaitExit(STOP_GRACE);
                String ready = i < readyLines.size() ? readyLines.get(i) : null;
                String stopped = lastLine(server.outputFile(), SERVER_STOPPED).orElse(null);
                providers.add(new RunRecord.Provider(port + i, fileName("server", i, ".out"), ready, stopped,
                        calls(stopped)));
                if (message == null && !faulted && ready != null && exit.filter(code -> code == 0).isEmpty()) {
                    message = server.name() + " (port " + (port + i) + ") did not stop cleanly: "
                            + exit.map(code -> "exit " + code).orElse("killed after " + STOP_GRACE.toSeconds() + " s");
                }
            }
        } finally {
            for (ChildProcess process : running) {
                process.close();
            }
            running.clear();
        }
        boolean passed = message == null;
        String result = null;
        if (passed && fault == null) {
            result = pair + ".json";
            if (topology.consumers() > 1) {
                ConsumerMerge.merge(consumers.stream().map(consumer -> dir.resolve(consumer.result())).toList(),
                        topology.providers(), dir.resolve(result));
            }
        }
        Instant end = Instant.now();
        return new RunRecord.Pair(pair, readyValue(readyLines.isEmpty() ? null : readyLines.get(0), "serialization"),
                passed ? RunRecord.Pair.PASSED : RunRecord.Pair.FAILED, message, result, start.toString(),
                end.toString(), Duration.between(start, end).toMillis() / 1000.0, topology.toString(),
                fault == null ? null : new RunRecord.FaultRecord(fault.signal(), fault.after().toMillis() / 1000.0,
                        faultAt), providers, consumers);
    }

    private ChildProcess track(ChildProcess process) {
        synchronized (running) {
            running.add(process);
        }
        if (aborted) {
            // an abort that came between two starts must not miss this one
            try {
                process.stop(STOP_GRACE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return process;
    }

    /**
     * Waits until every consumer's load has started, then the fault's delay (or until the clients are done), and
     * signals the provider; returns the signal's epoch millis, or null when it never came.
     */
    private Long injectFault(ChildProcess provider, List<ChildProcess> clients, CountDownLatch loadsStarted,
            Consumer<String> status) throws InterruptedException {
        // a consumer starts and wire-checks in seconds: as long as a server may take is ample
        Instant startBy = Instant.now().plus(SERVER_START_TIMEOUT);
        while (!loadsStarted.await(50, TimeUnit.MILLISECONDS)) {
            if (aborted || Instant.now().isAfter(startBy) || clients.stream().noneMatch(ChildProcess::isAlive)) {
                return null;
            }
        }
        Instant when = Instant.now().plus(fault.after());
        while (Instant.now().isBefore(when) && clients.stream().anyMatch(ChildProcess::isAlive) && !aborted) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
        if (aborted || clients.stream().noneMatch(ChildProcess::isAlive)) {
            return null;
        }
        long at = System.currentTimeMillis();
        provider.signal(fault.signal());
        status.accept("sent SIG" + fault.signal() + " to the provider on port " + port);
        return at;
    }

    /**
     * `<pair>.json` for a single consumer, `<pair>-consumer<i>.json` when there are several; a fault run's
     * consumers write availability counts, not JMH results: `<pair>-availability[<i>].json`.
     */
    private String resultName(int consumer) {
        String name = fault == null ? "-consumer" : "-availability";
        if (topology.consumers() == 1) {
            return fault == null ? pair + ".json" : pair + name + ".json";
        }
        return pair + name + (consumer + 1) + ".json";
    }

    /** `<pair>-server.out`, or `<pair>-server2.out` where there are several servers (same for clients). */
    private String fileName(String role, int index, String suffix) {
        int count = "server".equals(role) ? topology.providers() : topology.consumers();
        return pair + "-" + role + (count == 1 ? "" : String.valueOf(index + 1)) + suffix;
    }

    /** Why a client run does not count, or null when it does. */
    private String clientMessage(ChildProcess client, Integer exitCode) throws IOException {
        if (aborted) {
            return "interrupted";
        }
        String name = client.outputFile().getFileName().toString().replace(".out", "");
        if (exitCode == null) {
            return name + " did not finish within " + Progress.format(clientTimeout) + " and was stopped";
        }
        if (exitCode != 0) {
            return name + " exited " + exitCode + ": " + lastError(client.outputFile()).orElse("see its output");
        }
        return null;
    }

    /** Stops whatever the pair is running now; the pair then ends as interrupted. */
    void abort() throws InterruptedException {
        aborted = true;
        List<ChildProcess> processes;
        synchronized (running) {
            processes = List.copyOf(running);
        }
        for (ChildProcess process : processes) {
            process.stop(STOP_GRACE);
        }
    }

    /** The last "error:" line a main or benchmark.sh printed, the most specific thing to tell the user. */
    static Optional<String> lastError(Path output) throws IOException {
        return Files.readAllLines(output).stream()
                .filter(line -> line.startsWith("error: ") || line.startsWith("benchmark.sh: "))
                .reduce((first, second) -> second);
    }

    /** A key=value of the server's ready line, or null. */
    static String readyValue(String readyLine, String key) {
        if (readyLine == null) {
            return null;
        }
        Matcher matcher = Pattern.compile("\\b" + key + "=(\\S+)").matcher(readyLine);
        return matcher.find() ? matcher.group(1) : null;
    }

    /** The benchmark calls a provider served, from its stop line ("{kryo=1234}"), or null without one. */
    static Long calls(String stopLine) {
        if (stopLine == null) {
            return null;
        }
        Matcher matcher = CALLS.matcher(stopLine);
        if (!matcher.find()) {
            return null;
        }
        long total = 0;
        for (String entry : matcher.group(1).split(",")) {
            int equals = entry.indexOf('=');
            if (equals > 0) {
                total += Long.parseLong(entry.substring(equals + 1).strip());
            }
        }
        return total;
    }

    private static Optional<String> lastLine(Path output, String prefix) throws IOException {
        return Files.readAllLines(output).stream().filter(line -> line.startsWith(prefix)).reduce((a, b) -> b);
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /** A signal (TERM or KILL) sent to the first provider this long after the consumers' loads started. */
    record Fault(String signal, Duration after) {
    }
}
