package org.rpcbench.client;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.util.Statistics;

/**
 * A run's results in the seed reports' shape: one row per call (and payload, and thread count) with TPS, average
 * response time and the sample mode's percentiles. JMH's 99.9% error stays next to each score.
 */
final class ResultTable {

    private ResultTable() {
    }

    static String markdown(Collection<RunResult> results) {
        Map<String, Row> rows = new LinkedHashMap<>();
        for (RunResult result : results) {
            BenchmarkParams params = result.getParams();
            String call = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
            String payload = params.getParamsKeys().contains("payload") ? params.getParam("payload") : "";
            rows.computeIfAbsent(call + "|" + payload + "|" + params.getThreads(),
                    key -> new Row(call, payload, params.getThreads())).add(params, result.getPrimaryResult());
        }
        StringBuilder table = new StringBuilder()
                .append("| call | payload | threads | TPS (calls/s) | avg (ms) | p50 (ms) | p99 (ms) | p99.9 (ms) |\n")
                .append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        rows.values().forEach(row -> table.append(row).append('\n'));
        return table.toString();
    }

    private static final class Row {

        private final String call;
        private final String payload;
        private final int threads;
        private Result throughput;
        private Result averageTime;
        private Result sample;

        Row(String call, String payload, int threads) {
            this.call = call;
            this.payload = payload;
            this.threads = threads;
        }

        void add(BenchmarkParams params, Result result) {
            switch (params.getMode()) {
                case Throughput -> throughput = result;
                case AverageTime -> averageTime = result;
                case SampleTime -> sample = result;
                default -> {
                }
            }
        }

        @Override
        public String toString() {
            // ops/ms to calls/s; without the average-time mode, the sample mode's mean is the same quantity
            Result average = averageTime != null ? averageTime : sample;
            Statistics percentiles = sample == null ? null : sample.getStatistics();
            return "| " + call + " | " + payload + " | " + threads
                    + " | " + (throughput == null ? "" : scoreWithError(throughput, 1000, "%,.0f"))
                    + " | " + (average == null ? "" : scoreWithError(average, 1, "%.3f"))
                    + " | " + percentile(percentiles, 50)
                    + " | " + percentile(percentiles, 99)
                    + " | " + percentile(percentiles, 99.9) + " |";
        }

        private static String scoreWithError(Result result, double scale, String format) {
            String score = String.format(Locale.ROOT, format, result.getScore() * scale);
            double error = result.getScoreError();
            return Double.isNaN(error) ? score : score + " ± " + String.format(Locale.ROOT, format, error * scale);
        }

        private static String percentile(Statistics statistics, double percentile) {
            return statistics == null ? "" : String.format(Locale.ROOT, "%.3f", statistics.getPercentile(percentile));
        }
    }
}
