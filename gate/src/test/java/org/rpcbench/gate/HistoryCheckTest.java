package org.rpcbench.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;

import org.junit.jupiter.api.Test;
import org.rpcbench.contract.AbVerdict;
import org.rpcbench.contract.HistoryEntry;

/** History's check as records; report's HistoryTest reads the same facts off history check's page. */
class HistoryCheckTest {

    private static final String MACHINE = "AMD EPYC 7763 64-Core Processor, 2 cores";

    /** Nightly getUser calls/s, night n's level given, each spread by ±2%; commit c<n> each, on the machine given. */
    private static List<HistoryEntry> nights(int count, IntToDoubleFunction level, IntFunction<String> machine) {
        Random noise = new Random(11);
        List<HistoryEntry> entries = new ArrayList<>();
        for (int night = 0; night < count; night++) {
            entries.add(new HistoryEntry(Instant.parse("2026-10-01T02:17:00Z").plus(Duration.ofDays(night))
                    .toString(), "c" + night, machine.apply(night), "dubbo-kryo",
                    "org.rpcbench.client.UserServiceBenchmark.getUser", "thrpt", 32, new TreeMap<>(),
                    AbVerdict.SCORE, "calls/s", level.applyAsDouble(night) * (1 + (noise.nextDouble() - 0.5) * 0.04),
                    null));
        }
        return entries;
    }

    @Test
    void aStepToTheWorseSideInTheNewestNightsIsFlaggedBetweenItsCommits() {
        History.Check check = History.check(nights(23, night -> night < 20 ? 10_000 : 8_500, night -> MACHINE), 5,
                0.001, 7);

        assertEquals(1, check.steps().size(), check.toString());
        History.Step step = check.steps().get(0);
        assertEquals("getUser (32 threads)", step.key().call());
        assertEquals(List.of("c19", "c20"), List.of(step.lastBefore().commit(), step.firstAfter().commit()));
        assertTrue(step.worse() && step.flagged(), step.toString());
        assertFalse(check.passed());
    }

    @Test
    void aStepThatComesWithAnotherMachineIsTheMachinesAndFailsNothing() {
        String other = "Intel(R) Xeon(R) Platinum 8370C CPU @ 2.80GHz, 2 cores";
        History.Check check = History.check(nights(23, night -> night < 20 ? 10_000 : 8_500,
                night -> night < 20 ? MACHINE : other), 5, 0.001, 7);

        assertEquals(2, check.series());
        assertEquals(20, check.nights());
        assertEquals(List.of(), check.steps());
        assertTrue(check.passed());
    }
}
