package org.rpcbench.runner.pair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void readsJmhsEta() {
        assertEquals(Duration.ofMinutes(4).plusSeconds(10),
                Progress.jmhTimeLeft("# Run progress: 12.50% complete, ETA 00:04:10"));
        assertNull(Progress.jmhTimeLeft("# Warmup Iteration   1: 12.3 ops/ms"));
    }

    @Test
    void beforeAnyPairFinishesTheCurrentPairsEtaStandsForEveryPair() {
        Duration left = Progress.timeLeft(List.of(), Duration.ofMinutes(1), Duration.ofMinutes(4), 2);
        assertEquals(Duration.ofMinutes(4 + 2 * 5), left);
    }

    @Test
    void finishedPairsSetTheTypicalPair() {
        Duration left = Progress.timeLeft(List.of(Duration.ofMinutes(5), Duration.ofMinutes(7)),
                Duration.ofMinutes(2), null, 1);
        assertEquals(Duration.ofMinutes(4 + 6), left);
    }

    @Test
    void nothingToEstimateFromIsNoEstimate() {
        assertNull(Progress.timeLeft(List.of(), Duration.ofSeconds(3), null, 2));
    }

    @Test
    void formatsHoursOnlyWhenThereAreSome() {
        assertEquals("5:09", Progress.format(Duration.ofSeconds(309)));
        assertEquals("1:05:09", Progress.format(Duration.ofSeconds(3909)));
    }
}
