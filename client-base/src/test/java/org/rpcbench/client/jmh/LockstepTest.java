package org.rpcbench.client.jmh;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LockstepTest {

    @TempDir
    Path meetings;

    @Test
    void aConsumerWaitsForTheOtherAtEveryIterationAcrossItsForks() throws Exception {
        Lockstep early = new Lockstep(meetings, 2, "101", Duration.ofSeconds(30));
        Lockstep late = new Lockstep(meetings, 2, "202", Duration.ofSeconds(30));
        long before = System.nanoTime();
        CompletableFuture<Long> waited = CompletableFuture.supplyAsync(() -> {
            early.meet();
            return System.nanoTime();
        });
        Thread.sleep(300);
        assertFalse(waited.isDone(), "met before the other consumer arrived");
        late.meet();
        assertTrue(waited.get(10, TimeUnit.SECONDS) - before >= Duration.ofMillis(300).toNanos());

        // the late consumer's next fork goes on counting from its first fork's iterations
        CompletableFuture<Void> second = CompletableFuture.runAsync(() -> new Lockstep(meetings, 2, "202",
                Duration.ofSeconds(30)).meet());
        early.meet();
        second.get(10, TimeUnit.SECONDS);
        assertTrue(Files.exists(meetings.resolve("2").resolve("101")) && Files.exists(meetings.resolve("2")
                .resolve("202")));
        assertFalse(Files.exists(meetings.resolve(Lockstep.ENDED)));
    }

    @Test
    void aConsumerThatNeverArrivesEndsTheLockstepOnceForEveryone() throws Exception {
        Lockstep alone = new Lockstep(meetings, 2, "101", Duration.ofMillis(200));
        alone.meet();
        assertTrue(Files.exists(meetings.resolve(Lockstep.ENDED)));
        long before = System.nanoTime();
        new Lockstep(meetings, 2, "202", Duration.ofSeconds(30)).meet();
        alone.meet();
        assertTrue(System.nanoTime() - before < Duration.ofSeconds(5).toNanos(), "waited after the lockstep ended");
    }
}
