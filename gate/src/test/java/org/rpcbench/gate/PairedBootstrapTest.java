package org.rpcbench.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;

class PairedBootstrapTest {

    private static final double[] BASELINE = {100, 104, 97, 101, 99, 103, 98, 102};

    @Test
    void theSameFiguresGiveARatioOfOneInsideItsInterval() {
        PairedBootstrap.Interval interval = PairedBootstrap.ratio(BASELINE, BASELINE.clone(), new Random(1));

        assertEquals(1.0, interval.ratio(), 1e-12);
        assertEquals(1.0, interval.low(), 1e-12, "a trial's sides are drawn together: identical pairs never differ");
        assertEquals(1.0, interval.high(), 1e-12);
    }

    @Test
    void aShiftedCandidateIsBracketedAndTheIntervalWidensWithTheNoise() {
        double[] slower = new double[BASELINE.length];
        double[] noisy = new double[BASELINE.length];
        Random noise = new Random(7);
        for (int i = 0; i < BASELINE.length; i++) {
            slower[i] = BASELINE[i] * 1.10 * (1 + (noise.nextDouble() - 0.5) * 0.02);
            noisy[i] = BASELINE[i] * 1.10 * (1 + (noise.nextDouble() - 0.5) * 0.20);
        }

        PairedBootstrap.Interval tight = PairedBootstrap.ratio(BASELINE, slower, new Random(1));
        PairedBootstrap.Interval wide = PairedBootstrap.ratio(BASELINE, noisy, new Random(1));

        assertTrue(tight.low() > 1.08 && tight.high() < 1.12, tight.toString());
        assertTrue(tight.low() <= tight.ratio() && tight.ratio() <= tight.high(), tight.toString());
        assertTrue(wide.high() - wide.low() > 3 * (tight.high() - tight.low()), wide + " vs " + tight);
        assertTrue(wide.detectable(3) > tight.detectable(3), "a noisier run detects only larger changes");
        assertTrue(tight.detectable(3) > 3, "never below the threshold");
    }

    @Test
    void twoStagesThatMustBothFlagAChangeSeeOnlyALargerOne() {
        PairedBootstrap.Interval interval = new PairedBootstrap.Interval(1.0, 0.95, 1.05, 1.96);
        double oneStage = interval.detectable(3);
        double bothStages = PairedBootstrap.detectableByBoth(3, interval, interval);

        // each stage must see it sqrt(0.9) = 94.9% of the time: 1.6322 standard deviations beyond its edge
        assertEquals(3 + 5 * (1 + 1.6322 / 1.96), bothStages, 0.01);
        assertTrue(bothStages > oneStage + 0.8, bothStages + " against " + oneStage);
        assertEquals(oneStage, PairedBootstrap.detectableByBoth(3, interval,
                new PairedBootstrap.Interval(1.0, 1.0, 1.0, 1.96)), 0.01,
                "a confirmation that cannot miss leaves the first stage's power");
        assertTrue(PairedBootstrap.detectableByBoth(3, interval, interval.projected(6, 3, 0.95)) > bothStages,
                "fewer confirmation trials, a wider second stage, a larger change");
    }

    @Test
    void aConfirmationAtLowerConfidenceIsNarrowerAndSeesASmallerChange() {
        PairedBootstrap.Interval first = new PairedBootstrap.Interval(1.0, 0.95, 1.05, 1.96);
        PairedBootstrap.Interval lenient = first.projected(6, 6, 0.80);

        assertEquals(1.2816, lenient.z(), 1e-3);
        assertEquals(5 * 1.2816 / 1.96, 100 * lenient.halfWidth(), 0.01, "the same noise, its 80% interval");
        assertEquals(first.spread(), lenient.spread(), 1e-9);
        assertTrue(PairedBootstrap.detectableByBoth(3, first, lenient)
                < PairedBootstrap.detectableByBoth(3, first, first));
        assertTrue(PairedBootstrap.detectableByBoth(3, first, lenient) > first.detectable(3),
                "two stages still see less than the first alone");
    }

    @Test
    void theSameSeedGivesTheSameInterval() {
        double[] candidate = {101, 103, 99, 105, 98, 104, 97, 103};

        assertEquals(PairedBootstrap.ratio(BASELINE, candidate, new Random(42)),
                PairedBootstrap.ratio(BASELINE, candidate, new Random(42)));
    }

    @Test
    void oneTrialOrUnpairedTrialsAreRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> PairedBootstrap.ratio(new double[] {1}, new double[] {1}, new Random(1)));
        assertThrows(IllegalArgumentException.class,
                () -> PairedBootstrap.ratio(new double[] {1, 2}, new double[] {1, 2, 3}, new Random(1)));
    }

    @Test
    void theExpandedIntervalReachesFurtherOutWithFewerTrials() {
        // Student's t quantiles from the tables: 12.706 (1 df), 2.365 (7 df), 2.009 (50 df)
        assertEquals(12.706, PairedBootstrap.studentQuantile(0.975, 1), 1e-3);
        assertEquals(2.365, PairedBootstrap.studentQuantile(0.975, 7), 1e-3);
        assertEquals(0.025, PairedBootstrap.normalTail(1.95996), 1e-6);
        // eight trials: t 2.365 times sqrt(8/7) is 2.528, whose normal tail is 0.57%, not 2.5%
        assertEquals(0.0057, PairedBootstrap.expandedTail(8, 0.95), 1e-4);
        assertTrue(PairedBootstrap.expandedTail(51, 0.95) > 0.02, "towards 2.5% as the trials grow");
        // six trials at 80%: t 1.476 (5 df) times sqrt(6/5) is 1.617, whose normal tail is 5.3%, not 10%
        assertEquals(0.053, PairedBootstrap.expandedTail(6, 0.80), 1e-3);
        assertEquals(1.95996, PairedBootstrap.twoSidedZ(0.95), 1e-4);
    }
}
