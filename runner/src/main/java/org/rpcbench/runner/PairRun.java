package org.rpcbench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One pair of a matrix run: its server started through benchmark.sh and awaited by its ready line, its client run
 * to the end, the server stopped. Files land in the run directory under the pair's name.
 */
final class PairRun {

    static final String SERVER_READY = "rpcbench server ready";
    static final String SERVER_STOPPED = "rpcbench server stopped";
    /** A build is never part of a run: benchmark.sh run-all builds every jar before the first pair starts. */
    static final Duration SERVER_START_TIMEOUT = Duration.ofMinutes(2);
    static final Duration STOP_GRACE = Duration.ofSeconds(20);

    private final ModuleLauncher launcher;
    private final String pair;
    private final List<String> clientArgs;
    private final Duration clientTimeout;
    private volatile ChildProcess running;
    private volatile boolean aborted;

    PairRun(ModuleLauncher launcher, String pair, List<String> clientArgs, Duration clientTimeout) {
        this.launcher = launcher;
        this.pair = pair;
        this.clientArgs = clientArgs;
        this.clientTimeout = clientTimeout;
    }

    /** Runs the pair; {@code clientOutput} sees each line the client prints (JMH's progress among them). */
    RunRecord.Pair run(Consumer<String> status, Consumer<String> clientOutput) throws IOException, InterruptedException {
        Instant start = Instant.now();
        Path dir = launcher.runDirectory();
        Map<String, String> files = new LinkedHashMap<>();
        String resultName = pair + ".json";
        files.put("serverOutput", pair + "-server.out");
        files.put("serverLog", pair + "-server-dubbo.log");
        files.put("clientOutput", pair + "-client.out");
        files.put("clientLog", resultName + ".log");
        files.put("table", resultName + ".md");

        String ready = null;
        String stopped = null;
        Integer exitCode = null;
        String message;
        try (ChildProcess server = launcher.start(pair + "-server",
                List.of("--log", dir.resolve(files.get("serverLog")).toString()), null,
                dir.resolve(files.get("serverOutput")), line -> line.startsWith(SERVER_READY), line -> { })) {
            running = server;
            ready = server.awaitLine(SERVER_START_TIMEOUT).orElse(null);
            if (ready == null) {
                message = aborted ? "interrupted" : pair + "-server did not start: " + lastError(server.outputFile())
                        .orElse("no ready line within " + SERVER_START_TIMEOUT.toSeconds() + " s");
            } else {
                status.accept("server ready");
                exitCode = runClient(dir.resolve(resultName), dir.resolve(files.get("clientOutput")), clientOutput);
                message = clientMessage(exitCode, server, dir.resolve(files.get("clientOutput")));
                Optional<Integer> serverExit = server.stop(STOP_GRACE);
                stopped = lastLine(server.outputFile(), SERVER_STOPPED).orElse(null);
                if (message == null && serverExit.filter(code -> code == 0).isEmpty()) {
                    message = pair + "-server did not stop cleanly: " + serverExit.map(code -> "exit " + code)
                            .orElse("killed after " + STOP_GRACE.toSeconds() + " s");
                }
            }
        } finally {
            running = null;
        }
        Instant end = Instant.now();
        // a failed client's JSON (JMH may leave one) holds no result worth reading: run.json names none
        boolean passed = message == null;
        boolean wroteResult = passed && Files.isRegularFile(dir.resolve(resultName));
        return new RunRecord.Pair(pair, readyValue(ready, "serialization"),
                passed ? RunRecord.Pair.PASSED : RunRecord.Pair.FAILED, exitCode, message,
                wroteResult ? resultName : null, start.toString(), end.toString(),
                Duration.between(start, end).toMillis() / 1000.0, ready, stopped, files);
    }

    private Integer runClient(Path resultFile, Path outputFile, Consumer<String> clientOutput)
            throws IOException, InterruptedException {
        if (aborted) {
            return null;
        }
        try (ChildProcess client = launcher.start(pair + "-client", clientArgs, resultFile, outputFile,
                line -> false, clientOutput)) {
            running = client;
            Optional<Integer> exit = client.awaitExit(clientTimeout);
            if (exit.isEmpty()) {
                client.stop(STOP_GRACE);
            }
            return exit.orElse(null);
        }
    }

    /** Why the client run does not count, or null when it does. */
    private String clientMessage(Integer exitCode, ChildProcess server, Path clientOutput) throws IOException {
        if (aborted) {
            return "interrupted";
        }
        if (exitCode == null) {
            return pair + "-client did not finish within " + Progress.format(clientTimeout) + " and was stopped";
        }
        if (exitCode != 0) {
            return pair + "-client exited " + exitCode + ": " + lastError(clientOutput).orElse("see its output");
        }
        if (!server.isAlive()) {
            return pair + "-server exited while the client ran";
        }
        return null;
    }

    /** Stops whatever the pair is running now; the pair then ends as interrupted. */
    void abort() throws InterruptedException {
        aborted = true;
        ChildProcess process = running;
        if (process != null) {
            process.stop(STOP_GRACE);
        }
    }

    /** The last "error:" line a main or benchmark.sh printed, the most specific thing to tell the user. */
    static Optional<String> lastError(Path output) throws IOException {
        List<String> errors = new ArrayList<>();
        for (String line : Files.readAllLines(output)) {
            if (line.startsWith("error: ") || line.startsWith("benchmark.sh: ")) {
                errors.add(line);
            }
        }
        return errors.isEmpty() ? Optional.empty() : Optional.of(errors.get(errors.size() - 1));
    }

    /** A key=value of the server's ready line, or null. */
    static String readyValue(String readyLine, String key) {
        if (readyLine == null) {
            return null;
        }
        Matcher matcher = Pattern.compile("\\b" + key + "=(\\S+)").matcher(readyLine);
        return matcher.find() ? matcher.group(1) : null;
    }

    private static Optional<String> lastLine(Path output, String prefix) throws IOException {
        return Files.readAllLines(output).stream().filter(line -> line.startsWith(prefix)).reduce((a, b) -> b);
    }
}
