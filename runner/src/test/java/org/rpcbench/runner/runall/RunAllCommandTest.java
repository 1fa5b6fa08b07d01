package org.rpcbench.runner.runall;

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
import org.rpcbench.contract.ExitCode;
import org.rpcbench.runner.Launcher;
import org.rpcbench.runner.RunnerCommandLine;
import org.rpcbench.runner.pair.Topology;
import org.rpcbench.runner.process.Suite;
import picocli.CommandLine;

/** run-all's options, checked against a suite directory of empty modules: nothing is ever started here. */
class RunAllCommandTest {

    @TempDir
    Path root;

    @BeforeEach
    void createModules() throws IOException {
        for (String module : List.of("dubbo-a-server", "dubbo-a-client", "netty-b-server", "netty-b-client",
                "dubbo-lonely-server", "client-base", "server-base")) {
            Files.createDirectories(root.resolve(module));
            Files.writeString(root.resolve(module).resolve("pom.xml"), "<project/>");
        }
    }

    private RunAllCommand parse(String... args) {
        List<String> all = new ArrayList<>(List.of("--root", root.toString(), "run-all"));
        all.addAll(List.of(args));
        CommandLine.ParseResult parsed = RunnerCommandLine.commandLine(System.out, System.err)
                .parseArgs(all.toArray(String[]::new));
        return (RunAllCommand) parsed.subcommand().commandSpec().userObject();
    }

    /** What run-all printed on stderr and returned, for options refused before anything starts. */
    private String refused(String... args) {
        List<String> all = new ArrayList<>(List.of("--root", root.toString(), "run-all"));
        all.addAll(List.of(args));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = RunnerCommandLine.run(all.toArray(String[]::new), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(ExitCode.USAGE, status, err.toString(StandardCharsets.UTF_8));
        return err.toString(StandardCharsets.UTF_8);
    }

    /** A port nothing holds, so that the check a test means to reach is not stopped by the port check before it. */
    private static String freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return String.valueOf(socket.getLocalPort());
        }
    }

    @Test
    void podsWithoutAnImageAreOneLine() {
        assertEquals("error: option --on k8s: give the suite's image with --image (see --help)\n",
                refused("--on", "k8s", "--namespace", "rpcbench"));
        assertEquals("error: options --namespace, --image, --pod-cpus, --server-node-selector and"
                + " --client-node-selector apply with --on k8s (see --help)\n", refused("--image", "rpcbench:1"));
    }

    @Test
    void everyPairWithBothModulesIsFoundWhateverItsStack() {
        assertEquals(List.of("dubbo-a", "netty-b"), new Suite(root).pairs());
        assertEquals(List.of("dubbo-a-server", "netty-b-server", "dubbo-a-client", "netty-b-client"),
                new Suite(root).pairModules());
    }

    @Test
    void theLengthsSettingsComeFirstAndTheUsersWinWithQuotedWordsKeptWhole() {
        assertEquals(List.of("--scenario", "user", "--warmupIterations", "1", "--warmupTime", "5",
                        "--measurementIterations", "3", "--forks", "1", "--modes", "thrpt,sample",
                        "--measurementTime", "2s", "--profile", "/tmp/with space"),
                parse("--length", "quick", "-a", " --measurementTime 2s --profile '/tmp/with space'").clientArgs());
        assertEquals(List.of("--preset", "dubbox", "--warmupIterations", "3", "--warmupTime", "5",
                        "--measurementIterations", "5", "--measurementTime", "2", "--forks", "2",
                        "--modes", "thrpt,sample"),
                parse("--length", "nightly", "--scenario", "dubbox").clientArgs());
        assertEquals(List.of("--scenario", "user", "--warmupIterations", "2", "--warmupTime", "5",
                        "--measurementIterations", "3", "--measurementTime", "2", "--forks", "1", "--modes", "thrpt"),
                parse("--length", "trial").clientArgs());
        assertEquals(List.of("--scenario", "echo,cpu"), parse("--scenario", "echo,cpu").clientArgs());
        assertEquals(List.of("--scenario", "stream"), parse("--scenario", "stream").clientArgs());
        assertEquals(List.of("--availability", "20", "--fault-at", "8", "--threads", "4"),
                parse("--fault", "sigkill", "-a", "--threads 4").clientArgs());
        assertEquals(List.of("--rate", "2000", "--warmup", "5", "--duration", "3", "--calls", "getUser"),
                parse("--rate", "2000", "--length", "quick", "-a", "--duration 3 --calls getUser").clientArgs());
        assertEquals(List.of("--rate-sweep", "50,100", "--slo", "p99=5ms", "--duration", "30"),
                parse("--rate-sweep", "50,100", "--slo", "p99=5ms", "--length", "nightly").clientArgs());
    }

    @Test
    void aSeveralClientPresetRunsItsClientsAtOnceUnlessATopologyIsGiven() {
        assertEquals(new Topology(1, 2), parse("--scenario", "server-limit").topology());
        assertEquals(new Topology(1, 3), parse("--scenario", "server-limit", "--topology", "1x3").topology());
        assertEquals(Topology.SINGLE, parse("--scenario", "motan").topology());
    }

    @Test
    void theRecordedCommandIsWhatTheUserTypedWithoutTheLaunchersRoot() {
        RunAllCommand command = parse("--pairs", "dubbo-a", "-a", "--threads 4");

        assertEquals(List.of("benchmark.sh", "run-all", "--pairs", "dubbo-a", "-a", "--threads 4"),
                Launcher.typed(command.spec));
    }

    @Test
    void anOpenLoopRunRefusesAFaultAScenarioAndBadClientOptions() throws IOException {
        String free = freePort();
        assertTrue(refused("-p", free, "--rate", "100", "--fault", "sigterm").contains("option fault: a fault run"
                + " counts calls under its own load"));
        assertTrue(refused("-p", free, "--rate", "100", "--scenario", "echo").contains("option scenario: an"
                + " open-loop run takes its calls from -a"));
        assertTrue(refused("-p", free, "--rate-sweep", "50", "--slo", "p98=1ms").contains("option slo: 'p98=1ms'"
                + " is not a bound"));
        assertTrue(refused("-p", free, "--rate", "100", "--rate-sweep", "50").contains("--rate or --rate-sweep,"
                + " one of the two"));
    }

    @Test
    void startTogetherMeetsOneClientAPairOnThisMachine() throws IOException {
        String free = freePort();
        String why = "option start-together: it meets one client a pair with another on this machine";
        assertTrue(refused("-p", free, "--start-together", "meet", "--topology", "1x2").contains(why));
        assertTrue(refused("-p", free, "--start-together", "meet", "--on", "ssh", "--server-hosts", "a",
                "--client-hosts", "b").contains(why));
    }

    @Test
    void jvmSettingsTheJvmRefusesAreOneLineBeforeAnythingStarts() throws IOException {
        String free = freePort();
        assertEquals("error: option server-jvm-args: the server JVM refuses to start with them: Unrecognized VM"
                + " option 'UseNoSuchGC' (see --help)", refused("-p", free, "--server-jvm-args", "-XX:+UseNoSuchGC")
                .strip());
        assertTrue(refused("-p", free, "--client-jvm-args", "-XX:+UseSerialGC -XX:+UseParallelGC")
                .startsWith("error: option client-jvm-args: the client JVM refuses to start with them: Error"
                        + " occurred during initialization of VM: Multiple garbage collectors selected"));
        assertTrue(refused("-p", free, "--server-java", root.toString()).startsWith("error: option server-java: "
                + root + " has no bin/java: give a JDK's home"));
        assertFalse(Files.exists(root.resolve("results")), "no run directory for a refused run");
    }

    @Test
    void aJvmMatrixNamesEachSettingOnceAndTheServersMustStartWithIt() throws IOException {
        String free = freePort();
        assertTrue(refused("-p", free, "--jvm-matrix", "-XX:+UseZGC").startsWith("error: option jvm-matrix:"
                + " '-XX:+UseZGC' is not name=flags"));
        assertTrue(refused("-p", free, "--jvm-matrix", "zgc=-XX:+UseZGC", "--jvm-matrix", "zgc=-XX:+UseSerialGC")
                .startsWith("error: option jvm-matrix: the setting zgc is given twice"));
        assertTrue(refused("-p", free, "--server-jvm-args", "-XX:+UseSerialGC", "--jvm-matrix",
                "parallel=-XX:+UseParallelGC").startsWith("error: option jvm-matrix: parallel: the server JVM"
                        + " refuses to start with them: Error occurred during initialization of VM: Multiple"
                        + " garbage collectors selected"), "the run's own server flags come first");
    }

    @Test
    void badSelectionsAreRefusedBeforeAnythingStarts() throws IOException {
        String free = freePort();
        assertTrue(refused("--pairs", "dubbo-lonely").contains("unknown pair 'dubbo-lonely'; pairs: dubbo-a, netty-b"));
        assertTrue(refused("--length", "forever").startsWith("error: option length: 'forever' is not one of quick,"
                + " default, nightly"));
        assertTrue(refused("-p", free, "--fault", "sigkill", "--topology", "1x1").contains("option fault: needs two"
                + " providers or more"));
        assertTrue(refused("-p", free, "--topology", "50x50").startsWith("error: option topology: 50x50 "));
        assertTrue(refused("-p", free, "-r", "zk://x").contains("option registry: 'zk://x' is not zookeeper"));
        assertTrue(refused("-p", free, "-a", "--threads many").startsWith("error: the client options do not work: "));
        assertTrue(refused("-p", free, "-a", "--threads many").contains("--threads"));
        assertTrue(refused("-p", free, "--server-args", "--inject-cost 'getUser").startsWith("error: option"
                + " server-args: an unclosed ' in"));
        assertTrue(refused("-p", free, "-a", "--preset dubbox").startsWith("error: give run-all the preset as"
                + " --scenario (e.g. --scenario dubbox), not inside -a"));
    }

    @Test
    void aCpuListTasksetWouldRefuseIsRefusedBeforeAnythingStarts() throws IOException {
        String free = freePort();
        assertTrue(refused("-p", free, "--server-cpus", "one").startsWith("error: option --server-cpus: 'one' is not"
                + " a CPU list such as 1, 0-3 or 0,2"));
        assertTrue(refused("-p", free, "--client-cpus", "4095").startsWith("error: option --client-cpus: taskset"
                + " refuses CPUs 4095 here ("));
    }

    @Test
    void aTakenPortIsRefusedBeforeAnythingStarts() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertTrue(refused("-p", String.valueOf(taken.getLocalPort())).contains("port " + taken.getLocalPort()
                    + " on 127.0.0.1 is not free"));
        }
    }

    @Test
    void aDirectoryWithoutPairsIsRefused(@TempDir Path empty) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = RunnerCommandLine.run(new String[] {"--root", empty.toString(), "run-all"},
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(ExitCode.USAGE, status);
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("error: no pair (a <pair>-server module with its"
                + " -client) under "), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void anExistingRunDirectoryIsNotOverwritten() throws IOException {
        String free = freePort();
        Path existing = Files.createDirectories(root.resolve("results/old"));
        assertTrue(refused("-p", free, "--out", existing.toString()).contains("already exists; pick another --out"));
    }
}
