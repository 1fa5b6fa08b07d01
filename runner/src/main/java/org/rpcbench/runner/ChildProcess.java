package org.rpcbench.runner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A process the runner started: its output (stdout and stderr merged) copied line by line to a file and shown to a
 * listener, and a bounded stop that also reaches the processes it started itself (a client's JMH forks).
 */
final class ChildProcess implements AutoCloseable {

    private final String name;
    private final Process process;
    private final Path outputFile;
    private final Thread copier;
    private final CompletableFuture<String> firstMatch = new CompletableFuture<>();
    private final Predicate<String> awaited;

    private ChildProcess(String name, Process process, Path outputFile, Predicate<String> awaited,
            Consumer<String> listener) {
        this.name = name;
        this.process = process;
        this.outputFile = outputFile;
        this.awaited = awaited;
        this.copier = new Thread(() -> copyOutput(listener), name + "-output");
        copier.setDaemon(true);
        copier.start();
    }

    /**
     * Starts a command; every output line goes to {@code outputFile} and to {@code listener}, and the first line
     * matching {@code awaited} can be waited for with {@link #awaitLine}. The environment gains one variable.
     */
    static ChildProcess start(String name, List<String> command, Path workingDirectory, Path outputFile,
            Predicate<String> awaited, Consumer<String> listener, String variable, String value) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workingDirectory.toFile())
                .redirectErrorStream(true);
        builder.environment().put(variable, value);
        Process process = builder.start();
        return new ChildProcess(name, process, outputFile, awaited, listener);
    }

    private void copyOutput(Consumer<String> listener) {
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                PrintWriter file = new PrintWriter(Files.newBufferedWriter(outputFile, StandardCharsets.UTF_8), true)) {
            String line;
            while ((line = reader.readLine()) != null) {
                file.println(line);
                listener.accept(line);
                if (!firstMatch.isDone() && awaited.test(line)) {
                    firstMatch.complete(line);
                }
            }
        } catch (IOException e) {
            // the output file could not be written or the pipe broke: the process's exit status still tells
        } finally {
            firstMatch.complete(null);
        }
    }

    /**
     * The first output line the process was started to wait for, or empty when it exited or the time ran out
     * before printing it.
     */
    Optional<String> awaitLine(Duration timeout) throws InterruptedException {
        try {
            return Optional.ofNullable(firstMatch.get(timeout.toMillis(), TimeUnit.MILLISECONDS));
        } catch (TimeoutException | ExecutionException e) {
            return Optional.empty();
        }
    }

    /** Waits for the exit; past the timeout the process is stopped and the result is empty. */
    Optional<Integer> awaitExit(Duration timeout) throws InterruptedException {
        if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            copier.join(TimeUnit.SECONDS.toMillis(5));
            return Optional.of(process.exitValue());
        }
        return Optional.empty();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    String name() {
        return name;
    }

    Path outputFile() {
        return outputFile;
    }

    /**
     * SIGTERM to the process and everything it started, then SIGKILL to whatever is still there after the grace
     * time. Returns the exit status, or empty when it had to be killed.
     */
    Optional<Integer> stop(Duration grace) throws InterruptedException {
        // signals through the handle: Process.destroy() would also close the pipe and lose the last lines
        List<ProcessHandle> descendants = process.descendants().toList();
        process.toHandle().destroy();
        descendants.forEach(ProcessHandle::destroy);
        Optional<Integer> status = awaitExit(grace);
        descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        if (status.isEmpty()) {
            process.toHandle().destroyForcibly();
            process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
        }
        return status;
    }

    /** Sends TERM or KILL to the process alone, as an operator's kill would. */
    void signal(String signal) {
        switch (signal) {
            case "TERM" -> process.toHandle().destroy();
            case "KILL" -> process.toHandle().destroyForcibly();
            default -> throw new IllegalArgumentException("signal " + signal + " is not TERM or KILL");
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive() || process.descendants().anyMatch(ProcessHandle::isAlive)) {
            stop(Duration.ofSeconds(10));
        }
    }
}
