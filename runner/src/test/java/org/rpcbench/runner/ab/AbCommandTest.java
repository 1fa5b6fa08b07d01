package org.rpcbench.runner.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.AbRecord;
import org.rpcbench.contract.AbVerdict;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.runner.RunnerCommandLine;
import org.rpcbench.runner.arguments.ArgumentWords;

/** ab's options and sides, checked against a suite directory of empty modules: no trial ever runs here. */
class AbCommandTest {

    @TempDir
    Path root;

    private String free;

    @BeforeEach
    void createModules() throws IOException {
        for (String module : List.of("dubbo-a-server", "dubbo-a-client")) {
            Files.createDirectories(root.resolve(module));
            Files.writeString(root.resolve(module).resolve("pom.xml"), "<project/>");
        }
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            free = String.valueOf(socket.getLocalPort());
        }
    }

    /** What ab printed on stderr, for options refused before anything is built or run. */
    private String refused(String... args) {
        List<String> all = new ArrayList<>(List.of("--root", root.toString(), "ab", "--pairs", "dubbo-a", "-p", free,
                "--out", root.resolve("ab").toString()));
        all.addAll(List.of(args));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = RunnerCommandLine.run(all.toArray(String[]::new), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(ExitCode.USAGE, status, err.toString(StandardCharsets.UTF_8));
        assertFalse(Files.exists(root.resolve("ab")), "nothing is written for a refused command");
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void badOptionsAreRefusedBeforeAnythingIsBuilt() {
        String suite = root.toString();
        assertTrue(refused(suite).startsWith("error: give a baseline and a candidate"));
        assertTrue(refused("--trials", "2", suite, suite).startsWith("error: option trials: 2 is below 3"));
        assertTrue(refused("--confirm-trials", "2", suite, suite).startsWith("error: option confirm-trials: 2 is"
                + " neither 0 (none) nor at least 3"));
        assertTrue(refused("--threshold", "-1", suite, suite).contains("option threshold: -1.0 is not a percentage"));
        assertTrue(refused("--confirm-confidence", "100", suite, suite).startsWith("error: option"
                + " confirm-confidence: 100.0 is not a confidence above 0 and below 100"));
        assertTrue(refused("-a", "--threads many", suite, suite).contains("--threads"));
        assertTrue(refused("--candidate-server-args", "--inject-cost 'getUser", suite, suite).contains("unclosed"));
        assertTrue(refused("--candidate-client-args", "--inject-cost getUser:soon", suite, suite)
                .contains("option inject-cost: 'getUser:soon' is not <call>:<amount>"));
        assertTrue(refused("--judge", suite, suite).startsWith("error: --judge judges the trials already in a"));
        assertTrue(refused("--server-cpus", "0-", suite, suite).contains("option --server-cpus: '0-' is not a CPU"
                + " list"));
        assertTrue(refused("--duet", "--client-cpus", "0", suite, suite).startsWith("error: --duet places each side's"
                + " servers and clients itself: give no --server-cpus or --client-cpus"));
        assertTrue(refused("--no-duet", "--duet-cpus", "halves", suite, suite).startsWith("error: option duet-cpus:"
                + " it places a duet's sides, and these trials run them in turn"));
        assertTrue(refused("--saturated", "--duet-cpus", "shared", suite, suite).startsWith("error: option duet-cpus:"
                + " it places a duet's sides"), "the saturated design runs the sides in turn unless --duet");
        assertTrue(refused("--duet-cpus", "quarters", suite, suite).startsWith("error: option duet-cpus: 'quarters'"
                + " is neither shared nor halves"), "at a fixed rate here the trials are a duet by default");
        assertTrue(refused("--duet", "--duet-cpus", "quarters", suite, suite).startsWith("error: option duet-cpus:"
                + " 'quarters' is neither shared nor halves"));
        assertTrue(refused("-a", "--rate-sweep=50", suite, suite).startsWith("error: option rate-sweep: a sweep's"
                + " rates are shares of each side's own capacity"));
        assertTrue(refused("-a", "--rate=8000 --warmupIterations 1", suite, suite)
                .contains("option warmupIterations: a JMH option"), "a fixed rate's trial is the open loop's: a JMH"
                + " option beside it is refused");
        assertTrue(refused("-a", "--rate 8000", "--scenario", "echo", suite, suite).startsWith("error: option"
                + " scenario: an open-loop trial takes its calls from -a"));
        assertTrue(refused("--candidate-server-jvm-args", "-XX:+NoSuchFlag", suite, suite).startsWith("error: option"
                + " candidate-server-jvm-args: the server JVM refuses to start with them: Unrecognized VM option"
                + " 'NoSuchFlag'"));
        assertTrue(refused("--candidate-client-java", root.resolve("no-jdk").toString(), suite, suite)
                .startsWith("error: option candidate-client-java: " + root.resolve("no-jdk") + " has no bin/java"));
        assertTrue(refused("--client-jvm-args", "-Xmx1q", suite, suite).startsWith("error: option client-jvm-args:"
                + " the client JVM refuses to start with them"));
    }

    @Test
    void onHostsTheDuetAndThePodsAreRefusedInOneLine() {
        String suite = root.toString();
        String hosts = "--on=ssh --server-hosts=127.0.0.2 --client-hosts=127.0.0.3";
        List<String> duet = new ArrayList<>(List.of(hosts.split(" ")));
        duet.addAll(List.of("--duet", suite, suite));
        assertEquals("error: --duet runs both sides at once on this machine; on hosts each side runs alone: give"
                + " no --duet (see --help)", refused(duet.toArray(String[]::new)).strip());
        assertTrue(refused("--on", "k8s", "--image", "rpcbench:1", suite, suite).startsWith("error: option --on k8s:"
                + " the pods run the one --image, so both sides would run the same jars; run ab here or --on ssh"));
        assertTrue(refused("--on", "ssh", suite, suite).startsWith("error: option --on ssh: give the hosts with"
                + " --server-hosts and --client-hosts"));
    }

    @Test
    void theFixedRateDesignsOptionsAreRefusedWhereTheyCannotHold() {
        String suite = root.toString();
        assertTrue(refused("-a", "--warmupIterations 1", suite, suite).contains("(ab's trials run the open loop at a"
                + " fixed rate; --saturated runs JMH's closed loop)"), "a JMH option names the way to JMH");
        assertTrue(refused("--scenario", "echo", suite, suite).contains("give --saturated to run a scenario in JMH"));
        assertTrue(refused("--saturated", "-a", "--rate 8000", suite, suite).startsWith("error: --saturated runs"
                + " JMH's closed loop in each trial: give no -a \"--rate ...\""));
        assertTrue(refused("--rate-share", "50", "-a", "--rate 8000", suite, suite).startsWith("error: option"
                + " rate-share: the share sets the rate ab finds; give none with a rate in -a"));
        assertTrue(refused("--rate-share", "50", "--saturated", suite, suite).contains("give none with --saturated"));
        assertTrue(refused("--rate-share", "0", suite, suite).startsWith("error: option rate-share: 0 is not a"
                + " percentage of 1 to 100"));
        assertEquals(AbCommand.DEFAULT_RATE_SHARE, AbCommand.rateShare(null, false));
        assertEquals(AbCommand.DUET_RATE_SHARE, AbCommand.rateShare(null, true), "both sides load the machine at once");
        assertEquals(40, AbCommand.rateShare(40, true));
        assertEquals(List.of("0-1", "0-1"), AbCommand.duetCpuLists(false, 2), "shared: every CPU for both sides");
        assertEquals("12", ArgumentWords.valueOf(AbCommand.trialArgs(List.of(), false, true), "--warmup"),
                "a duet's two sides compile at once: its trials warm longer");
        assertEquals("6", ArgumentWords.valueOf(AbCommand.trialArgs(List.of(), false, false), "--warmup"));
        assertEquals(List.of("--duration", "20", "--warmup", "3"), AbCommand.trialArgs(List.of("--warmup", "3"),
                false, true), "the warmup given wins");
        assertEquals(List.of("0", "1"), AbCommand.duetCpuLists(true, 2));
        assertEquals(List.of("0-1", "2-3"), AbCommand.duetCpuLists(true, 5), "an odd CPU is left out of the halves");
    }

    @Test
    void aSideThatIsNeitherACheckoutNorACommitIsNamed(@TempDir Path notASuite) throws IOException {
        Files.writeString(root.resolve("benchmark.sh"), "#!/bin/sh\n");
        assertTrue(refused(notASuite.toString(), root.toString()).startsWith("error: baseline " + notASuite
                + " is a directory without benchmark.sh"));
        assertTrue(refused(root.toString(), "no-such-ref-anywhere").startsWith("error: candidate 'no-such-ref-anywhere'"
                + " is neither a directory nor a commit of the repository at " + root));
    }

    @Test
    void aDirectoryWithTheLauncherIsASideAsItIs() throws Exception {
        Files.writeString(root.resolve("benchmark.sh"), "#!/bin/sh\n");

        AbCommand.Side side = AbCommand.side(root, "baseline", root.toString());

        assertEquals(root, side.directory());
        assertEquals(root.toString(), side.record().given());
        assertEquals(null, side.record().commit(), "not a git checkout");
    }

    @Test
    void aCommitIsCheckedOutOnceIntoItsOwnWorktree(@TempDir Path repository) throws Exception {
        Files.writeString(repository.resolve("benchmark.sh"), "#!/bin/sh\n");
        git(repository, "init", "-q");
        git(repository, "add", "benchmark.sh");
        git(repository, "-c", "user.name=test", "-c", "user.email=test@example.org", "commit", "-q", "-m", "one");

        AbCommand.Side side = AbCommand.side(repository, "baseline", "HEAD");

        assertTrue(side.record().commit().matches("[0-9a-f]{40}"), side.toString());
        assertEquals(repository.resolve(AbCommand.WORKTREES).resolve(side.record().commit()), side.directory());
        assertTrue(Files.isRegularFile(side.directory().resolve("benchmark.sh")));
        assertEquals(side, AbCommand.side(repository, "baseline", "HEAD"), "the second time, the same checkout");
    }

    private static void git(Path directory, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-C", directory.toString()));
        command.addAll(List.of(args));
        Process git = new ProcessBuilder(command).inheritIO().start();
        assertEquals(0, git.waitFor(), String.join(" ", command));
    }

    @Test
    void trialOptionsReachTheClientWholeWhateverTheirQuotes() {
        List<String> words = List.of("--profile", "/tmp/with space", "--note", "it's", "--threads", "8,16");

        String quoted = String.join(" ", words.stream().map(AbCommand::quote).toList());

        assertEquals(words, ArgumentWords.split(quoted));
        assertEquals("--threads 8,16", String.join(" ", List.of("--threads", "8,16").stream()
                .map(AbCommand::quote).toList()), "plain words stay plain");
    }

    @Test
    void theCpuThresholdByDefaultIsTheFixedRateDesignsOnlyForRunsThatRanIt() throws IOException {
        Path fixed = abRun("fixed", List.of("--rate", "8000", "--warmup", "10"));
        Path joined = abRun("joined", List.of("--rate=8000"));
        Path saturated = abRun("saturated", List.of("--warmupIterations", "2"));

        assertTrue(AbCommand.ranAtFixedRate(List.of(fixed, joined)));
        assertFalse(AbCommand.ranAtFixedRate(List.of(fixed, saturated)), "a pool that mixes designs");
        assertFalse(AbCommand.ranAtFixedRate(List.of(root.resolve("none"))), "no record: the judge names it");
    }

    @Test
    void theTrialsByDefaultAreEightInEitherDesignAndAsManyConfirmAsRanFirst() throws IOException {
        String fixed = abRun("fixed", List.of("--rate", "8000")).toString();
        String saturated = abRun("saturated", List.of("--warmupIterations", "2")).toString();

        assertEquals(new AbJudge.PowerPlan(8, 8, List.of(5.0), 1, 1), simulated("--power", fixed));
        assertEquals(new AbJudge.PowerPlan(8, 8, List.of(5.0), 1, 1), simulated("--power", saturated));
        assertEquals(new AbJudge.PowerPlan(4, 4, List.of(5.0), 1, 1), simulated("--power", saturated, "--trials",
                "4"));
        assertEquals(new AbJudge.PowerPlan(5, 0, List.of(5.0), 1, 1), simulated("--power", fixed, "--trials", "5",
                "--confirm-trials", "0"));
    }

    @Test
    void theThresholdsByDefaultAreTheDesignsTheClientsCpuItsOwnAtAFixedRate() throws IOException {
        String fixed = abRun("fixed", List.of("--rate", "8000")).toString();
        String saturated = abRun("saturated", List.of("--warmupIterations", "2")).toString();

        assertEquals(new AbVerdict.Thresholds(10, 2, 1, 2, 1, 80), judgedWith("--power", fixed));
        assertEquals(new AbVerdict.Thresholds(3, 2, 5, 5, 1, 80), judgedWith("--power", saturated));
        assertEquals(new AbVerdict.Thresholds(4, 2, 2, 2, 1, 80), judgedWith("--power", fixed,
                "--cpu-threshold", "2", "--threshold", "4"));
        assertEquals(new AbVerdict.Thresholds(10, 2, 1, 4, 1, 80), judgedWith("--power", fixed,
                "--client-cpu-threshold", "4"));
        assertEquals(new AbVerdict.Thresholds(3, 2, 5, 7, 1, 80), judgedWith("--power", saturated,
                "--client-cpu-threshold", "7"));
        assertEquals(new AbVerdict.Thresholds(10, 5, 1, 2, 1, 80), judgedWith("--power", fixed,
                "--median-threshold", "5"));
        assertEquals(new AbVerdict.Thresholds(10, 2, 1, 2, 1, 95), judgedWith("--power", fixed,
                "--confirm-confidence", "95"));
    }

    /** The simulation ab asks its judge for, given these options. */
    private AbJudge.PowerPlan simulated(String... args) {
        return simulation(args).plan();
    }

    /** The thresholds ab asks its judge to simulate with, given these options. */
    private AbVerdict.Thresholds judgedWith(String... args) {
        return simulation(args).thresholds();
    }

    private Simulation simulation(String... args) {
        List<Simulation> simulations = new ArrayList<>();
        List<String> all = new ArrayList<>(List.of("--root", root.toString(), "ab", "--shifts", "5",
                "--simulations", "1", "--seed", "1"));
        all.addAll(List.of(args));
        int status = RunnerCommandLine.run(all.toArray(String[]::new),
                RunnerCommandLine.simulatingOnly((thresholds, plan) -> {
                    simulations.add(new Simulation(thresholds, plan));
                    return ExitCode.OK;
                }));
        assertEquals(ExitCode.OK, status);
        return simulations.get(0);
    }

    private record Simulation(AbVerdict.Thresholds thresholds, AbJudge.PowerPlan plan) {
    }

    private Path abRun(String name, List<String> clientArgs) throws IOException {
        Path directory = Files.createDirectories(root.resolve(name));
        AbRecord.Side side = new AbRecord.Side(".", "0123456789abcdef0123", false, root.toString());
        new AbRecord(side, side, List.of("dubbo-a"), "user", clientArgs, List.of(), List.of(), 1, List.of("ab"),
                "start", "end", List.of(), null, 0, null, null, null, null).write(directory);
        return directory;
    }
}
