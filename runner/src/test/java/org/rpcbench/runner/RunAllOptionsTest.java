package org.rpcbench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunAllOptionsTest {

    @TempDir
    Path root;

    private RunAllOptions parse(String... args) throws IOException {
        createModules();
        String[] withRoot = new String[args.length + 1];
        withRoot[0] = "--root=" + root;
        System.arraycopy(args, 0, withRoot, 1, args.length);
        return new RunAllOptions().parse(withRoot);
    }

    private void createModules() throws IOException {
        for (String module : List.of("dubbo-a-server", "dubbo-a-client", "dubbo-b-server", "dubbo-b-client",
                "dubbo-lonely-server")) {
            Files.createDirectories(root.resolve(module));
        }
    }

    @Test
    void everyPairWithBothModulesRunsByDefault() throws IOException {
        assertEquals(List.of("dubbo-a", "dubbo-b"), parse().pairs());
    }

    @Test
    void theLengthsSettingsComeFirstAndTheUsersWin() throws IOException {
        assertEquals(List.of("--scenario", "user", "--warmupIterations", "1", "--warmupTime", "5",
                        "--measurementIterations", "3", "--forks", "1", "--modes", "thrpt,sample",
                        "--measurementTime", "2s"),
                parse("--length", "quick", "-a", " --measurementTime 2s ").clientArgs());
        assertEquals(List.of("--preset", "dubbox", "--forks", "2", "--modes", "thrpt,sample"),
                parse("--length", "nightly", "--scenario", "dubbox").clientArgs());
        assertEquals(List.of("--scenario", "echo,cpu"), parse("--scenario", "echo,cpu").clientArgs());
    }

    @Test
    void badSelectionsAreRefusedBeforeAnythingStarts() throws IOException {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("--pairs", "dubbo-lonely").check())
                .getMessage().contains("unknown pair 'dubbo-lonely'; pairs: dubbo-a, dubbo-b"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("--length", "long").check())
                .getMessage().contains("'long' is not one of quick, default, nightly"));
    }

    @Test
    void aTakenPortIsRefusedBeforeAnythingStarts() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            RunAllOptions options = parse("-p", String.valueOf(taken.getLocalPort()));
            assertTrue(assertThrows(IllegalArgumentException.class, options::check).getMessage()
                    .contains("port " + taken.getLocalPort() + " on 127.0.0.1 is not free"));
        }
    }

    @Test
    void aDirectoryWithoutPairsIsRefused() {
        RunAllOptions options = new RunAllOptions().parse("--root=" + root);
        assertTrue(assertThrows(IllegalArgumentException.class, options::check).getMessage()
                .startsWith("no pair (dubbo-*-server with its -client) under "));
    }

    @Test
    void anExistingRunDirectoryIsNotOverwritten() throws IOException {
        Path existing = Files.createDirectories(root.resolve("results/old"));
        assertThrows(IllegalArgumentException.class, () -> parse("-p", "1", "--out", existing.toString()).check());
    }

    @Test
    void badOptionsExitWithUsageStatus() throws Exception {
        createModules();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = RunAll.run(new String[] {"--root=" + root, "--length", "forever"},
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(RunAll.EXIT_USAGE, status);
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("error: option length: 'forever'"));
    }
}
