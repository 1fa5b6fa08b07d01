package org.rpcbench.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

class ChangePointsTest {

    /** Nights at these levels, in turn, each night's figure spread by ±2% around its level. */
    private static double[] nights(int perLevel, double... levels) {
        Random noise = new Random(3);
        double[] values = new double[perLevel * levels.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = levels[i / perLevel] * (1 + (noise.nextDouble() - 0.5) * 0.04);
        }
        return values;
    }

    @Test
    void aFlatNoisySeriesHasNoStep() {
        assertEquals(List.of(), ChangePoints.find(nights(30, 100), 0.001));
    }

    @Test
    void eachStepIsFoundWhereItHappened() {
        List<ChangePoints.Step> steps = ChangePoints.find(nights(10, 100, 110, 104), 0.001);

        assertEquals(List.of(10, 20), steps.stream().map(ChangePoints.Step::index).toList(), steps.toString());
        assertEquals(10, steps.get(0).changePercent(), 1.5);
        assertEquals(-5.5, steps.get(1).changePercent(), 1.5);
        assertTrue(steps.get(0).p() < 0.001);
    }

    @Test
    void aStepIsFoundOnceEnoughNightsLieBeyondIt() {
        double[] stepped = Arrays.copyOf(nights(20, 100), 25);
        double[] after = {112, 111, 113, 112, 111};
        System.arraycopy(after, 0, stepped, 20, after.length);

        assertEquals(List.of(), ChangePoints.find(Arrays.copyOf(stepped, 22), 0.001), "two nights are never enough");
        assertEquals(List.of(), ChangePoints.find(Arrays.copyOf(stepped, 23), 0.001),
                "three nights of a 12% step over 2% noise are not significant after correction");
        assertEquals(List.of(20), ChangePoints.find(stepped, 0.001).stream().map(ChangePoints.Step::index).toList(),
                "five are");
    }

    @Test
    void theSlopeOfALineIsItsSlope() {
        assertEquals(2.0, ChangePoints.slope(new double[] {0, 1, 2, 3}, new double[] {1, 3, 5, 7}), 1e-12);
        assertEquals(0.0, ChangePoints.slope(new double[] {1, 1}, new double[] {1, 3}), 1e-12);
    }
}
