package org.rpcbench.report;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.rpcbench.contract.CallCost;
import org.rpcbench.contract.FrameBytes;
import org.rpcbench.contract.JvmSettings;
import org.rpcbench.contract.OpenLoopReport;
import org.rpcbench.contract.RunRecord;
import org.rpcbench.contract.ServerReady;
import org.rpcbench.contract.SoakReport;
import org.rpcbench.contract.WireProof;
import org.rpcbench.results.FigureNotes;
import org.rpcbench.results.Format;
import org.rpcbench.results.Measurement;
import org.rpcbench.results.PairTable;
import org.rpcbench.results.Run;
import org.rpcbench.results.SeedFigures;
import org.rpcbench.results.Units;

/** The report's text content as plain cells, rendered alike by the Markdown and the HTML report. */
final class ReportTables {

    static final List<String> CALL_HEADER = List.of("pair", "TPS (calls/s)", "avg (ms)", "p50 (ms)", "p90 (ms)",
            "p99 (ms)", "p99.9 (ms)");
    /** The transport's ceiling: a call that has it gets a column of every pair's TPS over the ceiling's. */
    static final String CEILING_PAIR = "netty-ceiling";
    static final String OF_CEILING_HEADER = "of the ceiling (TPS)";
    static final String SEED_ROW_HEADER = "seed row";
    /** The echo benchmark's payload parameter, which the seed figures are keyed by. */
    private static final String PAYLOAD_PARAM = "payload";
    static final List<String> PAIR_HEADER = List.of("pair", "serialization", "server collector", "status",
            "topology", "servers ran on", "clients ran on", "seconds", "result");

    /** A header and its rows of cells. */
    record Table(List<String> header, List<List<String>> rows) {

        /** Without the columns that are empty in every row, so that nothing blank is shown; rows keep their order. */
        Table withoutEmptyColumns() {
            if (rows.isEmpty()) {
                return this;
            }
            List<Integer> kept = new ArrayList<>();
            for (int column = 0; column < header.size(); column++) {
                int c = column;
                if (rows.stream().anyMatch(row -> !row.get(c).isEmpty())) {
                    kept.add(column);
                }
            }
            return new Table(kept.stream().map(header::get).toList(),
                    rows.stream().map(row -> kept.stream().map(row::get).toList()).toList());
        }
    }

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
            addIfKnown(fields, "error estimate", noiseField(run));
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
            addIfKnown(fields, "serverJvm", jvm(environment.serverJvm()));
            addIfKnown(fields, "clientJvm", jvm(environment.clientJvm()));
            if (environment.serverJvmMatrix() != null) {
                fields.add(List.of("serverJvmMatrix", String.join("; ", environment.serverJvmMatrix().entrySet()
                        .stream().map(setting -> setting.getKey() + ": " + jvm(setting.getValue())).toList())));
            }
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
        addIfKnown(fields, "error estimate", noiseField(run));
        return fields;
    }

    /** What a run set for a side's JVMs: the JDK (its version and home) and the flags added; null when nothing. */
    private static String jvm(JvmSettings settings) {
        if (settings == null) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        if (settings.javaHome() != null) {
            parts.add("java " + (settings.javaVersion() != null ? settings.javaVersion() + " at " : "")
                    + settings.javaHome());
        }
        if (!settings.args().isEmpty()) {
            parts.add("flags " + String.join(" ", settings.args()));
        }
        return String.join(", ", parts);
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

    /**
     * The Pairs table: how each pair ended (from run.json) or which file it came from, without the columns nothing
     * fills (plain JMH files name no serialization, topology or duration).
     */
    static Table pairTable(Run run) {
        return new Table(PAIR_HEADER, pairRows(run)).withoutEmptyColumns();
    }

    /** One row per pair, a cell per {@link #PAIR_HEADER} column. */
    static List<List<String>> pairRows(Run run) {
        List<List<String>> rows = new ArrayList<>();
        if (run.info() == null) {
            run.pairs().forEach(pair -> rows.add(List.of(pair, "", "", RunRecord.Pair.PASSED, "", "", "", "",
                    pair + ".json")));
            return rows;
        }
        for (RunRecord.Pair outcome : run.info().pairs()) {
            rows.add(List.of(outcome.pair(),
                    outcome.serialization() == null ? "" : outcome.serialization(),
                    collector(outcome),
                    outcome.status(),
                    outcome.topology() == null ? "" : outcome.topology(),
                    machines(outcome.providers(), RunRecord.Provider::machine),
                    machines(outcome.consumers(), RunRecord.Consumer::machine),
                    outcome.seconds() == null ? "" : String.format(Locale.ROOT, "%.1f", outcome.seconds()),
                    outcome.result() == null ? "" : outcome.result()));
        }
        return rows;
    }

    /**
     * The hosts a side's JVMs ran on, each with its CPU model and cores, as the executor that placed them read them;
     * empty when every one ran on this machine (the environment's CPU).
     */
    private static <T> String machines(List<T> jvms, Function<T, RunRecord.Machine> machine) {
        if (jvms == null) {
            return "";
        }
        return jvms.stream().map(machine).filter(Objects::nonNull).distinct()
                .map(host -> String.format(Locale.ROOT, "%s (%s, %d cores)", host.host(), host.cpuModel(),
                        host.cores()))
                .collect(Collectors.joining("; "));
    }

    /** The collector the pair's first server stated it ran (its ready record's gc); empty where none is known. */
    private static String collector(RunRecord.Pair outcome) {
        if (outcome.providers() == null) {
            return "";
        }
        return outcome.providers().stream().map(RunRecord.Provider::ready).filter(Objects::nonNull).findFirst()
                .map(ServerReady::versions).map(versions -> versions.get("gc")).orElse("");
    }

    /** What the open-loop section shows, under its heading. */
    static final String OPEN_LOOP_NOTE = "Response time at a fixed rate (open loop): each call is due at its time"
            + " whether or not earlier ones have returned, and is timed from that due time to its checked answer,"
            + " so a stall counts against every call it held up (no coordinated omission). From HdrHistogram; the"
            + " interval logs (.hlog) are beside each result.";

    static final List<String> OPEN_LOOP_HEADER = List.of("pair", "call", "asked (calls/s)", "achieved (calls/s)",
            "p50 (ms)", "p90 (ms)", "p99 (ms)", "p99.9 (ms)", "p99.99 (ms)", "max (ms)", "note");

    /** One call at one rate, from one consumer's open-loop result in run.json. */
    record OpenLoopStep(String pair, OpenLoopReport report, OpenLoopReport.CallResult step) {
    }

    /** Every open-loop step of the run, in the order of run.json; empty without run.json or open-loop results. */
    static List<OpenLoopStep> openLoopSteps(Run run) {
        List<OpenLoopStep> steps = new ArrayList<>();
        forEachConsumer(run, (pair, consumer) -> {
            OpenLoopReport report = consumer.openLoop();
            if (report != null) {
                report.calls().forEach(step -> steps.add(new OpenLoopStep(pair, report, step)));
            }
        });
        return steps;
    }

    /** Every consumer of every pair of the run, named as its pair, or "pair (consumer i)" where there were several. */
    private static void forEachConsumer(Run run, BiConsumer<String, RunRecord.Consumer> action) {
        if (run.info() == null) {
            return;
        }
        for (RunRecord.Pair outcome : run.info().pairs()) {
            List<RunRecord.Consumer> consumers = outcome.consumers() == null ? List.of() : outcome.consumers();
            for (int i = 0; i < consumers.size(); i++) {
                action.accept(consumers.size() == 1 ? outcome.pair() : outcome.pair() + " (consumer " + (i + 1) + ")",
                        consumers.get(i));
            }
        }
    }

    static Table openLoopTable(List<OpenLoopStep> steps) {
        List<List<String>> rows = new ArrayList<>();
        for (OpenLoopStep open : steps) {
            OpenLoopReport.CallResult step = open.step();
            OpenLoopReport.Latency time = step.responseTime();
            String note = step.problem() != null ? step.problem() : step.rateNotKept() != null ? step.rateNotKept()
                    : step.closedLoop() == null ? "" : String.format(Locale.ROOT, "%.0f%% of %,.0f calls/s in a"
                            + " closed loop (p99 %s ms from each send)",
                            100 * step.targetRate() / step.closedLoop().callsPerSecond(),
                            step.closedLoop().callsPerSecond(),
                            Format.score(step.closedLoop().responseTime().p99(), Units.MILLISECONDS));
            rows.add(List.of(open.pair(), step.call(), Format.score(step.targetRate(), Units.CALLS_PER_SECOND),
                    Format.score(step.achievedRate(), Units.CALLS_PER_SECOND),
                    Format.score(time.p50(), Units.MILLISECONDS), Format.score(time.p90(), Units.MILLISECONDS),
                    Format.score(time.p99(), Units.MILLISECONDS), Format.score(time.p999(), Units.MILLISECONDS),
                    Format.score(time.p9999(), Units.MILLISECONDS), Format.score(time.max(), Units.MILLISECONDS),
                    note));
        }
        return new Table(OPEN_LOOP_HEADER, rows);
    }

    /** Per pair and call of a sweep with a bound: its capacity under the bound. */
    static List<String> capacitiesUnderSlo(List<OpenLoopStep> steps) {
        Set<String> lines = new LinkedHashSet<>();
        for (OpenLoopStep open : steps) {
            OpenLoopReport.Slo slo = open.report().slo();
            if (slo == null) {
                continue;
            }
            Double capacity = open.report().capacityUnderSlo(open.step().call());
            lines.add(open.pair() + ", " + open.step().call() + ": " + (capacity == null
                    ? "no rate kept " + slo.describe()
                    : String.format(Locale.ROOT, "%,.0f calls/s keeping %s", capacity, slo.describe())));
        }
        return List.copyOf(lines);
    }

    /** What the soak section shows, under its heading. */
    static final String SOAK_NOTE = "A soak: the seed report's stability calls in a closed loop, both JVMs sampled"
            + " through their own management beans and judged over the samples after the warmup. The live set is"
            + " the heap right after a full GC each sampler asks for (not counted as the JVM's full GCs); growth"
            + " within a short window's noise is not judged.";

    static final List<String> SOAK_HEADER = List.of("pair", "jvm", "criterion", "measured", "limit", "verdict");

    /** One consumer's soak, from run.json. */
    record Soak(String pair, SoakReport report) {
    }

    /** Every soak of the run, in the order of run.json; empty without run.json or soaks. */
    static final String PROFILE_NOTE = "Flame graphs of every profiled JVM (run-all --profile): a server from its"
            + " ready record to its stop, a client fork over its measured iterations. async-profiler samples CPU with"
            + " perf events, or with a timer where they are not permitted; without async-profiler the JDK's Flight"
            + " Recorder samples. `benchmark.sh flamediff <run-a> <run-b>` shows where two runs differ.";

    /** A JVM's profile: what it was and what sampled it, and its flame graphs, relative to the report. */
    record ProfileLine(String text, String cpuFlameGraph, String allocationFlameGraph) {
    }

    /** @param reportDirectory where the report goes: the links are relative to it, wherever the run is */
    static List<ProfileLine> profiles(Run run, Path reportDirectory) {
        List<ProfileLine> lines = new ArrayList<>();
        if (run.info() == null) {
            return lines;
        }
        for (RunRecord.Pair outcome : run.info().pairs()) {
            for (RunRecord.Profile profile : outcome.profiles() == null ? List.<RunRecord.Profile>of()
                    : outcome.profiles()) {
                String perCall = profile.callsServed() == null || profile.callsServed() <= 0 ? ""
                        : String.format(Locale.ROOT, ", %,.0f B per call served", (double) profile.allocatedBytes()
                                / profile.callsServed());
                lines.add(new ProfileLine(String.format(Locale.ROOT, "%s, %s: %s, %,d CPU samples, %,.0f MB"
                        + " allocated (sampled)%s", outcome.pair(), profile.jvm(), profile.engine(),
                        profile.cpuSamples(), profile.allocatedBytes() / 1e6, perCall),
                        link(run, reportDirectory, profile.cpuFlameGraph()),
                        link(run, reportDirectory, profile.allocationFlameGraph())));
            }
        }
        return lines;
    }

    private static String link(Run run, Path reportDirectory, String inRun) {
        return reportDirectory.toAbsolutePath().normalize()
                .relativize(run.source().toAbsolutePath().normalize().resolve(inRun)).toString();
    }

    static List<Soak> soaks(Run run) {
        List<Soak> soaks = new ArrayList<>();
        forEachConsumer(run, (pair, consumer) -> {
            if (consumer.soak() != null) {
                soaks.add(new Soak(pair, consumer.soak()));
            }
        });
        return soaks;
    }

    /** Per soak, one line: its length, load and verdict. */
    static List<String> soakLines(List<Soak> soaks) {
        return soaks.stream().map(soak -> soak.pair() + ": " + soak.report().summary().lines().findFirst()
                .orElse("") + "; " + soak.report().summary().lines().reduce((first, last) -> last).orElse(""))
                .toList();
    }

    /** Every check of every JVM of every soak. */
    static Table soakTable(List<Soak> soaks) {
        List<List<String>> rows = new ArrayList<>();
        for (Soak soak : soaks) {
            for (SoakReport.JvmVerdict jvm : soak.report().jvms()) {
                for (SoakReport.Check check : jvm.checks()) {
                    rows.add(List.of(soak.pair(), jvm.jvm(), check.criterion(), check.describe(),
                            check.describeLimit(), check.verdict()));
                }
            }
        }
        return new Table(SOAK_HEADER, rows);
    }

    /** What the bytes table shows, under its heading. */
    static final String FRAME_NOTE = "Bytes on the wire per call, request / answer, header included, as each stack"
            + " frames a typical request (the wire check computes them with the pair's own codec and serializer).";

    /**
     * Bytes per call for each pair whose wire proof carries them (run.json): a row per pair, a column per call;
     * empty without run.json or when no proof has them.
     */
    static Table frameTable(Run run) {
        if (run.info() == null) {
            return new Table(List.of(), List.of());
        }
        Map<String, Map<String, FrameBytes>> byPair = new LinkedHashMap<>();
        for (RunRecord.Pair outcome : run.info().pairs()) {
            if (outcome.consumers() == null) {
                continue;
            }
            outcome.consumers().stream().filter(consumer -> consumer.proofs() != null)
                    .flatMap(consumer -> consumer.proofs().stream())
                    .map(WireProof::frameBytes).filter(frames -> frames != null && !frames.isEmpty())
                    .findFirst().ifPresent(frames -> byPair.put(outcome.pair(), frames));
        }
        List<String> calls = byPair.values().stream().flatMap(frames -> frames.keySet().stream()).distinct()
                .toList();
        List<String> header = new ArrayList<>(List.of("pair"));
        calls.forEach(call -> header.add(call + " (B)"));
        List<List<String>> rows = new ArrayList<>();
        byPair.forEach((pair, frames) -> {
            List<String> row = new ArrayList<>(List.of(pair));
            calls.forEach(call -> row.add(frames.containsKey(call)
                    ? frames.get(call).request() + " / " + frames.get(call).answer() : ""));
            rows.add(row);
        });
        return new Table(header, rows);
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

    /**
     * A call's table: a row per pair with its scores and costs, its share of the ceiling's throughput where the
     * ceiling ran, and the seed's figures beside the pairs that stand for a seed row ({@link #seedColumns}).
     *
     * @param seed the run's seed figures, or null
     */
    static Table callTable(ReportModel.Call call, SeedFigures seed) {
        return seedColumns(scoreTable(call), call, seed);
    }

    private static Table scoreTable(ReportModel.Call call) {
        List<List<String>> rows = call.rows().stream().map(ReportTables::callRow).toList();
        List<CallCost> costs = call.costs();
        List<String> callHeader = new ArrayList<>(CALL_HEADER);
        costs.forEach(cost -> callHeader.add(cost.header()));
        List<List<String>> withCosts = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            List<String> row = new ArrayList<>(rows.get(i));
            ReportModel.Row scores = call.rows().get(i);
            costs.forEach(cost -> row.add(Format.cost(cost, scores.cost(cost))));
            withCosts.add(row);
        }
        rows = withCosts;
        Measurement ceiling = call.rows().stream()
                .filter(row -> row.pair().equals(CEILING_PAIR) && row.throughput() != null)
                .map(ReportModel.Row::throughput).findFirst().orElse(null);
        if (ceiling == null || ceiling.score() <= 0) {
            return new Table(callHeader, rows);
        }
        List<String> header = new ArrayList<>(callHeader);
        header.add(2, OF_CEILING_HEADER);
        List<List<String>> withRatio = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Measurement throughput = call.rows().get(i).throughput();
            List<String> row = new ArrayList<>(rows.get(i));
            row.add(2, throughput == null ? ""
                    : String.format(Locale.ROOT, "%.2f", throughput.score() / ceiling.score()));
            withRatio.add(row);
        }
        return new Table(header, withRatio);
    }

    /** The payload a call echoes, or null for a call with none. */
    private static String payload(ReportModel.Call call) {
        return call.key().params().get(PAYLOAD_PARAM);
    }

    /** The seed row and its figures for each row whose pair stands for one; unchanged when no row has a figure. */
    private static Table seedColumns(Table table, ReportModel.Call call, SeedFigures seed) {
        String payload = payload(call);
        if (seed == null || payload == null) {
            return table;
        }
        List<SeedFigures.Row> seedRows = call.rows().stream()
                .map(row -> seed.rowOf(row.pair())
                        .filter(seedRow -> seedRow.at(payload, call.key().threads()) != null).orElse(null))
                .toList();
        if (seedRows.stream().allMatch(Objects::isNull)) {
            return table;
        }
        boolean tps = seedRows.stream().filter(Objects::nonNull)
                .anyMatch(seedRow -> seedRow.at(payload, call.key().threads()).tps() != null);
        List<String> header = new ArrayList<>(table.header());
        header.add(SEED_ROW_HEADER);
        if (tps) {
            header.add(PairTable.SEED_TPS_HEADER);
        }
        header.add(PairTable.SEED_AVERAGE_HEADER);
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < table.rows().size(); i++) {
            List<String> row = new ArrayList<>(table.rows().get(i));
            SeedFigures.Row seedRow = seedRows.get(i);
            SeedFigures.Figure figure = seedRow == null ? null : seedRow.at(payload, call.key().threads());
            row.add(seedRow == null ? "" : seedRow.name());
            if (tps) {
                row.add(PairTable.seedTps(figure));
            }
            row.add(PairTable.seedAverage(figure));
            rows.add(row);
        }
        return new Table(header, rows);
    }

    /**
     * Under a call's table: where the seed figures beside it come from, and the figures of a seed row whose
     * framework the seed does not name at this call's payload and threads; empty when the seed has none here.
     */
    static List<String> seedNotes(ReportModel.Call call, SeedFigures seed) {
        String payload = payload(call);
        if (seed == null || payload == null) {
            return List.of();
        }
        int threads = call.key().threads();
        List<String> notes = new ArrayList<>();
        for (SeedFigures.Row row : seed.rows()) {
            SeedFigures.Figure figure = row.at(payload, threads);
            if (row.unattributed() && figure != null) {
                List<String> figures = new ArrayList<>();
                if (figure.tps() != null) {
                    figures.add(PairTable.seedTps(figure) + " calls/s");
                }
                if (figure.averageMillis() != null) {
                    figures.add(PairTable.seedAverage(figure) + " ms average");
                }
                notes.add("seed: " + row.name() + ": " + String.join(", ", figures) + " at " + payload + ", "
                        + Format.threads(threads));
            }
        }
        boolean beside = call.rows().stream().anyMatch(row -> seed.rowOf(row.pair())
                .filter(seedRow -> seedRow.at(payload, threads) != null).isPresent());
        if (beside || !notes.isEmpty()) {
            notes.add(PairTable.seedSource(seed, null));
        }
        return notes;
    }

    /** Under the heading of {@link #seedRows}: which seed, and where its figures appear. */
    static String seedRowsNote(SeedFigures seed) {
        return "The run's scenario reproduces " + seed.source() + ": each of its rows, and the pairs that stand for"
                + " it. The seed's figures stand beside those pairs in each call's table.";
    }

    /**
     * The seed's rows and which pairs of this run stand for each: the seeds' comparison as this run reproduces
     * it, and what it cannot and why.
     */
    static Table seedRows(Run run, SeedFigures seed) {
        List<List<String>> rows = new ArrayList<>();
        for (SeedFigures.Row row : seed.rows()) {
            List<String> here = row.pairs().stream().filter(run.pairs()::contains).toList();
            String standing = !here.isEmpty() ? String.join(", ", here)
                    : row.absent() != null ? "none (" + row.absent() + ")"
                    : row.unattributed() ? "the seed names no framework: its figures are under every table they fit"
                    : "not in this run: " + String.join(", ", row.pairs());
            rows.add(List.of(row.name(), standing));
        }
        return new Table(List.of(SEED_ROW_HEADER, "pairs here"), rows);
    }

    static String settleNote(ReportModel.Call call) {
        Map<String, Measurement.Climb> unsettled = new LinkedHashMap<>();
        for (ReportModel.Row row : call.rows()) {
            Measurement.Climb climb = row.climb();
            if (climb != null) {
                unsettled.put(row.pair(), climb);
            }
        }
        return FigureNotes.settleNote(unsettled);
    }

    static String harnessNote(ReportModel.Call call) {
        Map<String, Measurement.HarnessLoad> bound = new LinkedHashMap<>();
        call.rows().stream().filter(row -> row.harnessLoad() != null)
                .forEach(row -> bound.put(row.pair(), row.harnessLoad()));
        return FigureNotes.harnessNote(bound);
    }

    static List<String> callRow(ReportModel.Row row) {
        String mark = (row.climb() != null ? FigureNotes.UNSETTLED_MARK : "")
                + (row.harnessLoad() == null ? "" : FigureNotes.HARNESS_BOUND_MARK);
        return List.of(row.throughput() == null ? row.pair() + mark : row.pair(),
                row.throughput() == null ? "" : Format.scoreWithError(row.throughput().score(),
                        row.throughput().error(), Units.CALLS_PER_SECOND) + mark,
                row.average() == null ? "" : Format.scoreWithError(row.average().score(), row.average().error(),
                        Units.MILLISECONDS),
                percentile(row, 50.0), percentile(row, 90.0), percentile(row, 99.0), percentile(row, 99.9));
    }

    private static String percentile(ReportModel.Row row, double percentile) {
        return Format.score(row.percentile(percentile), Units.MILLISECONDS);
    }

    /** Why a call or a run has no noise estimate, as the report says it. */
    static final String NO_ESTIMATE = "no error estimate (one iteration of one fork)";

    /**
     * "Ranking by TPS (relative to the best): kryo 1.00 ≈ fst 0.93 > hessian2 0.78 (...)": each pair's ratio to
     * the best, and between neighbours whether their noise separates them; without any noise estimate the pairs are
     * listed, not ranked. Empty when the call has no score to rank.
     */
    static String ranking(ReportModel.Call call) {
        ReportModel.Ranking ranking = call.ranking();
        List<ReportModel.Ranked> entries = ranking.entries();
        if (entries.isEmpty()) {
            return "";
        }
        String prefix = "Ranking by " + ranking.basis() + " (relative to the best): ";
        if (entries.size() == 1) {
            return prefix + ranked(entries.get(0));
        }
        if (!ranking.estimated()) {
            return prefix + "not ranked, " + NO_ESTIMATE + "; listed: "
                    + String.join(", ", entries.stream().map(ReportTables::ranked).toList());
        }
        StringBuilder text = new StringBuilder(prefix).append(ranked(entries.get(0)));
        List<ReportModel.Relation> steps = ranking.steps();
        for (int i = 1; i < entries.size(); i++) {
            text.append(' ').append(steps.get(i - 1).symbol()).append(' ').append(ranked(entries.get(i)));
        }
        List<ReportModel.Relation> used = new ArrayList<>(steps);
        List<String> besides = new ArrayList<>();
        ranking.besideTheBest().forEach((index, relation) -> {
            besides.add(entries.get(0).label() + " " + relation.symbol() + " " + entries.get(index).label());
            used.add(relation);
        });
        if (!besides.isEmpty()) {
            text.append("; also ").append(String.join(", ", besides));
        }
        List<String> legend = new ArrayList<>();
        for (ReportModel.Relation relation : ReportModel.Relation.values()) {
            if (used.contains(relation)) {
                legend.add(relation.symbol() + ": " + meaning(relation));
            }
        }
        return text.append(" (").append(String.join(", ", legend)).append(')').toString();
    }

    private static String ranked(ReportModel.Ranked entry) {
        return entry.label() + " " + String.format(Locale.ROOT, "%.2f", entry.ratio());
    }

    static String meaning(ReportModel.Relation relation) {
        return switch (relation) {
            case SEPARATED -> "separated beyond both noises";
            case WITHIN_NOISE -> "within noise";
            case UNKNOWN -> "cannot tell, one has no error estimate";
        };
    }

    /** What the ranking symbols mean and what noise is: said once, before the calls. */
    static String rankingNote() {
        return "Rankings: the pairs by TPS (by average time when a call has no throughput score), each with its ratio"
                + " to the best. " + ReportModel.Relation.WITHIN_NOISE.symbol() + " between neighbours: their noise"
                + " intervals (score ± noise) overlap, the run cannot order them; "
                + ReportModel.Relation.SEPARATED.symbol() + ": separated beyond both noises; "
                + ReportModel.Relation.UNKNOWN.symbol() + ": one has no error estimate and they lie farther apart"
                + " than the other's noise. \"also\" adds how the best stands against a pair where the chain does"
                + " not say. Noise, as in the gate: the largest of JMH's 99.9% error, half the spread of the fork"
                + " means and, in sample mode, of the iteration means; it can exceed the ± shown. A call whose scores"
                + " are one iteration of one fork has no error estimate: its pairs are listed, not ranked.";
    }

    /** A call's note on its errors: JMH's confidence, or that its run was too short to carry any. */
    static String errorNote(ReportModel.Call call) {
        boolean anyNoise = call.rows().stream()
                .flatMap(row -> Stream.of(row.throughput(), row.average(), row.sample()))
                .anyMatch(measurement -> measurement != null && Double.isFinite(measurement.noise()));
        return anyNoise ? "Errors (±) are JMH's 99.9% confidence."
                : "No error estimate: one iteration of one fork; the pairs are listed, not ranked.";
    }

    /** The header's word on runs too short to carry an error; null when every score has a noise estimate. */
    static String noiseField(Run run) {
        long without = run.measurements().stream().filter(m -> !Double.isFinite(m.noise())).count();
        if (without == 0) {
            return null;
        }
        return without == run.measurements().size() ? "none: every score is one iteration of one fork, too short"
                + " to carry an error; the pairs are listed, not ranked"
                : "none for " + without + " of " + run.measurements().size() + " scores (one iteration of one fork)";
    }
}
