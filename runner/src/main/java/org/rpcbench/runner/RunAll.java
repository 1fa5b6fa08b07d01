package org.rpcbench.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import joptsimple.OptionException;
import sun.misc.Signal;

/**
 * {@code benchmark.sh run-all}: every selected pair in turn (server, ready line, client, stop) into one run
 * directory with run.json, keeping on when a pair fails. Exit 0 when every pair passed, 1 when any failed, 2 on bad
 * options, 130 when interrupted (what finished is kept).
 */
public final class RunAll {

    static final int EXIT_OK = 0;
    static final int EXIT_FAILED = 1;
    static final int EXIT_USAGE = 2;
    static final int EXIT_INTERRUPTED = 130;

    private final RunAllOptions options;
    private final PrintStream out;
    private final AtomicReference<PairRun> current = new AtomicReference<>();
    private volatile boolean interrupted;

    private RunAll(RunAllOptions options, PrintStream out) {
        this.options = options;
        this.out = out;
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) throws IOException, InterruptedException {
        RunAllOptions options = new RunAllOptions();
        try {
            options.parse(args);
            if (options.helpRequested()) {
                options.printHelp(out);
                return EXIT_OK;
            }
            options.check();
        } catch (OptionException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage() + " (see --help)");
            return EXIT_USAGE;
        }
        String clientProblem = checkClientArgs(options);
        if (clientProblem != null) {
            err.println("error: the client options do not work: " + clientProblem);
            return EXIT_USAGE;
        }
        return new RunAll(options, out).run();
    }

    /** Lets the first pair's client parse the options (--dry-run), so a typo fails before any server starts. */
    private static String checkClientArgs(RunAllOptions options) throws IOException, InterruptedException {
        Path output = Files.createTempFile("rpcbench-options", ".out");
        List<String> args = new ArrayList<>(options.clientArgs());
        args.add("--dry-run");
        ModuleLauncher launcher = new ModuleLauncher(options.root(), options.host(), null, output.getParent());
        try (ChildProcess client = launcher.start(options.pairs().get(0) + "-client", options.port(), args, null,
                output, line -> false, line -> { })) {
            Integer exit = client.awaitExit(Duration.ofMinutes(1)).orElse(null);
            return exit != null && exit == 0 ? null : PairRun.lastError(output).orElse("exit " + exit);
        } finally {
            Files.deleteIfExists(output);
        }
    }

    private int run() throws IOException, InterruptedException {
        Path dir = options.runDirectory();
        Files.createDirectories(dir);
        List<String> pairs = options.pairs();
        Instant start = Instant.now();
        RunEnvironment environment = RunEnvironment.capture(options.root(), pairs.stream()
                .map(pair -> options.root().resolve(pair + "-server/target/" + pair + "-server.jar")).toList());
        List<RunRecord.Pair> outcomes = new ArrayList<>(pairs.stream().map(RunRecord.Pair::notRun).toList());
        record(start, null, environment, outcomes);
        for (String signal : List.of("INT", "TERM")) {
            Signal.handle(new Signal(signal), received -> interrupt());
        }

        out.println("run " + dir.getFileName() + ": " + pairs.size() + " pairs, " + options.length().key()
                + " (" + options.length().description() + "), scenario " + options.scenario());
        out.println("client options: " + String.join(" ", options.clientArgs()));
        out.println("files: " + dir);
        ModuleLauncher launcher = new ModuleLauncher(options.root(), options.host(), null, dir);
        try (ZooKeeperProcess zookeeper = ZooKeeperProcess.startIfAsked(options.registry(), launcher, out)) {
            if (options.registry() != null) {
                launcher = launcher.withRegistry(zookeeper != null ? zookeeper.address() : options.registry());
            }
            if (!options.topology().single() || options.fault() != null) {
                out.println("topology: " + options.topology() + " through " + launcher.registry()
                        + (options.fault() == null ? "" : ", SIG" + options.fault().signal() + " to the first provider "
                        + options.fault().after().toSeconds() + " s into the load"));
            }
            runPairs(launcher, start, environment, outcomes);
        } catch (ZooKeeperProcess.StartException e) {
            out.println("error: " + e.getMessage());
            outcomes.replaceAll(outcome -> new RunRecord.Pair(outcome.pair(), null, RunRecord.Pair.FAILED,
                    e.getMessage(), null, null, null, null, null, null, List.of(), List.of()));
        }
        Instant end = Instant.now();
        record(start, end, environment, outcomes);
        return summarize(outcomes, Duration.between(start, end));
    }

    private void runPairs(ModuleLauncher launcher, Instant start, RunEnvironment environment,
            List<RunRecord.Pair> outcomes) throws IOException, InterruptedException {
        List<String> pairs = options.pairs();
        Path dir = options.runDirectory();
        List<Duration> pairsDone = new ArrayList<>();
        for (int i = 0; i < pairs.size() && !interrupted; i++) {
            String pair = pairs.get(i);
            Status status = new Status(i + 1, pairs.size(), pair, start, pairsDone);
            PairRun pairRun = new PairRun(launcher, pair, options.port(), options.topology(), options.fault(),
                    options.clientArgs(), options.pairTimeout());
            current.set(pairRun);
            status.print("starting the server");
            RunRecord.Pair outcome = pairRun.run(status::print, status::clientLine);
            current.set(null);
            outcomes.set(i, outcome);
            record(start, null, environment, outcomes);
            if (RunRecord.Pair.PASSED.equals(outcome.status())) {
                pairsDone.add(Duration.ofMillis((long) (outcome.seconds() * 1000)));
                status.print("passed in " + Progress.format(Duration.ofMillis((long) (outcome.seconds() * 1000))));
                for (RunRecord.Consumer consumer : outcome.consumers()) {
                    Path table = dir.resolve(consumer.result() + ".md");
                    if (Files.isRegularFile(table)) {
                        out.print(Files.readString(table, StandardCharsets.UTF_8));
                    }
                }
                if (outcome.result() != null && outcome.consumers().size() > 1) {
                    for (String line : ConsumerMerge.summary(dir.resolve(outcome.result()))) {
                        status.print("merged " + outcome.topology() + ": " + line);
                    }
                }
            } else {
                status.print("FAILED: " + outcome.message());
            }
            for (RunRecord.Consumer consumer : outcome.consumers()) {
                if (consumer.availability() != null) {
                    status.print(consumer.result() + ": " + consumer.availability().describe(outcome.fault().signal()));
                }
            }
            String spread = CallSpread.describe(outcome.providers(), outcome.fault() != null);
            if (spread != null) {
                status.print(spread);
            }
        }
    }

    private void interrupt() {
        interrupted = true;
        PairRun pairRun = current.get();
        if (pairRun != null) {
            try {
                pairRun.abort();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void record(Instant start, Instant end, RunEnvironment environment, List<RunRecord.Pair> outcomes)
            throws IOException {
        new RunRecord(options.runDirectory().getFileName().toString(), options.length().key(), options.scenario(),
                options.clientArgs(), options.command(), start.toString(), end == null ? null : end.toString(),
                environment, outcomes).write(options.runDirectory());
    }

    private int summarize(List<RunRecord.Pair> outcomes, Duration elapsed) {
        out.println();
        out.println("| pair | status | time | note |");
        out.println("|---|---|---|---|");
        for (RunRecord.Pair outcome : outcomes) {
            out.println("| " + outcome.pair() + " | " + outcome.status() + " | "
                    + (outcome.seconds() == null ? "" : Progress.format(Duration.ofMillis((long) (outcome.seconds() * 1000))))
                    + " | " + (outcome.message() == null ? "" : outcome.message().replace("|", "\\|")) + " |");
        }
        long failed = outcomes.stream().filter(outcome -> !RunRecord.Pair.PASSED.equals(outcome.status())).count();
        out.println();
        out.println((outcomes.size() - failed) + " of " + outcomes.size() + " pairs passed in "
                + Progress.format(elapsed) + (interrupted ? " (interrupted)" : ""));
        out.println("run: " + options.runDirectory().resolve(RunRecord.FILE_NAME));
        out.println("report: benchmark.sh report " + options.runDirectory());
        if (interrupted) {
            return EXIT_INTERRUPTED;
        }
        return failed == 0 ? EXIT_OK : EXIT_FAILED;
    }

    /** Progress lines of one pair: step, pair, what it does, elapsed and estimated time left of the whole run. */
    private final class Status {

        private final int step;
        private final int steps;
        private final String pair;
        private final Instant runStart;
        private final Instant pairStart = Instant.now();
        private final List<Duration> pairsDone;
        private String benchmark = "";
        private String mode = "";

        Status(int step, int steps, String pair, Instant runStart, List<Duration> pairsDone) {
            this.step = step;
            this.steps = steps;
            this.pair = pair;
            this.runStart = runStart;
            this.pairsDone = pairsDone;
        }

        void print(String what) {
            print(what, null);
        }

        void clientLine(String line) {
            if (line.startsWith("# Benchmark: ")) {
                benchmark = line.substring(line.lastIndexOf('.') + 1);
            } else if (line.startsWith("# Benchmark mode: ")) {
                mode = line.substring("# Benchmark mode: ".length(), line.indexOf(',') < 0 ? line.length() : line.indexOf(','));
            } else if (line.startsWith("# Parameters: ")) {
                benchmark = benchmark + " " + line.substring("# Parameters: ".length());
            } else if (line.startsWith("error: ")) {
                print(line);
            } else {
                Duration eta = Progress.jmhTimeLeft(line);
                if (eta != null) {
                    print("measuring " + benchmark + ", " + mode, eta);
                }
            }
        }

        private void print(String what, Duration jmhEta) {
            Instant now = Instant.now();
            Duration left = Progress.timeLeft(pairsDone, Duration.between(pairStart, now), jmhEta, steps - step);
            out.println("[" + step + "/" + steps + "] " + pair + ": " + what + " | elapsed "
                    + Progress.format(Duration.between(runStart, now))
                    + (left == null ? "" : ", about " + Progress.format(left) + " left"));
        }
    }
}
