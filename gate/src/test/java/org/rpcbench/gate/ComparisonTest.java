package org.rpcbench.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.rpcbench.results.Fixtures;
import org.rpcbench.results.Run;

/** compare's judgement of the crafted runs, as records; report's CompareTest reads the same facts off its page. */
class ComparisonTest {

    private static final Comparison.Thresholds THRESHOLDS = new Comparison.Thresholds(5, 10, 2);

    private static Comparison compare(String baseline, String candidate) throws Exception {
        return Comparison.of(Run.load(List.of(Fixtures.path(baseline))), Run.load(List.of(Fixtures.path(candidate))),
                THRESHOLDS);
    }

    private static Comparison.Line line(Comparison comparison, String pair, String call, String mode) {
        List<Comparison.Line> lines = comparison.lines().stream().filter(line -> line.key().pair().equals(pair)
                && line.key().call().equals(call) && line.key().mode().equals(mode)).toList();
        assertEquals(1, lines.size(), pair + " " + call + " " + mode + " in " + comparison.lines());
        return lines.get(0);
    }

    @Test
    void runDirectoriesGiveEachVerdictAndFailTheGate() throws Exception {
        Comparison comparison = compare("baseline", "candidate");

        Comparison.Line getUser = line(comparison, "dubbo-kryo", "getUser (32 threads)", "thrpt");
        assertEquals(Verdict.REGRESSION, getUser.verdict());
        assertEquals(-25.0, getUser.change(), 1e-9);
        assertEquals("beyond noise ±1,000 calls/s", getUser.note());
        assertEquals(Verdict.WITHIN_NOISE, line(comparison, "dubbo-kryo", "listUser (32 threads)", "thrpt")
                .verdict());
        assertEquals(Verdict.IMPROVEMENT, line(comparison, "dubbo-kryo", "existUser (32 threads)", "thrpt")
                .verdict());
        assertEquals(Verdict.ONLY_IN_BASELINE, line(comparison, "dubbo-kryo", "createUser (32 threads)", "thrpt")
                .verdict());
        assertEquals(Verdict.ONLY_IN_CANDIDATE, line(comparison, "dubbo-kryo", "assembleRandomNumbers (20 threads)",
                "thrpt").verdict());
        Comparison.Line averageTime = line(comparison, "dubbo-kryo", "getUser (32 threads)", "avgt");
        assertEquals("under the 5% threshold", averageTime.note());
        assertTrue(averageTime.noNoiseEstimate(), averageTime.toString());
        assertEquals(Verdict.PAIR_FAILED, line(comparison, "dubbo-fst", "getUser (32 threads)", "thrpt").verdict());
        // lower is better in sample mode: 2.00 ms to 1.80 ms is an improvement
        assertEquals(Verdict.IMPROVEMENT, line(comparison, "dubbo-hessianlite", "getUser (32 threads)", "sample")
                .verdict());
        assertEquals(List.of(1L, 3L, 3L, 2L), List.of(comparison.count(Verdict.REGRESSION),
                comparison.count(Verdict.IMPROVEMENT), comparison.count(Verdict.WITHIN_NOISE),
                comparison.count(Verdict.PAIR_FAILED)));
        assertFalse(comparison.passed());
    }

    @Test
    void twoJmhFilesOfOnePairCompareWhateverTheirNames() throws Exception {
        Comparison comparison = compare("baseline/dubbo-hessianlite.json", "candidate/dubbo-hessianlite.json");

        assertEquals(2, comparison.count(Verdict.IMPROVEMENT), comparison.lines().toString());
        assertTrue(comparison.passed());
    }
}
