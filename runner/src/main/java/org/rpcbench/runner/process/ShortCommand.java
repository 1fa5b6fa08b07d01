package org.rpcbench.runner.process;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A helper program the runner asks one question (git, taskset, ssh) and waits for, within a bound: its output is read
 * beside the wait, so a program that writes much or never exits cannot hang the runner.
 */
public final class ShortCommand {

    private static final Duration GIT_TIMEOUT = Duration.ofMinutes(2);

    /** How a finished command ended: its exit status and its output, trimmed. */
    public record Outcome(int exitStatus, String output) {

        public boolean succeeded() {
            return exitStatus == 0;
        }
    }

    private ShortCommand() {
    }

    /**
     * Runs {@code command} to its end; its stderr joins the output when {@code withErrors}, else is dropped.
     *
     * @return empty when it did not end within {@code timeout} (it is then killed) or its output was not read by then
     * @throws IOException when the program cannot be started (not installed)
     */
    public static Optional<Outcome> run(List<String> command, boolean withErrors, Duration timeout)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command);
        if (withErrors) {
            builder.redirectErrorStream(true);
        } else {
            builder.redirectError(ProcessBuilder.Redirect.DISCARD);
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        Process process = builder.start();
        process.getOutputStream().close();
        FutureTask<String> output = new FutureTask<>(() -> readAll(process.getInputStream()));
        Thread reader = new Thread(output, command.get(0) + "-output");
        reader.setDaemon(true);
        reader.start();
        if (!process.waitFor(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
            process.destroyForcibly();
            return Optional.empty();
        }
        try {
            String text = output.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            return Optional.of(new Outcome(process.exitValue(), text));
        } catch (ExecutionException | TimeoutException e) {
            // the pipe broke or a child the program left behind holds it open: no answer to trust
            return Optional.empty();
        }
    }

    /** git's output in {@code directory}, trimmed; empty when git failed, timed out or is not installed. */
    public static Optional<String> git(Path directory, String... args) throws InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-C", directory.toString()));
        command.addAll(List.of(args));
        try {
            return run(command, false, GIT_TIMEOUT).filter(Outcome::succeeded).map(Outcome::output);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static String readAll(InputStream in) throws IOException {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        }
    }
}
