package org.rpcbench.results;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.rpcbench.contract.OpenLoopReport;
import org.rpcbench.contract.RunRecord;

/**
 * The results to report or compare: a run directory (its run.json and each pair's JMH JSON), or plain JMH JSON
 * files, one per pair, named after the pair.
 *
 * @param source the run directory, or the first file
 * @param info   the run directory's run.json; null for plain JMH files
 */
public record Run(Path source, RunRecord info, List<Measurement> measurements) {

    public static final String RUN_JSON = RunRecord.FILE_NAME;

    /** One run directory, or one or more JMH JSON files. */
    public static Run load(List<Path> inputs) throws InputException {
        if (inputs.isEmpty()) {
            throw new InputException("no input: give a run directory or JMH JSON files");
        }
        for (Path input : inputs) {
            if (!Files.exists(input)) {
                throw new InputException("no such file or directory: " + input);
            }
        }
        if (Files.isDirectory(inputs.get(0))) {
            if (inputs.size() > 1) {
                throw new InputException("give one run directory, or JMH JSON files, not both or several");
            }
            return loadDirectory(inputs.get(0));
        }
        List<Measurement> measurements = new ArrayList<>();
        Set<String> pairs = new LinkedHashSet<>();
        for (Path file : inputs) {
            if (Files.isDirectory(file)) {
                throw new InputException("give one run directory, or JMH JSON files, not both: " + file);
            }
            String pair = pairName(file);
            if (!pairs.add(pair)) {
                throw new InputException("two files for pair " + pair + ": a pair is named after its file");
            }
            List<Measurement> results = JmhJson.read(file, pair);
            if (results.isEmpty()) {
                throw new InputException(file + " holds no benchmark result");
            }
            measurements.addAll(results);
        }
        return new Run(inputs.get(0), null, List.copyOf(measurements));
    }

    private static Run loadDirectory(Path directory) throws InputException {
        Path runJson = directory.resolve(RUN_JSON);
        if (!Files.isRegularFile(runJson)) {
            throw new InputException(directory + " has no " + RUN_JSON
                    + ": give a run directory of the matrix runner, or the JMH JSON files themselves");
        }
        RunRecord info;
        try {
            info = RunRecord.read(directory);
        } catch (UncheckedIOException e) {
            throw new InputException(runJson + " is not readable: " + e.getCause().getMessage());
        }
        if (info.pairs() == null
                || info.pairs().stream().anyMatch(pair -> pair.pair() == null || pair.status() == null)) {
            throw new InputException(runJson + ": every entry of 'pairs' needs a 'pair' name and a 'status'");
        }
        List<Measurement> measurements = new ArrayList<>();
        for (RunRecord.Pair outcome : info.pairs()) {
            if (outcome.result() == null) {
                continue;
            }
            Path file = directory.resolve(outcome.result());
            if (!Files.isRegularFile(file)) {
                throw new InputException(runJson + " gives " + outcome.result() + " as pair " + outcome.pair()
                        + "'s result, but " + file + " does not exist");
            }
            measurements.addAll(JmhJson.read(file, outcome.pair()));
        }
        return new Run(directory, info, List.copyOf(measurements));
    }

    static String pairName(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
    }

    /**
     * What the gate judges of an open-loop run, which has no JMH result: each call at its fixed rate, as a
     * measurement of mode {@link Measurement#OPEN_LOOP} with the first consumer's mean response time as its score and
     * the costs it measured over the window; a call whose rate was not kept, or whose figures cannot stand, is left
     * out (its pair failed). Empty for a JMH run. The report shows open-loop runs in a section of their own.
     */
    public List<Measurement> openLoopMeasurements() {
        List<Measurement> measurements = new ArrayList<>();
        if (info == null) {
            return measurements;
        }
        for (RunRecord.Pair outcome : info.pairs()) {
            OpenLoopReport report = openLoopReport(outcome);
            if (report == null) {
                continue;
            }
            for (OpenLoopReport.CallResult call : report.calls()) {
                if (call.rateNotKept() == null && call.problem() == null) {
                    measurements.add(Measurement.ofOpenLoop(outcome.pair(), report, call));
                }
            }
        }
        return measurements;
    }

    /**
     * When one of {@link #openLoopMeasurements()} was measured, on its client's clock; null when its file did not
     * keep it.
     */
    public OpenLoopReport.Window openLoopWindow(Measurement measured) {
        OpenLoopReport report = outcome(measured.pair()).map(Run::openLoopReport).orElse(null);
        if (report == null) {
            return null;
        }
        return report.calls().stream()
                .filter(call -> call.call().equals(measured.benchmark()) && Measurement.ofOpenLoop(measured.pair(),
                        report, call).params().equals(measured.params()))
                .map(OpenLoopReport.CallResult::window).findFirst().orElse(null);
    }

    /**
     * The calls of a pair's open-loop run that fell behind their fixed rate
     * ({@link OpenLoopReport.CallResult#fellBehind}); none for a JMH run.
     */
    public List<String> callsBehindTheirRate(String pair) {
        OpenLoopReport report = outcome(pair).map(Run::openLoopReport).orElse(null);
        return report == null ? List.of() : report.calls().stream().filter(OpenLoopReport.CallResult::fellBehind)
                .map(OpenLoopReport.CallResult::call).toList();
    }

    /** The first consumer's open-loop report of a pair: the one the gate judges; null for a JMH run. */
    private static OpenLoopReport openLoopReport(RunRecord.Pair outcome) {
        return outcome.consumers() == null || outcome.consumers().isEmpty() ? null
                : outcome.consumers().get(0).openLoop();
    }

    /** How a pair ended, from run.json; empty for plain JMH files. */
    public Optional<RunRecord.Pair> outcome(String pair) {
        return info == null ? Optional.empty()
                : info.pairs().stream().filter(outcome -> outcome.pair().equals(pair)).findFirst();
    }

    /** The label a pair gets in rankings and legends: its serializer when run.json names it. */
    public String label(String pair) {
        return outcome(pair).map(RunRecord.Pair::label).orElse(pair);
    }

    /** The pairs in the order of run.json, then of the files; pairs without results included. */
    public List<String> pairs() {
        Set<String> pairs = new LinkedHashSet<>();
        if (info != null) {
            info.pairs().forEach(outcome -> pairs.add(outcome.pair()));
        }
        measurements.forEach(measurement -> pairs.add(measurement.pair()));
        return List.copyOf(pairs);
    }
}
