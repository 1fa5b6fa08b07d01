package org.rpcbench.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.AbVerdict;
import org.rpcbench.contract.CallCost;
import org.rpcbench.results.InputException;

/** The gate's power simulated from A/A trials: bytes that hold still are seen at small changes, time only at large. */
class AbPowerTest {

    private static final AbVerdict.Thresholds THRESHOLDS = new AbVerdict.Thresholds(3, 3, 5, 5, 1, 80);

    private static AbPower.Pooled metric(AbPower power, CallCost cost) {
        return power.pooled().stream().filter(pooled -> pooled.series().cost() == cost).findFirst().orElseThrow();
    }

    @Test
    void aTightMetricIsSeenFromASmallChangeANoisyOneOnlyFromALargeAndAnAaRunRarelyAlarms(@TempDir Path aa)
            throws Exception {
        AbRuns.write(aa, 6, 1.0, 1.0);

        AbPower power = AbPower.simulate(List.of(aa), THRESHOLDS, 8, 8, List.of(1.0, 2.0, 5.0, 20.0), 100, 7);

        assertEquals(List.of(0.0, 1.0, 2.0, 5.0, 20.0), power.changes(), "no change, then each shift");
        // server bytes spread ±0.2% against a 1% threshold: a 2% change is flagged every time
        AbPower.Pooled bytes = metric(power, CallCost.SERVER_ALLOCATION);
        assertEquals("getUser (32 threads)", bytes.series().key().call());
        assertEquals(6, bytes.series().before().length, "trials pooled");
        assertEquals(0, bytes.flagged()[0], "flagged at no change");
        assertEquals(2.0, bytes.seenFrom());
        // calls/s spread ±4% against a 3% threshold: 5% is not enough, 20% is
        AbPower.Pooled throughput = metric(power, null);
        assertEquals("thrpt", throughput.series().key().mode());
        assertEquals(100, throughput.flagged()[4], "flagged at +20%");
        assertEquals(20.0, throughput.seenFrom());
        assertTrue(power.confirmedFlagged() >= 0 && power.confirmedFlagged() <= 100, "the false alarms");
        AbPower.Simulated simulated = power.simulated();
        assertEquals(List.of(6, 8, 6, 0), List.of(simulated.trials(), simulated.confirmationTrials(),
                simulated.pooled(), simulated.confirming()), "confirmation trials not simulated: 6 first trials and"
                + " 8 confirmation trials need 14 pooled trials, and there are 6");
    }

    @Test
    void aPoolLargeEnoughConfirmsEachRunsRegressionsWithTrialsItHasNotUsed(@TempDir Path aa) throws Exception {
        double[] unchanged = new double[12];
        Arrays.fill(unchanged, 1);
        AbRuns.write(aa, unchanged, 1.0, null);

        AbPower power = AbPower.simulate(List.of(aa), THRESHOLDS, 6, 6, List.of(2.0, 20.0), 100, 7);

        AbPower.Simulated simulated = power.simulated();
        assertEquals(List.of(6, 12, 6), List.of(simulated.trials(), simulated.pooled(), simulated.confirming()),
                "each of 6 of the 12 pooled trials, then 6 confirmation trials from the rest");
        assertTrue(power.firstFlagged() >= power.confirmedFlagged(), "confirmation only clears what the first"
                + " trials flagged");
        // bytes seen from 2% in both halves of the pool: confirmed every time
        AbPower.Pooled bytes = metric(power, CallCost.SERVER_ALLOCATION);
        assertEquals(12, bytes.series().before().length);
        assertEquals(0, bytes.flagged()[0]);
        assertEquals(2.0, bytes.seenFrom());
    }

    @Test
    void runsAtTheRatesTheirOwnProbesFoundPoolAsOneCall(@TempDir Path runs) throws Exception {
        double[] serverCpu = {100, 101, 99, 100.5, 99.5, 100};
        AbRuns.writeOpenLoopAt(runs.resolve("one"), 4300, serverCpu, serverCpu);
        AbRuns.writeOpenLoopAt(runs.resolve("other"), 3500, serverCpu, serverCpu);
        List<Path> both = List.of(runs.resolve("one"), runs.resolve("other"));

        AbPower power = AbPower.simulate(both, THRESHOLDS, 6, 6, List.of(5.0), 20, 7);

        AbPower.Pooled cpu = metric(power, CallCost.SERVER_CPU);
        assertEquals(12, cpu.series().before().length, "each run's six trials, though one ran at 4,300 calls/s and"
                + " the other at 3,500");
        assertEquals("getUser (32 threads)", cpu.series().key().call(), "named without a rate the runs do not share");
        assertEquals(1, power.pooled().stream().filter(pooled -> pooled.series().cost() == CallCost.SERVER_CPU)
                .count());
        AbVariance.Row row = power.variance().stream().filter(line -> line.series().cost() == CallCost.SERVER_CPU)
                .findFirst().orElseThrow();
        assertEquals(12, row.trialCount(), "where the variance lives, from both runs' trials");
        assertEquals("getUser (rate=4300, 32 threads)", metric(AbPower.simulate(List.of(runs.resolve("one")),
                THRESHOLDS, 6, 0, List.of(5.0), 20, 7), CallCost.SERVER_CPU).series().key().call(), "one run keeps"
                + " its rate");
    }

    @Test
    void aDirectoryWithoutAnAbRunIsUnusable(@TempDir Path empty) {
        InputException e = assertThrows(InputException.class, () -> AbPower.simulate(List.of(empty), THRESHOLDS, 8,
                8, List.of(5.0), 10, 1));

        assertTrue(e.getMessage().startsWith(empty + " has no ab.json"), e.getMessage());
    }

    @Test
    void poolsWithoutThreeTrialsOfAnyMetricAreUnusable(@TempDir Path two) throws IOException {
        AbRuns.write(two, 2, 1.0, 1.0);

        InputException e = assertThrows(InputException.class, () -> AbPower.simulate(List.of(two), THRESHOLDS, 8,
                8, List.of(5.0), 10, 1));

        assertEquals("no metric of [" + two + "] has 3 trials with both sides", e.getMessage());
    }
}
