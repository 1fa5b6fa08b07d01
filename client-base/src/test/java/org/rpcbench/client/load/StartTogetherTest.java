package org.rpcbench.client.load;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StartTogetherTest {

    @TempDir
    Path directory;

    private record Began(String said, long atMillis) {
    }

    private CompletableFuture<Began> client(ExecutorService threads, String name, long delayMillis) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                Thread.sleep(delayMillis);
                String said = StartTogether.await(directory, name, Duration.ofSeconds(10));
                return new Began(said, System.currentTimeMillis());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, threads);
    }

    @Test
    void twoClientsReadyAtDifferentTimesBeginAtOneMoment() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            long before = System.currentTimeMillis();
            CompletableFuture<Began> early = client(threads, "early", 0);
            CompletableFuture<Began> late = client(threads, "late", 1500);
            Began first = early.get(10, TimeUnit.SECONDS);
            Began second = late.get(10, TimeUnit.SECONDS);
            assertTrue(Math.abs(first.atMillis() - second.atMillis()) < 500, first + " " + second);
            assertTrue(first.atMillis() - before >= 1500 + StartTogether.MARGIN.toMillis(), first.toString());
            assertTrue(first.said().startsWith("started together") && second.said().startsWith("started together"),
                    first.said());
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aClientWhoseOtherNeverComesBeginsAloneAfterItsWait() throws Exception {
        long before = System.nanoTime();
        String said = StartTogether.await(directory, "alone", Duration.ofMillis(300));
        assertTrue(said.startsWith("started alone: no other client marked"), said);
        assertTrue(System.nanoTime() - before >= Duration.ofMillis(300).toNanos());
    }
}
