package org.rpcbench.runner.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.rpcbench.contract.RecordFiles;

/**
 * A JVM the runner started: its output (stdout and stderr merged) copied line by line to a file, if it has one,
 * and shown to a listener; the records it writes awaited; and a bounded stop that also reaches the processes it
 * started itself (a client's JMH forks).
 */
public final class ChildProcess implements RunningJvm {

    private static final long POLL_MILLIS = 50;

    private final String name;
    private final Process process;
    private final Path outputFile;
    private final Thread copier;

    private ChildProcess(String name, Process process, Path outputFile, Consumer<String> listener) {
        this.name = name;
        this.process = process;
        this.outputFile = outputFile;
        this.copier = new Thread(() -> copyOutput(listener), name + "-output");
        copier.setDaemon(true);
        copier.start();
    }

    /**
     * Starts a command in a working directory; every output line goes to {@code outputFile} (when not null) and to
     * {@code listener}.
     */
    public static ChildProcess start(String name, List<String> command, Path workingDirectory, Path outputFile,
            Consumer<String> listener) throws IOException {
        Process process = new ProcessBuilder(command)
                .directory(workingDirectory.toFile())
                .redirectErrorStream(true)
                .start();
        return new ChildProcess(name, process, outputFile, listener);
    }

    private void copyOutput(Consumer<String> listener) {
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                PrintWriter file = outputFile == null ? null
                        : new PrintWriter(Files.newBufferedWriter(outputFile, StandardCharsets.UTF_8), true)) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (file != null) {
                    file.println(line);
                }
                listener.accept(line);
            }
        } catch (IOException | UncheckedIOException e) {
            // the output file could not be written or the pipe broke: the process's exit status still tells
        }
    }

    @Override
    public <T> Optional<T> awaitRecord(Path file, Class<T> type, Duration timeout, BooleanSupplier abandon)
            throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (true) {
            Optional<T> record = RecordFiles.readIfPresent(file, type);
            if (record.isPresent() || !process.isAlive() || abandon.getAsBoolean()
                    || Instant.now().isAfter(deadline)) {
                return record.isPresent() ? record : RecordFiles.readIfPresent(file, type);
            }
            TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
        }
    }

    @Override
    public Optional<Integer> awaitExit(Duration timeout) throws InterruptedException {
        if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            copier.join(TimeUnit.SECONDS.toMillis(5));
            return Optional.of(process.exitValue());
        }
        return Optional.empty();
    }

    @Override
    public boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public String name() {
        return name;
    }

    Path outputFile() {
        return outputFile;
    }

    /**
     * SIGTERM to the process and everything it started, then SIGKILL to whatever is still there after the grace
     * time. Returns the exit status, or empty when it had to be killed.
     */
    @Override
    public Optional<Integer> stop(Duration grace) throws InterruptedException {
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

    @Override
    public void signal(String signal) {
        switch (signal) {
            case "TERM" -> process.toHandle().destroy();
            case "KILL" -> process.toHandle().destroyForcibly();
            default -> throw new IllegalArgumentException("signal " + signal + " is not TERM or KILL");
        }
    }

    /** A line to the process's input; one whose input is gone (it exited) is not told. */
    public void send(String line) {
        try {
            process.getOutputStream().write((line + "\n").getBytes(StandardCharsets.UTF_8));
            process.getOutputStream().flush();
        } catch (IOException e) {
            // the process has exited or closed its input: its exit status tells the rest
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive() || process.descendants().anyMatch(ProcessHandle::isAlive)) {
            stop(Duration.ofSeconds(10));
        }
    }
}
