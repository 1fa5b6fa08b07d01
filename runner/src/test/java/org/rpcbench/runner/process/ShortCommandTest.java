package org.rpcbench.runner.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShortCommandTest {

    private static final Duration BOUND = Duration.ofSeconds(20);

    @Test
    void givesTheExitStatusAndTheTrimmedOutput() throws Exception {
        Optional<ShortCommand.Outcome> outcome = ShortCommand.run(
                List.of("sh", "-c", "echo ' answer '; echo dropped >&2; exit 3"), false, BOUND);

        assertEquals(Optional.of(new ShortCommand.Outcome(3, "answer")), outcome);
    }

    @Test
    void joinsErrorsToTheOutputWhenAsked() throws Exception {
        ShortCommand.Outcome outcome = ShortCommand.run(List.of("sh", "-c", "echo out; echo err >&2"), true, BOUND)
                .orElseThrow();

        assertTrue(outcome.succeeded());
        assertEquals(List.of("err", "out"), outcome.output().lines().sorted().toList());
    }

    @Test
    void readsAnOutputLargerThanThePipeHolds() throws Exception {
        ShortCommand.Outcome outcome = ShortCommand.run(List.of("sh", "-c", "head -c 1000000 /dev/zero | tr '\\0' x"),
                false, BOUND).orElseThrow();

        assertEquals(1_000_000, outcome.output().length());
    }

    @Test
    void stopsAProgramThatOutlivesItsBound() throws Exception {
        long start = System.nanoTime();

        Optional<ShortCommand.Outcome> outcome = ShortCommand.run(List.of("sleep", "30"), false,
                Duration.ofMillis(300));

        assertEquals(Optional.empty(), outcome);
        assertTrue(Duration.ofNanos(System.nanoTime() - start).compareTo(BOUND) < 0);
    }

    @Test
    void refusesAProgramThatIsNotInstalled() {
        assertThrows(IOException.class, () -> ShortCommand.run(List.of("no-such-program-here"), false, BOUND));
    }

    @Test
    void gitAnswersInARepositoryAndIsEmptyOutsideOne(@TempDir Path directory) throws Exception {
        assertEquals(Optional.empty(), ShortCommand.git(directory, "rev-parse", "HEAD"));

        ShortCommand.git(directory, "init", "-q").orElseThrow();
        assertEquals(Optional.of("true"), ShortCommand.git(directory, "rev-parse", "--is-inside-work-tree"));
    }
}
