package org.rpcbench.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.rpcbench.contract.CallCost;

/**
 * A run's results as tab-separated lines, so that tools and tests read them through the suite instead of parsing
 * JMH's JSON again: a header line, then a line per result and metric, its primary score first and then each cost of
 * a call it measured ({@link CallCost#label()}). Scores are in the report's units (calls/s, or ms for a time), costs in
 * their own; an open-loop run's calls are results of mode {@value Measurement#OPEN_LOOP}. Numbers are written in
 * full (Java's shortest exact form), NaN where there is none.
 */
public final class ResultsTsv {

    /** The columns, in order, as the header names them. */
    public static final List<String> COLUMNS = List.of("pair", "benchmark", "call", "mode", "threads", "params",
            "metric", "score", "error", "noise", "unit", "iterations");
    /** The metric name of a result's primary score. */
    public static final String PRIMARY = "primary";

    private ResultsTsv() {
    }

    public static String of(Run run) {
        StringBuilder tsv = new StringBuilder();
        line(tsv, COLUMNS);
        List<Measurement> results = new ArrayList<>(run.measurements());
        results.addAll(run.openLoopMeasurements());
        for (Measurement result : results) {
            List<Double> iterations = result.mode().equals(Measurement.SAMPLE) ? result.sampleIterationMeans()
                    : flat(result.forkIterations());
            metric(tsv, result, PRIMARY, result.score(), result.error(), result.noise(), result.unit(), iterations);
            for (Map.Entry<CallCost, Measurement.Cost> cost : result.costs().entrySet()) {
                Measurement.Cost value = cost.getValue();
                metric(tsv, result, cost.getKey().label(), value.score(), value.error(), value.noise(),
                        cost.getKey().unit(), flat(value.forkIterations()));
            }
        }
        return tsv.toString();
    }

    private static void metric(StringBuilder tsv, Measurement result, String metric, double score, double error,
            double noise, String unit, List<Double> iterations) {
        String params = result.params().entrySet().stream().map(param -> param.getKey() + "=" + param.getValue())
                .collect(Collectors.joining(","));
        line(tsv, List.of(result.pair(), result.benchmark(), BenchmarkKey.method(result.benchmark()), result.mode(),
                String.valueOf(result.threads()), params, metric, String.valueOf(score), String.valueOf(error),
                String.valueOf(noise), unit,
                iterations.stream().map(String::valueOf).collect(Collectors.joining(","))));
    }

    /** Each measured iteration's value, fork after fork. */
    private static List<Double> flat(List<List<Double>> forks) {
        return forks.stream().flatMap(List::stream).toList();
    }

    private static void line(StringBuilder tsv, List<String> fields) {
        tsv.append(String.join("\t", fields)).append('\n');
    }
}
