package org.rpcbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.rpcbench.results.BenchmarkKey;
import org.rpcbench.results.Format;
import org.rpcbench.results.Units;

/**
 * The report's section that sets the streams beside the unary echo: for each pair, payload and thread count the run
 * measured both ways, the echo's calls per second and time per call, and each stream direction's messages per second
 * and time per message, with the stream's throughput as a multiple of the echo's.
 */
final class StreamVsUnary {

    static final String TITLE = "Unary echo vs streaming";
    static final String NOTE = "Per pair, payload and thread count measured both ways: the unary echo's calls per"
            + " second and time per call beside each stream's messages per second and time per message (JMH counts a"
            + " stream's every message as an operation), the time the sample mode's mean or the average time. × echo"
            + " is the stream's throughput over the echo's: what sending a payload as one of a stream's messages"
            + " gains over a call of its own.";

    private static final String ECHO = "EchoBenchmark";
    private static final String STREAM = "StreamBenchmark";
    private static final String PAYLOAD = "payload";
    private static final String MESSAGES = "messages";
    private static final List<String> HEADER = List.of("pair", "payload", "threads", "call", "messages/s",
            "time per message (ms)", "× echo");

    private StreamVsUnary() {
    }

    /** A pair's echo and streams at one payload and thread count. */
    private record Setting(String pair, String payload, int threads) {
    }

    /** A stream direction's scores, named with its messages per stream. */
    private record Stream(String call, ReportModel.Row row) {
    }

    /** The section's table; no rows when the run did not measure a pair's echo and a stream alike. */
    static ReportTables.Table table(ReportModel model) {
        Map<Setting, ReportModel.Row> echoes = new LinkedHashMap<>();
        Map<Setting, List<Stream>> streams = new LinkedHashMap<>();
        for (ReportModel.Call call : model.calls()) {
            String benchmarkClass = BenchmarkKey.shortClass(call.key().benchmark());
            String payload = call.key().params().get(PAYLOAD);
            if (payload == null || !benchmarkClass.equals(ECHO) && !benchmarkClass.equals(STREAM)) {
                continue;
            }
            for (ReportModel.Row row : call.rows()) {
                Setting setting = new Setting(row.pair(), payload, call.key().threads());
                if (benchmarkClass.equals(ECHO)) {
                    echoes.put(setting, row);
                } else {
                    streams.computeIfAbsent(setting, s -> new ArrayList<>()).add(new Stream(
                            BenchmarkKey.method(call.key().benchmark()) + ", " + call.key().params().get(MESSAGES)
                                    + " per stream", row));
                }
            }
        }
        List<List<String>> rows = new ArrayList<>();
        echoes.forEach((setting, echo) -> {
            List<Stream> measured = streams.get(setting);
            if (measured == null) {
                return;
            }
            rows.add(row(setting, "echo (unary)", echo, echo));
            measured.forEach(stream -> rows.add(row(setting, stream.call(), stream.row(), echo)));
        });
        return new ReportTables.Table(HEADER, rows);
    }

    private static List<String> row(Setting setting, String call, ReportModel.Row row, ReportModel.Row echo) {
        boolean bothThroughputs = row.throughput() != null && echo.throughput() != null
                && echo.throughput().score() > 0;
        return List.of(setting.pair(), setting.payload(), Integer.toString(setting.threads()), call,
                row.throughput() == null ? "" : Format.scoreWithError(row.throughput().score(),
                        row.throughput().error(), Units.CALLS_PER_SECOND),
                row.average() == null ? "" : Format.scoreWithError(row.average().score(), row.average().error(),
                        Units.MILLISECONDS),
                bothThroughputs ? String.format(Locale.ROOT, "%.2f", row.throughput().score()
                        / echo.throughput().score()) : "");
    }
}
