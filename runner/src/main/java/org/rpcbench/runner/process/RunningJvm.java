package org.rpcbench.runner.process;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * A JVM the runner started, wherever it runs: the records it writes awaited at their paths in the run directory,
 * its exit awaited, signals sent to it, and a bounded stop. Once it has exited, whatever it wrote is in the run
 * directory, as if it had run here.
 */
public interface RunningJvm extends AutoCloseable {

    String name();

    boolean isAlive();

    /**
     * The record the JVM writes at {@code file} once it is ready; empty when it exits first, the time runs out, or
     * {@code abandon} says to stop waiting.
     */
    <T> Optional<T> awaitRecord(Path file, Class<T> type, Duration timeout, BooleanSupplier abandon)
            throws InterruptedException;

    /** Waits for the exit; empty when the timeout passed first (the JVM is left running). */
    Optional<Integer> awaitExit(Duration timeout) throws InterruptedException;

    /** TERM, then KILL after the grace time; the exit status, or empty when it had to be killed. */
    Optional<Integer> stop(Duration grace) throws InterruptedException;

    /** Sends TERM or KILL to the JVM alone, as an operator's kill would. */
    void signal(String signal);

    @Override
    void close() throws InterruptedException;
}
