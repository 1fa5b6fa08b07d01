package org.rpcbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.results.Fixtures;
import org.rpcbench.results.Measurement;
import org.rpcbench.results.ResultsTsv;
import org.rpcbench.results.Run;

class ReportTsvTest {

    private static final String HEADER = String.join("\t", ResultsTsv.COLUMNS);

    /** The lines report --tsv printed after its header, each split into its fields; it exited 0 and wrote nothing. */
    private static List<String[]> tsv(String... inputs) {
        String[] args = new String[inputs.length + 2];
        args[0] = "report";
        args[1] = "--tsv";
        System.arraycopy(inputs, 0, args, 2, inputs.length);
        ReportTool.Result result = ReportTool.cli(args);
        assertEquals(ExitCode.OK, result.exitCode(), result.err());
        List<String> lines = result.out().lines().toList();
        assertEquals(HEADER, lines.get(0));
        List<String[]> rows = lines.stream().skip(1).map(line -> line.split("\t", -1)).toList();
        rows.forEach(row -> assertEquals(ResultsTsv.COLUMNS.size(), row.length, String.join("|", row)));
        return rows;
    }

    private static double number(String[] row, String column) {
        return Double.parseDouble(row[ResultsTsv.COLUMNS.indexOf(column)]);
    }

    private static String field(String[] row, String column) {
        return row[ResultsTsv.COLUMNS.indexOf(column)];
    }

    @Test
    void aLinePerResultInTheReportsUnitsWithItsNoiseAndIterations() {
        List<String[]> rows = tsv(Fixtures.arg("units/dubbo-kryo.json"));
        assertEquals(List.of("thrpt", "avgt", "sample"), rows.stream().map(row -> field(row, "mode")).toList());

        String[] throughput = rows.get(0);
        assertEquals(List.of("dubbo-kryo", "org.rpcbench.client.UserServiceBenchmark.getUser", "getUser", "thrpt",
                "32", "", ResultsTsv.PRIMARY, "2500.0", "50.0", "50.0", "calls/s",
                "2475.0,2475.0,2475.0,2525.0,2525.0,2525.0"), Arrays.asList(throughput));

        // 400 ± 8 µs/op, its forks 396 and 404: in ms, the noise JMH's error (wider than half the forks' spread)
        String[] average = rows.get(1);
        assertEquals(0.4, number(average, "score"), 1e-12);
        assertEquals(0.008, number(average, "error"), 1e-12);
        assertEquals(0.008, number(average, "noise"), 1e-12);
        assertEquals("ms", field(average, "unit"));

        // sample mode: no JMH error, each iteration's mean time
        String[] sample = rows.get(2);
        assertEquals("NaN", field(sample, "error"));
        assertEquals(0.0, number(sample, "noise"));
        String[] iterations = field(sample, "iterations").split(",");
        assertEquals(3, iterations.length);
        Arrays.stream(iterations).forEach(iteration -> assertEquals(0.42, Double.parseDouble(iteration), 1e-12));
    }

    @Test
    void eachCostACallMeasuredFollowsItsResultInItsOwnUnit() {
        List<String[]> rows = tsv(Fixtures.arg("consumers/costs-merged-by-jmh.json"));
        assertEquals(List.of("thrpt primary", "thrpt cost.client.cpu", "thrpt cost.client.load",
                "thrpt cost.machine.load", "sample primary"),
                rows.stream().map(row -> field(row, "mode") + " " + field(row, "metric")).toList());
        String[] cpu = rows.get(1);
        assertEquals("costs-merged-by-jmh", field(cpu, "pair"));
        assertEquals("consumers=2,providers=1", field(cpu, "params"));
        assertEquals(List.of("25.0", "NaN", "NaN", "us/op", "20.0,30.0"),
                List.of(field(cpu, "score"), field(cpu, "error"), field(cpu, "noise"), field(cpu, "unit"),
                        field(cpu, "iterations")));
    }

    @Test
    void aRunDirectoryGivesEveryPairsResultsAsTheReportReadsThem() throws Exception {
        Run run = Run.load(List.of(Fixtures.path("baseline")));
        List<String[]> rows = tsv(Fixtures.arg("baseline"));
        List<String[]> primary = rows.stream().filter(row -> field(row, "metric").equals(ResultsTsv.PRIMARY))
                .toList();
        assertEquals(run.measurements().size(), primary.size());
        for (int i = 0; i < primary.size(); i++) {
            Measurement measurement = run.measurements().get(i);
            assertEquals(measurement.pair(), field(primary.get(i), "pair"));
            assertEquals(measurement.score(), number(primary.get(i), "score"));
        }
    }

    @Test
    void tsvWritesNoReportSoItTakesNoOut(@TempDir Path out) {
        ReportTool.Result result = ReportTool.cli("report", "--tsv", "--out", out.toString(), Fixtures.arg("baseline"));
        assertEquals(ExitCode.USAGE, result.exitCode());
        assertTrue(result.err().startsWith("error: --tsv prints the results and writes no report"), result.err());
        assertFalse(Files.exists(out.resolve("report.md")));
    }

    @Test
    void helpNamesTheColumns() {
        ReportTool.Result result = ReportTool.cli("report", "--help");
        assertTrue(result.out().replaceAll("\\s+", " ").contains(String.join(", ", ResultsTsv.COLUMNS)),
                result.out());
    }
}
