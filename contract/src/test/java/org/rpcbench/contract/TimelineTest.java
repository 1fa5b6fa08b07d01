package org.rpcbench.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

class TimelineTest {

    /** A run of {@code buckets} 100 ms buckets with 100 ok calls each and nothing else, to be edited per test. */
    private static long[][] steady(int buckets) {
        long[] ok = new long[buckets];
        Arrays.fill(ok, 100);
        return new long[][] {ok, new long[buckets], new long[buckets]};
    }

    private static Timeline timeline(long[][] counts) {
        return new Timeline(Timeline.BUCKET_MILLIS, counts[0], counts[1], counts[2]);
    }

    @Test
    void aSteadyRunIsNotDisturbed() {
        Timeline steady = timeline(steady(50));
        assertEquals(Timeline.Disturbance.NONE, steady.disturbance());
        assertEquals(0, steady.disturbance().windowMillis());
        assertEquals(1000.0, steady.okPerSecond(0, steady.buckets()));
    }

    @Test
    void aSlowStartIsNotADip() {
        long[][] counts = steady(50);
        counts[0][0] = 5;
        counts[0][1] = 40;
        assertFalse(timeline(counts).disturbance().disturbed());
    }

    @Test
    void withAFaultTimeTheWindowIsLookedForFromThereOn() {
        long[][] counts = steady(60);
        counts[0][3] = 10;       // a warmup hiccup long before the fault
        counts[0][4] = 10;
        for (int i = 30; i < 33; i++) {
            counts[0][i] = 0;    // the fault at bucket 30: calls stall, then fail
        }
        counts[1][33] = 16;
        Timeline timeline = timeline(counts);
        assertEquals(new Timeline.Disturbance(true, 300, 500, 200, true), timeline.disturbance());
        assertEquals(new Timeline.Disturbance(true, 3000, 3400, 400, true), timeline.disturbance(30));
        assertFalse(timeline(steady(60)).disturbance(30).disturbed());
    }

    @Test
    void failuresOpenTheWindowAndOneSecondOfHealthyBucketsClosesIt() {
        long[][] counts = steady(60);
        for (int i = 20; i < 25; i++) {
            counts[0][i] = 0;
            counts[1][i] = 30;
        }
        // back up to half the median at bucket 25, and it stays there
        counts[0][25] = 50;
        Timeline.Disturbance disturbance = timeline(counts).disturbance();
        assertEquals(new Timeline.Disturbance(true, 2000, 2500, 500, true), disturbance);
    }

    @Test
    void aRecoveryThatDoesNotLastASecondDoesNotCloseTheWindow() {
        long[][] counts = steady(80);
        counts[1][20] = 10;
        counts[1][29] = 1;       // healthy 21..28 (0.8 s), then a failure
        counts[0][35] = 49;      // healthy 30..34, then below half the median of 100
        Timeline.Disturbance disturbance = timeline(counts).disturbance();
        assertEquals(2000, disturbance.startMillis());
        assertEquals(3600, disturbance.endMillis());
        assertTrue(disturbance.recovered());
    }

    @Test
    void aDipWithoutFailuresIsADisturbance() {
        long[][] counts = steady(50);
        for (int i = 10; i < 13; i++) {
            counts[0][i] = 20;
        }
        assertEquals(new Timeline.Disturbance(true, 1000, 1300, 300, true), timeline(counts).disturbance());
    }

    @Test
    void aDipOfOneBucketIsTheMachinesPauseNotADisturbance() {
        long[][] counts = steady(50);
        counts[0][10] = 20;
        counts[0][49] = 0;       // the last bucket too: a dip needs its second bucket
        assertFalse(timeline(counts).disturbance().disturbed());
    }

    @Test
    void callsThatHangBeforeTheyFailStartTheWindowAtTheDip() {
        long[][] counts = steady(60);
        for (int i = 20; i < 40; i++) {
            counts[0][i] = 0;
        }
        counts[1][30] = 8;
        assertEquals(new Timeline.Disturbance(true, 2000, 4000, 2000, true), timeline(counts).disturbance());
    }

    @Test
    void aServiceThatNeverComesBackIsDisturbedToTheEnd() {
        long[][] counts = steady(40);
        for (int i = 15; i < 40; i++) {
            counts[0][i] = 0;
            counts[1][i] = 3;
        }
        Timeline timeline = timeline(counts);
        Timeline.Disturbance disturbance = timeline.disturbance();
        assertEquals(new Timeline.Disturbance(true, 1500, 4000, 2500, false), disturbance);
        assertEquals(0, timeline.okInLast(1000));
        assertEquals(1000.0, timeline.okPerSecond(0, 15));
        assertEquals(0.0, timeline.okPerSecond(15, 40));
        assertNull(timeline.okPerSecond(40, 40));
    }

    @Test
    void aServiceThatCameBackAndThenFailedToTheEndDidNotRecover() {
        long[][] counts = steady(50);
        counts[0][8] = 20;       // a provider closing: calls slow first, then go on for its graceful shutdown
        counts[0][9] = 20;
        for (int i = 31; i < 50; i++) {
            counts[0][i] = 0;    // then every call fails to the end
            counts[1][i] = 30;
        }
        assertEquals(new Timeline.Disturbance(true, 800, 5000, 4200, false), timeline(counts).disturbance());
    }

    @Test
    void aFailureInTheFirstBucketMeasuresRecoveryAgainstTheWholeRunsMedian() {
        long[][] counts = steady(30);
        counts[1][0] = 1;
        counts[0][1] = 10;
        assertEquals(new Timeline.Disturbance(true, 0, 200, 200, true), timeline(counts).disturbance());
    }

    @Test
    void aWrongAnswerIsADisturbanceToo() {
        long[][] counts = steady(30);
        counts[2][5] = 1;
        assertEquals(new Timeline.Disturbance(true, 500, 600, 100, true), timeline(counts).disturbance());
    }

    @Test
    void theRunsOwnBucketsAreTheFirstWholeOnes() {
        Timeline timeline = timeline(steady(40));
        assertEquals(25, timeline.first(2550).buckets());
        assertEquals(40, timeline.first(9000).buckets());
        assertEquals(1000, timeline.okInLast(1000));
    }
}
