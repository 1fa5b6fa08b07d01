package org.rpcbench.gate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.DoubleFunction;

import org.rpcbench.contract.CallCost;
import org.rpcbench.contract.RunRecord;
import org.rpcbench.results.BenchmarkKey;
import org.rpcbench.results.Format;
import org.rpcbench.results.InputException;
import org.rpcbench.results.Measurement;
import org.rpcbench.results.Run;

/**
 * The regression gate: every benchmark of the candidate against the same benchmark of the baseline (same pair,
 * benchmark, mode, threads and params). A change is a regression or an improvement only when it exceeds both the
 * threshold and the two sides' noise added up; a pair that failed in the candidate fails the gate too. What a call
 * cost in CPU and in bytes allocated on each side ({@link CallCost}) is judged the same way with thresholds of its
 * own, once per call (from its throughput result where it has one: the cost of a call does not depend on the mode).
 */
public record Comparison(Run baseline, Run candidate, Thresholds thresholds, List<Line> lines,
        List<CostLine> costLines) {

    /**
     * @param change the candidate's change in percent of the baseline; NaN when one side is missing
     * @param note   why the verdict: which test held a change back, or a failed pair's message
     * @param noNoiseEstimate neither side had an error or two forks: judged by the threshold alone
     */
    public record Line(BenchmarkKey key, Measurement baseline, Measurement candidate, double change, Verdict verdict,
                String note, boolean noNoiseEstimate) {
    }

    /** One cost of a call on both sides, judged as a {@link Line}. */
    public record CostLine(BenchmarkKey key, CallCost cost, Measurement.Cost baseline, Measurement.Cost candidate,
                    Judgement judgement) {
    }

    /** The smallest change in percent that counts, per kind of figure. */
    public record Thresholds(double time, double cpu, double allocation) {

        public double of(CallCost cost) {
            return cost.kind() == CallCost.Kind.CPU ? cpu : allocation;
        }
    }

    /** A change and what it means, the same for a score and a cost. */
    public record Judgement(double change, Verdict verdict, String note, boolean noNoiseEstimate) {

        /**
         * @param beforeNoise, afterNoise each side's noise (NaN when it has none), in the figures' unit
         * @param worseIfHigher whether a rise is worse (time, CPU, bytes) or better (throughput)
         * @param format writes an amount in the figures' unit, the unit named
         */
        public static Judgement of(double before, double beforeNoise, double after, double afterNoise,
                boolean worseIfHigher, double threshold, DoubleFunction<String> format) {
            double difference = after - before;
            double change = difference / before * 100;
            boolean worse = worseIfHigher ? difference > 0 : difference < 0;
            boolean noNoiseEstimate = Double.isNaN(beforeNoise) && Double.isNaN(afterNoise);
            double noise = (Double.isNaN(beforeNoise) ? 0 : beforeNoise) + (Double.isNaN(afterNoise) ? 0 : afterNoise);
            boolean beyondThreshold = Math.abs(change) > threshold;
            boolean beyondNoise = noNoiseEstimate || Math.abs(difference) > noise;
            String noiseText = "noise ±" + format.apply(noise);
            if (beyondThreshold && beyondNoise) {
                return new Judgement(change, worse ? Verdict.REGRESSION : Verdict.IMPROVEMENT,
                        noNoiseEstimate ? "" : "beyond " + noiseText, noNoiseEstimate);
            }
            String thresholdText = "under the " + Format.axis(threshold) + "% threshold";
            String note = !beyondThreshold && !beyondNoise ? thresholdText + " and inside the " + noiseText
                    : !beyondThreshold ? thresholdText : "inside the " + noiseText;
            return new Judgement(change, Verdict.WITHIN_NOISE, note, noNoiseEstimate);
        }
    }

    /** The mode a call's costs are judged from: the last of these that ran. */
    static final List<String> MODE_PREFERENCE = List.of(Measurement.SAMPLE, Measurement.AVERAGE_TIME,
            Measurement.THROUGHPUT, Measurement.OPEN_LOOP);

    /** @throws InputException when the two runs have no benchmark in common */
    public static Comparison of(Run baseline, Run candidate, Thresholds thresholds) throws InputException {
        Map<BenchmarkKey, Measurement> baselineResults = new LinkedHashMap<>();
        baseline.measurements().forEach(m -> baselineResults.put(BenchmarkKey.of(m, m.pair()), m));
        String singleBaselinePair = singleFilePair(baseline);
        String singleCandidatePair = singleFilePair(candidate);
        // two lone JMH files are the same pair measured twice, whatever their (usually time-stamped) names
        boolean renameCandidate = singleBaselinePair != null && singleCandidatePair != null;
        Map<BenchmarkKey, Measurement> candidateResults = new LinkedHashMap<>();
        candidate.measurements().forEach(m -> candidateResults.put(
                BenchmarkKey.of(m, renameCandidate ? singleBaselinePair : m.pair()), m));

        List<Line> lines = new ArrayList<>();
        baselineResults.forEach((key, before) -> {
            Measurement after = candidateResults.get(key);
            lines.add(after != null ? judge(key, before, after, thresholds.time())
                    : missingInCandidate(key, before, candidate));
        });
        if (lines.stream().noneMatch(line -> line.candidate() != null)) {
            throw new InputException("no benchmark in common: " + baseline.source() + " and " + candidate.source()
                    + " share no pair + benchmark + mode + threads + params");
        }
        candidateResults.forEach((key, after) -> {
            if (!baselineResults.containsKey(key)) {
                lines.add(new Line(key, null, after, Double.NaN, Verdict.ONLY_IN_CANDIDATE, "", false));
            }
        });
        return new Comparison(baseline, candidate, thresholds, List.copyOf(lines), costLines(lines, thresholds));
    }

    private static int preference(Line line) {
        return MODE_PREFERENCE.indexOf(line.key().mode());
    }

    /** The call a result measures, whatever its mode: the key its costs are judged under. */
    static BenchmarkKey call(BenchmarkKey key) {
        return new BenchmarkKey(key.pair(), key.benchmark(), "", key.threads(), key.params());
    }

    /** Each call's CPU and allocation costs, from one mode's pair of results per call. */
    private static List<CostLine> costLines(List<Line> lines, Thresholds thresholds) {
        Map<BenchmarkKey, Line> byCall = new LinkedHashMap<>();
        for (Line line : lines) {
            if (line.baseline() != null && line.candidate() != null) {
                BenchmarkKey call = call(line.key());
                Line kept = byCall.get(call);
                if (kept == null || preference(line) > preference(kept)) {
                    byCall.put(call, line);
                }
            }
        }
        List<CostLine> costLines = new ArrayList<>();
        for (Line line : byCall.values()) {
            for (CallCost cost : CallCost.JUDGED) {
                Measurement.Cost before = line.baseline().costs().get(cost);
                Measurement.Cost after = line.candidate().costs().get(cost);
                if (before != null && before.score() > 0 && after == null) {
                    costLines.add(new CostLine(line.key(), cost, before, null, new Judgement(Double.NaN,
                            Verdict.ONLY_IN_BASELINE, "the candidate reported none", false)));
                } else if (before != null && after != null && before.score() > 0) {
                    costLines.add(new CostLine(line.key(), cost, before, after, Judgement.of(before.score(),
                            before.noise(), after.score(), after.noise(), true, thresholds.of(cost),
                            amount -> Format.cost(cost, amount) + " " + cost.unit())));
                }
            }
        }
        return List.copyOf(costLines);
    }

    private static String singleFilePair(Run run) {
        if (run.info() != null) {
            return null;
        }
        List<String> pairs = run.pairs();
        return pairs.size() == 1 ? pairs.get(0) : null;
    }

    private static Line missingInCandidate(BenchmarkKey key, Measurement before, Run candidate) {
        Optional<RunRecord.Pair> outcome = candidate.outcome(key.pair());
        if (outcome.isPresent() && !outcome.get().passed()) {
            String message = outcome.get().message();
            return new Line(key, before, null, Double.NaN, Verdict.PAIR_FAILED,
                    "status " + outcome.get().status() + (message == null ? "" : ": " + message), false);
        }
        return new Line(key, before, null, Double.NaN, Verdict.ONLY_IN_BASELINE, "", false);
    }

    static Line judge(BenchmarkKey key, Measurement before, Measurement after, double threshold) {
        Judgement judgement = Judgement.of(before.score(), before.noise(), after.score(), after.noise(),
                !before.higherIsBetter(), threshold,
                amount -> Format.error(before.score(), amount, before.unit()) + " " + before.unit());
        return new Line(key, before, after, judgement.change(), judgement.verdict(), judgement.note(),
                judgement.noNoiseEstimate());
    }

    public long count(Verdict verdict) {
        return lines.stream().filter(line -> line.verdict() == verdict).count();
    }

    public long costCount(Verdict verdict) {
        return costLines.stream().filter(line -> line.judgement().verdict() == verdict).count();
    }

    /**
     * No regression of a score or a cost, no failed or skipped candidate pair, and nothing the baseline measured that
     * the candidate did not (a benchmark or a cost): what a candidate lost is never a pass.
     */
    public boolean passed() {
        return lines.stream().noneMatch(line -> line.verdict().fails())
                && costLines.stream().noneMatch(line -> line.judgement().verdict().fails());
    }
}
