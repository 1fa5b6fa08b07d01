package org.rpcbench.results;

import java.util.Arrays;
import java.util.Collections;
import java.util.DoubleSummaryStatistics;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;

import org.rpcbench.contract.CallCost;
import org.rpcbench.contract.OpenLoopReport;

/**
 * One JMH result (one benchmark x mode x params x threads) of one pair, or one call of an open-loop run at its rate,
 * in the report's units: a throughput score in calls/s, every other score and the percentiles in ms.
 *
 * @param pair       the pair that produced it, e.g. dubbo-kryo
 * @param benchmark  JMH's full benchmark name; an open-loop call's name
 * @param mode       JMH's short mode label: thrpt, avgt, sample or ss; or {@link #OPEN_LOOP}
 * @param params     the benchmark's @Param values, sorted by name; empty when it has none
 * @param score      the primary score, normalized
 * @param error      JMH's 99.9% error, normalized; NaN when JMH could not estimate it
 * @param unit       {@link Units#CALLS_PER_SECOND} or {@link Units#MILLISECONDS}
 * @param percentiles the score's percentiles (0..100) in ms, sample mode only; empty otherwise
 * @param forkMeans  the mean score of each fork, normalized
 * @param sampleIterationMeans sample mode: each iteration's mean time in ms; empty in the other modes
 * @param forkIterations throughput and average time: each fork's measured iteration scores in order, normalized
 * @param costs      what a call cost on each side ({@link CallCost}), those the run measured
 * @param secondMeans the open loop: the mean response time of each second of the window, in ms; empty otherwise
 */
public record Measurement(String pair, String benchmark, String mode, int threads, SortedMap<String, String> params,
                   double score, double error, String unit, SortedMap<Double, Double> percentiles,
                   List<Double> forkMeans, List<Double> sampleIterationMeans, List<List<Double>> forkIterations,
                   Map<CallCost, Cost> costs, List<Double> secondMeans) {

    /** One cost metric of this result: JMH's score and error for it, each fork's mean and its iterations. */
    public record Cost(double score, double error, List<Double> forkMeans, List<List<Double>> forkIterations) {

        /** As {@link Measurement#noise()}: the larger of JMH's error and half the spread of the fork means. */
        public double noise() {
            return DoubleStream.of(error, halfSpread(forkMeans)).filter(Double::isFinite).max().orElse(Double.NaN);
        }
    }

    public static final String THROUGHPUT = "thrpt";
    public static final String AVERAGE_TIME = "avgt";
    public static final String SAMPLE = "sample";
    /** Not JMH's: the open loop at a fixed rate ({@link #ofOpenLoop}); a time per call, as average time is. */
    public static final String OPEN_LOOP = "open";
    /** The parameter an open-loop result keeps its fixed rate in, calls per second. */
    public static final String RATE = "rate";
    /** A client using this share of its cores or more cannot call faster: the figure is its own limit. */
    static final double CLIENT_SATURATED = 90;
    /** Client and server together using this share of the cores they share have no CPU left to grow into. */
    static final double MACHINE_SATURATED = 80;

    /**
     * One call of an open-loop run at its fixed rate: the benchmark is the call's name, the params its rate, the score
     * the mean response time from each due time (ms), the percentiles its response times' (p50 to max), one value
     * per metric (a window has no iterations), the costs those measured over the window, and each second's mean.
     */
    static Measurement ofOpenLoop(String pair, OpenLoopReport report, OpenLoopReport.CallResult call) {
        OpenLoopReport.Latency time = call.responseTime();
        SortedMap<Double, Double> percentiles = new TreeMap<>(Map.of(50.0, time.p50(), 90.0, time.p90(),
                99.0, time.p99(), 99.9, time.p999(), 99.99, time.p9999(), 100.0, time.max()));
        Map<CallCost, Cost> costs = new EnumMap<>(CallCost.class);
        for (CallCost cost : CallCost.values()) {
            Double value = call.cost(cost);
            if (value != null) {
                costs.put(cost, new Cost(value, Double.NaN, List.of(value), List.of(List.of(value))));
            }
        }
        return new Measurement(pair, call.call(), OPEN_LOOP, report.threads(),
                new TreeMap<>(Map.of(RATE, String.format(Locale.ROOT, "%.0f", call.targetRate()))), time.mean(),
                Double.NaN, Units.MILLISECONDS, Collections.unmodifiableSortedMap(percentiles),
                List.of(time.mean()), List.of(), List.of(List.of(time.mean())), Collections.unmodifiableMap(costs),
                call.secondMeans());
    }

    /** The cost per call the first of these modes' measurements has, or null when none has it. */
    public static Double cost(CallCost cost, Measurement... modes) {
        return Arrays.stream(modes).filter(Objects::nonNull).map(mode -> mode.costs().get(cost))
                .filter(Objects::nonNull).map(Cost::score).findFirst().orElse(null);
    }

    /**
     * The loads of a result the harness bounds: the client used nearly all of its cores
     * ({@code clientSaturated}), or client and server together nearly all of the cores they share, the client the
     * larger share (of several consumers merged, all of theirs together). Server and machine load are NaN where the
     * run did not measure them.
     */
    public record HarnessLoad(boolean clientSaturated, double client, double server, double machine) {

        /** "the client used 95% of its cores", or "client and server used 90% of the cores they share, ...". */
        String reason() {
            return clientSaturated ? String.format(Locale.ROOT, "the client used %.0f%% of its cores", client)
                    : String.format(Locale.ROOT, "client and server used %.0f%% of the cores they share, the client"
                            + " %.0f%%, the server %.0f%%", machine, client, server);
        }
    }

    /** The harness's loads on the first of these modes' results that has loads, when they bound it; else null. */
    public static HarnessLoad harnessLoad(Measurement... modes) {
        return Arrays.stream(modes).filter(Objects::nonNull)
                .filter(mode -> mode.costs().containsKey(CallCost.CLIENT_LOAD)).findFirst()
                .map(mode -> mode.harnessLoad()).orElse(null);
    }

    /** When this result is the load generator's as much as the stack's, the loads that make it so; else null. */
    public HarnessLoad harnessLoad() {
        Cost client = costs.get(CallCost.CLIENT_LOAD);
        Cost server = costs.get(CallCost.SERVER_LOAD);
        Cost machine = costs.get(CallCost.MACHINE_LOAD);
        if (client == null) {
            return null;
        }
        double serverLoad = server == null ? Double.NaN : server.score();
        double machineLoad = machine == null ? Double.NaN : machine.score();
        if (client.score() >= CLIENT_SATURATED) {
            return new HarnessLoad(true, client.score(), serverLoad, machineLoad);
        }
        // a merge of several consumers carries the busiest one's load; on the machine they share with the servers,
        // what competes with the servers is all of them: the machine's load less the servers'
        double clients = consumers() > 1 && Double.isFinite(machineLoad - serverLoad) ? machineLoad - serverLoad
                : client.score();
        if (machineLoad >= MACHINE_SATURATED && clients > serverLoad) {
            return new HarnessLoad(false, clients, serverLoad, machineLoad);
        }
        return null;
    }

    /** How many consumers' results a topology run merged into this one ({@link ConsumerMerge}); 1 otherwise. */
    int consumers() {
        return Integer.parseInt(params.getOrDefault(ConsumerMerge.CONSUMERS_PARAM, "1"));
    }

    /** Fewest measured iterations in a fork for the settle check: three in each half. */
    static final int SETTLE_MIN_ITERATIONS = 6;
    /** A fork still moving at least this much between the halves of its measured iterations has not settled. */
    static final double SETTLE_MIN_CHANGE = 0.05;
    /** ... and only when Welch's test between the halves gives a p below this: a move the spread cannot explain. */
    static final double SETTLE_ALPHA = 0.01;

    /**
     * How far a fork that had not settled moved toward better scores between the first half of its measured
     * iterations and the second: the fork's index, the relative change of the halves' means and Welch's p.
     */
    public record Climb(int fork, double change, double p) {
    }

    /**
     * The fork whose measured iterations still moved most toward better scores (throughput up, time down) between
     * their first half and their second, when that move is at least {@link #SETTLE_MIN_CHANGE} and Welch's test puts
     * it beyond the iterations' spread ({@link #SETTLE_ALPHA}); null when every fork had settled or had too few
     * iterations to tell. The JIT's climb goes one way; noise goes both.
     */
    public Climb climb() {
        Climb worst = null;
        for (int fork = 0; fork < forkIterations.size(); fork++) {
            double[] iterations = forkIterations.get(fork).stream().mapToDouble(Double::doubleValue).toArray();
            if (iterations.length < SETTLE_MIN_ITERATIONS) {
                continue;
            }
            int half = iterations.length / 2;
            double first = Welch.mean(iterations, 0, half);
            double second = Welch.mean(iterations, half, iterations.length);
            double change = (higherIsBetter() ? second - first : first - second) / first;
            double p = Welch.of(iterations, 0, half, iterations.length).p();
            if (change >= SETTLE_MIN_CHANGE && p < SETTLE_ALPHA && (worst == null || change > worst.change())) {
                worst = new Climb(fork + 1, change, p);
            }
        }
        return worst;
    }

    public boolean higherIsBetter() {
        return mode.equals(THROUGHPUT);
    }

    /**
     * How far this score can move by chance, the largest of: JMH's error; half the spread of the fork means (two
     * forks or more); in sample mode, half the spread of the iteration means. NaN when there is none of them.
     * JMH's sample-mode error counts every sampled call as independent, so it is far narrower than what separates
     * two runs of the same code (measured here: 27% between two default runs against an error of 0.5%); the
     * iteration, like a throughput iteration, is the unit that varies.
     */
    public double noise() {
        return DoubleStream.of(error, halfSpread(forkMeans), halfSpread(sampleIterationMeans))
                .filter(Double::isFinite).max().orElse(Double.NaN);
    }

    private static double halfSpread(List<Double> values) {
        if (values.size() < 2) {
            return Double.NaN;
        }
        DoubleSummaryStatistics statistics = values.stream().mapToDouble(Double::doubleValue).summaryStatistics();
        return (statistics.getMax() - statistics.getMin()) / 2;
    }

    /** The params as "payload=1k, size=2"; empty when there are none. */
    String paramsText() {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }
}
