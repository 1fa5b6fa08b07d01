package org.rpcbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

import org.rpcbench.contract.RunRecord;

/**
 * The regression gate: every benchmark of the candidate against the same benchmark of the baseline (same pair,
 * benchmark, mode, threads and params). A change is a regression or an improvement only when it exceeds both the
 * threshold and the two sides' noise added up; a pair that failed in the candidate fails the gate too.
 */
final class Comparison {

    enum Verdict {
        REGRESSION("regression"),
        IMPROVEMENT("improvement"),
        WITHIN_NOISE("within noise"),
        ONLY_IN_BASELINE("only in baseline"),
        ONLY_IN_CANDIDATE("only in candidate"),
        PAIR_FAILED("pair failed");

        private final String text;

        Verdict(String text) {
            this.text = text;
        }

        @Override
        public String toString() {
            return text;
        }
    }

    record Key(String pair, String benchmark, String mode, int threads, SortedMap<String, String> params) {

        static Key of(Measurement measurement, String pair) {
            return new Key(pair, measurement.benchmark(), measurement.mode(), measurement.threads(),
                    measurement.params());
        }

        /** "getUser (32 threads)", "echo (payload=1k, 8 threads)". */
        String call() {
            List<String> settings = new ArrayList<>();
            params.forEach((param, value) -> settings.add(param + "=" + value));
            settings.add(Format.threads(threads));
            return ReportModel.method(benchmark) + " (" + String.join(", ", settings) + ")";
        }
    }

    /**
     * @param change the candidate's change in percent of the baseline; NaN when one side is missing
     * @param note   why the verdict: which test held a change back, or a failed pair's message
     * @param noNoiseEstimate neither side had an error or two forks: judged by the threshold alone
     */
    record Line(Key key, Measurement baseline, Measurement candidate, double change, Verdict verdict, String note,
                boolean noNoiseEstimate) {
    }

    private final Run baseline;
    private final Run candidate;
    private final double threshold;
    private final List<Line> lines;

    private Comparison(Run baseline, Run candidate, double threshold, List<Line> lines) {
        this.baseline = baseline;
        this.candidate = candidate;
        this.threshold = threshold;
        this.lines = lines;
    }

    /** @throws InputException when the two runs have no benchmark in common */
    static Comparison of(Run baseline, Run candidate, double threshold) throws InputException {
        Map<Key, Measurement> baselineResults = new LinkedHashMap<>();
        baseline.measurements().forEach(m -> baselineResults.put(Key.of(m, m.pair()), m));
        String singleBaselinePair = singleFilePair(baseline);
        String singleCandidatePair = singleFilePair(candidate);
        // two lone JMH files are the same pair measured twice, whatever their (usually time-stamped) names
        boolean renameCandidate = singleBaselinePair != null && singleCandidatePair != null;
        Map<Key, Measurement> candidateResults = new LinkedHashMap<>();
        candidate.measurements().forEach(m -> candidateResults.put(
                Key.of(m, renameCandidate ? singleBaselinePair : m.pair()), m));

        List<Line> lines = new ArrayList<>();
        baselineResults.forEach((key, before) -> {
            Measurement after = candidateResults.get(key);
            lines.add(after != null ? judge(key, before, after, threshold)
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
        return new Comparison(baseline, candidate, threshold, List.copyOf(lines));
    }

    private static String singleFilePair(Run run) {
        if (run.info() != null) {
            return null;
        }
        List<String> pairs = run.pairs();
        return pairs.size() == 1 ? pairs.get(0) : null;
    }

    private static Line missingInCandidate(Key key, Measurement before, Run candidate) {
        Optional<RunRecord.Pair> outcome = candidate.outcome(key.pair());
        if (outcome.isPresent() && !outcome.get().passed()) {
            String message = outcome.get().message();
            return new Line(key, before, null, Double.NaN, Verdict.PAIR_FAILED,
                    "status " + outcome.get().status() + (message == null ? "" : ": " + message), false);
        }
        return new Line(key, before, null, Double.NaN, Verdict.ONLY_IN_BASELINE, "", false);
    }

    static Line judge(Key key, Measurement before, Measurement after, double threshold) {
        double difference = after.score() - before.score();
        double change = difference / before.score() * 100;
        boolean worse = before.higherIsBetter() ? difference < 0 : difference > 0;
        double baselineNoise = before.noise();
        double candidateNoise = after.noise();
        boolean noNoiseEstimate = Double.isNaN(baselineNoise) && Double.isNaN(candidateNoise);
        double noise = (Double.isNaN(baselineNoise) ? 0 : baselineNoise)
                + (Double.isNaN(candidateNoise) ? 0 : candidateNoise);
        boolean beyondThreshold = Math.abs(change) > threshold;
        boolean beyondNoise = noNoiseEstimate || Math.abs(difference) > noise;
        String noiseText = "noise ±" + Format.error(before.score(), noise, before.unit()) + " " + before.unit();
        Verdict verdict;
        String note;
        if (beyondThreshold && beyondNoise) {
            verdict = worse ? Verdict.REGRESSION : Verdict.IMPROVEMENT;
            note = noNoiseEstimate ? "" : "beyond " + noiseText;
        } else {
            verdict = Verdict.WITHIN_NOISE;
            String thresholdText = "under the " + Format.axis(threshold) + "% threshold";
            note = !beyondThreshold && !beyondNoise ? thresholdText + " and inside the " + noiseText
                    : !beyondThreshold ? thresholdText : "inside the " + noiseText;
        }
        return new Line(key, before, after, change, verdict, note, noNoiseEstimate);
    }

    List<Line> lines() {
        return lines;
    }

    long count(Verdict verdict) {
        return lines.stream().filter(line -> line.verdict() == verdict).count();
    }

    boolean passed() {
        return count(Verdict.REGRESSION) == 0 && count(Verdict.PAIR_FAILED) == 0;
    }

    String markdown() {
        StringBuilder md = new StringBuilder("## Benchmark comparison\n\n")
                .append("Baseline: ").append(MarkdownReport.escape(describe(baseline))).append("  \n")
                .append("Candidate: ").append(MarkdownReport.escape(describe(candidate))).append("\n\n")
                .append("| pair | call | mode | baseline | candidate | change | verdict |\n")
                .append("| --- | --- | --- | ---: | ---: | ---: | --- |\n");
        for (Line line : lines) {
            boolean failing = line.verdict() == Verdict.REGRESSION || line.verdict() == Verdict.PAIR_FAILED;
            String verdict = (failing ? "**" + line.verdict() + "**" : line.verdict().toString())
                    + (line.note().isEmpty() ? "" : " (" + MarkdownReport.escape(line.note()) + ")")
                    + (line.noNoiseEstimate() ? " (no noise estimate)" : "");
            md.append("| ").append(String.join(" | ", MarkdownReport.escape(line.key().pair()),
                            MarkdownReport.escape(line.key().call()), MarkdownReport.escape(line.key().mode()),
                            MarkdownReport.escape(score(line.baseline())),
                            MarkdownReport.escape(score(line.candidate())),
                            Double.isNaN(line.change()) ? "" : Format.percent(line.change()), verdict))
                    .append(" |\n");
        }
        long unmatched = count(Verdict.ONLY_IN_BASELINE) + count(Verdict.ONLY_IN_CANDIDATE);
        md.append('\n').append(plural(count(Verdict.REGRESSION), "regression")).append(", ")
                .append(plural(count(Verdict.IMPROVEMENT), "improvement")).append(", ")
                .append(count(Verdict.WITHIN_NOISE)).append(" within noise, ")
                .append(unmatched).append(" unmatched, ")
                .append(count(Verdict.PAIR_FAILED)).append(" pair failed")
                .append("; threshold ").append(Format.axis(threshold)).append("%, noise = the largest of JMH's 99.9% error,")
                .append(" half the spread of the fork means and, in sample mode, of the iteration means.\n\n")
                .append(passed() ? "**Gate: passed**\n" : "**Gate: failed**\n");
        return md.toString();
    }

    private static String plural(long count, String noun) {
        return count + " " + noun + (count == 1 ? "" : "s");
    }

    private static String describe(Run run) {
        return run.source() + (run.info() != null && run.info().runId() != null ? " (run " + run.info().runId() + ")"
                : "");
    }

    private static String score(Measurement measurement) {
        return measurement == null ? "" : Format.scoreWithError(measurement.score(), measurement.error(),
                measurement.unit()) + " " + measurement.unit();
    }
}
