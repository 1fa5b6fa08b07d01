package org.rpcbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WelchTest {

    @Test
    void studentsDistributionMatchesItsTables() {
        assertEquals(Math.log(24), Welch.logGamma(5), 1e-12);
        assertEquals(0.5 * Math.log(Math.PI), Welch.logGamma(0.5), 1e-12);
        assertEquals(0.05, Welch.studentTwoSidedP(2.228, 10), 2e-4);
        assertEquals(0.05, Welch.studentTwoSidedP(2.571, 5), 2e-4);
        assertEquals(0.01, Welch.studentTwoSidedP(2.845, 20), 2e-4);
        assertEquals(1.0, Welch.studentTwoSidedP(0, 7), 1e-12);
    }

    @Test
    void halvesThatDifferBeyondTheirSpreadHaveASmallP() {
        double[] values = {10, 10.2, 9.9, 10.1, 12, 12.1, 11.9, 12.2};
        Welch welch = Welch.of(values, 0, 4, 8);
        assertTrue(welch.t() > 0, "the second half is higher");
        assertTrue(welch.p() < 0.001, "p " + welch.p());
        assertEquals(1.0, Welch.of(new double[] {1, 1, 1, 1}, 0, 2, 4).p(), 1e-12);
    }

    @Test
    void aMeanAwayFromZeroBeyondItsSpreadHasASmallP() {
        Welch shifted = Welch.ofMean(new double[] {5.3, 7.2, 4.3, 6.6});
        assertEquals(4, shifted.df() + 1, 1e-12);
        assertEquals(0.00291, shifted.p(), 1e-5, "t " + shifted.t() + " on 3 degrees of freedom");
        assertTrue(Welch.ofMean(new double[] {1.2, 2.1, 4.2, -3.9}).p() > 0.5);
        assertEquals(0, Welch.ofMean(new double[] {3, 3, 3}).p(), 1e-12, "a constant away from zero");
        assertEquals(1.0, Welch.ofMean(new double[] {0, 0, 0}).p(), 1e-12);
    }
}
