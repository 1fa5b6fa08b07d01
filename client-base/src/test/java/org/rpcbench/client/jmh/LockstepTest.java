package org.rpcbench.client.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The consumers' meeting point over real sockets on the loopback, each consumer's JVMs a {@link Lockstep}. */
@Timeout(60)
class LockstepTest {

    private static final Duration ANSWER = Duration.ofSeconds(30);

    private final ByteArrayOutputStream said = new ByteArrayOutputStream();
    /** A thread for each consumer waiting at once (the common pool may have fewer). */
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private LockstepHost host;

    private LockstepHost host(int consumers, Duration wait) {
        host = new LockstepHost("127.0.0.1", consumers, wait, wait, new PrintStream(said, true,
                StandardCharsets.UTF_8));
        return host;
    }

    private Lockstep consumer(String id) {
        return new Lockstep(host.address(), id, ANSWER);
    }

    private List<String> hostLines() {
        return said.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @AfterEach
    void close() {
        host.close();
        threads.shutdownNow();
    }

    @Test
    void everyConsumerGoesOnlyOnceTheLastHasArrivedAtEachIteration() throws Exception {
        host(3, Duration.ofSeconds(30));
        int iterations = 4;
        long[][] arrived = new long[3][iterations];
        long[][] went = new long[3][iterations];
        List<CompletableFuture<Void>> consumers = new ArrayList<>();
        for (int c = 0; c < 3; c++) {
            int consumer = c;
            consumers.add(CompletableFuture.runAsync(() -> {
                Lockstep lockstep = consumer("consumer-" + consumer);
                for (int n = 0; n < iterations; n++) {
                    // each consumer late by turns: the others must wait for it
                    sleep(n % 3 == consumer ? 150 : 0);
                    arrived[consumer][n] = System.nanoTime();
                    lockstep.meet();
                    went[consumer][n] = System.nanoTime();
                }
                lockstep.close();
            }, threads));
        }
        CompletableFuture.allOf(consumers.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);

        for (int n = 0; n < iterations; n++) {
            long last = Math.max(arrived[0][n], Math.max(arrived[1][n], arrived[2][n]));
            for (int c = 0; c < 3; c++) {
                assertTrue(went[c][n] >= last, "consumer " + c + " went on before the last arrived at " + n);
            }
        }
        assertEquals(List.of(), hostLines());
    }

    @Test
    void aConsumerThatNeverArrivesEndsTheLockstepOnceForEveryone() throws Exception {
        host(2, Duration.ofMillis(200));
        Lockstep alone = consumer("early");
        long before = System.nanoTime();
        alone.meet();
        long waited = System.nanoTime() - before;
        assertTrue(waited >= Duration.ofMillis(200).toNanos() && waited < Duration.ofSeconds(5).toNanos(),
                "waited " + waited + " ns");
        assertEquals(List.of("lockstep ended: 1 of 2 consumers arrived at iteration 1 within 200ms; the consumers go"
                + " on unsynchronised, and the merge keeps only what they measured at once"), hostLines());

        // from then on nobody waits, and nothing more is said
        before = System.nanoTime();
        consumer("late").meet();
        alone.meet();
        alone.meet();
        assertTrue(System.nanoTime() - before < Duration.ofSeconds(2).toNanos(), "waited after the lockstep ended");
        assertEquals(1, hostLines().size());
    }

    @Test
    void aConsumersNextForkGoesOnCountingFromItsFirstForksIterations() throws Exception {
        host(2, Duration.ofSeconds(30));
        Lockstep other = consumer("other");
        Lockstep firstFork = consumer("forked");
        CompletableFuture<Void> met = CompletableFuture.runAsync(firstFork::meet, threads);
        other.meet();
        met.get(10, TimeUnit.SECONDS);
        // the fork ends (its JVM's connection with it); the other consumer is already at its second iteration
        firstFork.close();
        CompletableFuture<Void> second = CompletableFuture.runAsync(other::meet, threads);
        sleep(300);
        assertFalse(second.isDone(), "met at iteration 2 before the forked consumer's next fork arrived there");

        consumer("forked").meet();
        second.get(10, TimeUnit.SECONDS);
        assertEquals(List.of(), hostLines());
    }

    @Test
    void aConsumerBeyondTheCountIsRefused() throws Exception {
        host(2, Duration.ofSeconds(30));
        CompletableFuture<Void> first = CompletableFuture.runAsync(consumer("a")::meet, threads);
        CompletableFuture<Void> second = CompletableFuture.runAsync(consumer("b")::meet, threads);
        first.get(10, TimeUnit.SECONDS);
        second.get(10, TimeUnit.SECONDS);

        assertEquals("the consumers' lockstep at " + host.address() + ": refused: 2 consumers already meet at "
                + host.address(), assertThrows(IllegalStateException.class, consumer("c")::meet).getMessage());
    }

    @Test
    void aConsumerWhoseMeetingPointIsGoneGoesOnAloneAtOnce() {
        host(2, Duration.ofSeconds(30));
        Lockstep lockstep = consumer("a");
        host.close();
        long before = System.nanoTime();
        lockstep.meet();
        lockstep.meet();
        assertTrue(System.nanoTime() - before < Duration.ofSeconds(5).toNanos(), "waited for a meeting point gone");
    }

    private static void sleep(long millis) {
        try {
            TimeUnit.MILLISECONDS.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
