package org.rpcbench.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.AbVerdict;
import org.rpcbench.contract.CallCost;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.gate.AbRuns;

/** The gate's power simulated from A/A trials: bytes that hold still are seen at small changes, time only at large. */
class AbPowerMarkdownTest {

    private static final AbVerdict.Thresholds THRESHOLDS = new AbVerdict.Thresholds(3, 3, 5, 5, 1, 80);

    @Test
    void aTightMetricIsSeenFromASmallChangeANoisyOneOnlyFromALargeAndAnAaRunRarelyAlarms(@TempDir Path aa)
            throws IOException {
        AbRuns.write(aa, 6, 1.0, 1.0);
        StringWriter out = new StringWriter();

        int exit = AbReports.power(List.of(aa), THRESHOLDS, 8, 8, List.of(1.0, 2.0, 5.0, 20.0), 100, 7,
                new PrintWriter(out), new PrintWriter(new StringWriter()));

        String md = out.toString();
        assertEquals(ExitCode.OK, exit, md);
        assertTrue(md.contains("| pair | call | metric | trials pooled | flagged, no change | +1% | +2% | +5% | +20% |"
                + " seen 9 in 10 from |"), md);
        // server bytes spread ±0.2% against a 1% threshold: a 2% change is flagged every time
        assertTrue(md.lines().anyMatch(line -> line.startsWith("| dubbo-kryo | getUser (32 threads) | server alloc")
                && line.contains("| 6 | 0% |") && line.endsWith("| 2% |")), md);
        // calls/s spread ±4% against a 3% threshold: 5% is not enough, 20% is
        assertTrue(md.lines().anyMatch(line -> line.startsWith("| dubbo-kryo | getUser (32 threads) | thrpt")
                && line.endsWith("| 100% | 20% |")), md);
        assertTrue(md.contains("**False alarms: the gate (any metric) flagged "), md);
        assertTrue(md.contains(".** Confirmation trials not simulated: 6 first trials and 8 confirmation trials need"
                + " 14 pooled trials, and there are 6."), md);
    }

    @Test
    void aPoolLargeEnoughConfirmsEachRunsRegressionsWithTrialsItHasNotUsed(@TempDir Path aa) throws IOException {
        double[] unchanged = new double[12];
        Arrays.fill(unchanged, 1);
        AbRuns.write(aa, unchanged, 1.0, null);
        StringWriter out = new StringWriter();

        int exit = AbReports.power(List.of(aa), THRESHOLDS, 6, 6, List.of(2.0, 20.0), 100, 7, new PrintWriter(out),
                new PrintWriter(new StringWriter()));

        String md = out.toString();
        assertEquals(ExitCode.OK, exit, md);
        assertTrue(md.contains("each of 6 of the 12 pooled trials (none twice), then 6 confirmation trials from the"
                + " rest when those flag a regression"), md);
        assertTrue(md.contains("; their first 6 trials alone flagged "), md);
        // bytes seen from 2% in both halves of the pool: confirmed every time
        assertTrue(md.lines().anyMatch(line -> line.startsWith("| dubbo-kryo | getUser (32 threads) | server alloc")
                && line.contains("| 12 | 0% |") && line.endsWith("| 2% |")), md);
    }

    @Test
    void theVarianceTableOpensThePageWithARowPerMetric(@TempDir Path aa) throws IOException {
        AbRuns.write(aa, 6, 1, 1);
        StringWriter out = new StringWriter();

        AbReports.power(List.of(aa), THRESHOLDS, 6, 0, List.of(5.0), 10, 1, new PrintWriter(out),
                new PrintWriter(new StringWriter()));

        String markdown = out.toString();
        assertTrue(markdown.startsWith("## Where the variance lives\n"), markdown);
        assertTrue(markdown.contains("| dubbo-kryo | getUser (32 threads) | thrpt (calls/s) | 6 | 2.0% | 1.2% |"),
                markdown);
        assertTrue(markdown.contains("| dubbo-kryo | getUser (32 threads) | " + CallCost.SERVER_ALLOCATION.header()
                + " | 6 |"), markdown);
    }

    @Test
    void aDirectoryWithoutAnAbRunIsUnusable(@TempDir Path empty) {
        StringWriter err = new StringWriter();
        assertEquals(ExitCode.USAGE, AbReports.power(List.of(empty), THRESHOLDS, 8, 8, List.of(5.0), 10, 1,
                new PrintWriter(new StringWriter()), new PrintWriter(err)));
        assertTrue(err.toString().startsWith("error: " + empty + " has no ab.json"), err.toString());
    }
}
