package org.rpcbench.report;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.rpcbench.contract.RunRecord;

/** The report's text content as plain cells, rendered alike by the Markdown and the HTML report. */
final class ReportTables {

    static final List<String> CALL_HEADER = List.of("pair", "TPS (calls/s)", "avg (ms)", "p50 (ms)", "p90 (ms)",
            "p99 (ms)", "p99.9 (ms)");
    static final List<String> PAIR_HEADER = List.of("pair", "serialization", "status", "topology", "seconds",
            "result");

    private ReportTables() {
    }

    static String title(Run run) {
        if (run.info() == null) {
            return "Benchmark report: " + String.join(", ", run.pairs());
        }
        return "Benchmark report: " + (run.info().runId() != null ? run.info().runId() : run.source().getFileName());
    }

    /** Name and value of what is known about the run: id, length, scenario, dates, command, environment. */
    static List<List<String>> runFields(Run run) {
        List<List<String>> fields = new ArrayList<>();
        RunRecord info = run.info();
        if (info == null) {
            fields.add(List.of("source", "JMH result files (no run.json)"));
            return fields;
        }
        addIfKnown(fields, "run", info.runId());
        addIfKnown(fields, "length", info.length());
        addIfKnown(fields, "scenario", info.scenario());
        addIfKnown(fields, "start", info.start());
        addIfKnown(fields, "end", info.end() == null ? null : info.end() + duration(info.start(), info.end()));
        if (info.command() != null && !info.command().isEmpty()) {
            fields.add(List.of("command", String.join(" ", info.command())));
        }
        RunRecord.Environment environment = info.environment();
        if (environment != null) {
            addIfKnown(fields, "gitCommit", environment.gitCommit());
            addIfKnown(fields, "gitDirty", environment.gitDirty() == null ? null : environment.gitDirty().toString());
            addIfKnown(fields, "javaVendor", environment.javaVendor());
            addIfKnown(fields, "javaVersion", environment.javaVersion());
            addIfKnown(fields, "javaVm", environment.javaVm());
            addIfKnown(fields, "javaHome", environment.javaHome());
            addIfKnown(fields, "os", environment.os());
            addIfKnown(fields, "cpuModel", environment.cpuModel());
            addIfKnown(fields, "cores", environment.cores() > 0 ? String.valueOf(environment.cores()) : null);
            addIfKnown(fields, "memoryBytes", environment.memoryBytes() == null ? null
                    : String.format(Locale.ROOT, "%.1f GiB", environment.memoryBytes() / (double) (1L << 30)));
            if (environment.libraries() != null && !environment.libraries().isEmpty()) {
                fields.add(List.of("libraries", String.join(", ", environment.libraries().entrySet().stream()
                        .map(Map.Entry::getKey).map(name -> name + " " + environment.libraries().get(name))
                        .toList())));
            }
        }
        return fields;
    }

    private static void addIfKnown(List<List<String>> fields, String name, String value) {
        if (value != null) {
            fields.add(List.of(name, value));
        }
    }

    private static String duration(String start, String end) {
        if (start == null) {
            return "";
        }
        try {
            Duration duration = Duration.between(Instant.parse(start), Instant.parse(end));
            return String.format(Locale.ROOT, " (%d min %d s)", duration.toMinutes(), duration.toSecondsPart());
        } catch (DateTimeParseException e) {
            return "";
        }
    }

    /** One row per pair: how it ended (from run.json) or which file it came from. */
    static List<List<String>> pairRows(Run run) {
        List<List<String>> rows = new ArrayList<>();
        if (run.info() == null) {
            run.pairs().forEach(pair -> rows.add(List.of(pair, "", RunRecord.Pair.PASSED, "", "", pair + ".json")));
            return rows;
        }
        for (RunRecord.Pair outcome : run.info().pairs()) {
            rows.add(List.of(outcome.pair(),
                    outcome.serialization() == null ? "" : outcome.serialization(),
                    outcome.status(),
                    outcome.topology() == null ? "" : outcome.topology(),
                    outcome.seconds() == null ? "" : String.format(Locale.ROOT, "%.1f", outcome.seconds()),
                    outcome.result() == null ? "" : outcome.result()));
        }
        return rows;
    }

    /** "dubbo-fst failed: message" for each pair that did not pass. */
    static List<String> failures(Run run) {
        if (run.info() == null) {
            return List.of();
        }
        return run.info().pairs().stream().filter(outcome -> !outcome.passed())
                .map(outcome -> outcome.pair() + " " + outcome.status()
                        + (outcome.message() == null ? "" : ": " + outcome.message()))
                .toList();
    }

    static List<String> callRow(ReportModel.Row row) {
        return List.of(row.pair(),
                row.throughput() == null ? "" : Format.scoreWithError(row.throughput().score(),
                        row.throughput().error(), Units.CALLS_PER_SECOND),
                row.average() == null ? "" : Format.scoreWithError(row.average().score(), row.average().error(),
                        Units.MILLISECONDS),
                percentile(row, 50.0), percentile(row, 90.0), percentile(row, 99.0), percentile(row, 99.9));
    }

    private static String percentile(ReportModel.Row row, double percentile) {
        return Format.score(row.percentile(percentile), Units.MILLISECONDS);
    }

    static String ranking(ReportModel.Call call) {
        if (call.ranking().entries().isEmpty()) {
            return "";
        }
        return "Ranking by " + call.ranking().basis() + " (relative to the best): " + call.ranking();
    }
}
