package org.rpcbench.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.AbVerdict;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.gate.AbRuns;

/**
 * ab over open-loop trials: each call at its fixed rate is judged as a JMH result is, with its costs, and its median
 * response time on a line of its own.
 */
class AbOpenLoopMarkdownTest {

    private static final AbVerdict.Thresholds THRESHOLDS = new AbVerdict.Thresholds(3, 3, 3, 3, 1, 80);
    /** getUser's server CPU per call at 8,000 calls/s, trial by trial: a spread of about 1%, as measured here. */
    private static final double[] SERVER_CPU = {71.0, 71.8, 70.2, 70.9, 71.5, 70.4, 71.2, 70.7};

    @TempDir
    Path directory;

    private String judged(int expectedExit) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = AbReports.judge(directory, THRESHOLDS, new PrintWriter(out), new PrintWriter(err));
        assertEquals(expectedExit, exit, out + "\n" + err);
        return out.toString();
    }

    private static String row(String markdown, String metric) {
        List<String> rows = markdown.lines().filter(line -> line.startsWith("| dubbo-kryo | getUser (rate=8000, 32"
                + " threads) | " + metric + " |")).toList();
        assertEquals(1, rows.size(), metric + " in\n" + markdown);
        return rows.get(0);
    }

    @Test
    void aFivePercentServerCostAtAFixedRateIsFlaggedOnThatLineAlone() {
        double[] candidate = Arrays.stream(SERVER_CPU).map(cpu -> cpu * 1.05).toArray();
        AbRuns.writeOpenLoop(directory, rotated(SERVER_CPU), candidate);

        String out = judged(ExitCode.FAILED);

        assertTrue(row(out, "server CPU (µs/call)").contains("**regression**"), out);
        assertTrue(row(out, "server threads' CPU (µs/call)").contains("**regression**"), out);
        assertTrue(row(out, "client CPU (µs/call)").endsWith("| within noise |"), out);
        assertTrue(row(out, "open (ms)").endsWith("| within noise |"), out);
    }

    @Test
    void theSameCodeTwiceAtAFixedRatePasses() {
        AbRuns.writeOpenLoop(directory, SERVER_CPU, rotated(SERVER_CPU));

        String out = judged(ExitCode.OK);

        assertTrue(row(out, "server CPU (µs/call)").endsWith("| within noise |"), out);
    }

    @Test
    void aSlowerMedianIsItsOwnLineAtItsOwnThreshold() {
        AbRuns.writeOpenLoop(directory, SERVER_CPU, rotated(SERVER_CPU), 1.08);

        String out = judged(ExitCode.FAILED);

        assertTrue(row(out, "open median (ms)").contains("**regression**"), out);
        assertTrue(row(out, "open (ms)").endsWith("| within noise |"), out);
        assertTrue(out.contains("thresholds: time 3%, median time 3%, server CPU 3%"), out);
    }

    /** The same values, each trial's taken from the next: as noisy, differently. */
    private static double[] rotated(double[] values) {
        double[] rotated = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            rotated[i] = values[(i + 3) % values.length];
        }
        return rotated;
    }
}
