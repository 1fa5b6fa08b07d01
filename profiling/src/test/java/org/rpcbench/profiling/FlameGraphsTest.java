package org.rpcbench.profiling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.RunRecord;

class FlameGraphsTest {

    @TempDir
    Path directory;

    @Test
    void foldedStacksRoundTripAndABadLineIsNamed() throws IOException {
        FoldedStacks stacks = new FoldedStacks();
        stacks.add(List.of("main", "serve", "encode"), 3);
        stacks.add(List.of("main", "serve", "encode"), 2);
        stacks.add(List.of("main", "idle"), 1);
        Path file = directory.resolve("x.cpu.folded");
        stacks.write(file);
        assertEquals("main;idle 1\nmain;serve;encode 5\n", Files.readString(file));
        FoldedStacks read = FoldedStacks.read(file);
        assertEquals(6, read.total());
        assertEquals(Map.of("main;serve;encode", 5L, "main;idle", 1L), read.weights());

        Files.writeString(file, "main;serve 4\nmain;oops\n");
        IOException e = assertThrows(IOException.class, () -> FoldedStacks.read(file));
        assertTrue(e.getMessage().contains("line 2"), e.getMessage());
    }

    @Test
    void perJvmNamesOfLambdasAndAccessorsAreMadeStable() {
        assertEquals("org.x.Server$$Lambda.run", JfrStacks.stable("org.x.Server$$Lambda$412/0x0000000800c0b000.run"));
        assertEquals("org.x.Server$$Lambda.run", JfrStacks.stable("org.x.Server$$Lambda/0x0000000800c0b000.run"));
        assertEquals("org.x.Handler$$Lambda.accept",
                JfrStacks.stable("org.x.Handler$$Lambda.0x00007fd9483b6d28.accept"));
        assertEquals("jdk.internal.reflect.GeneratedMethodAccessor.invoke",
                JfrStacks.stable("jdk.internal.reflect.GeneratedMethodAccessor17.invoke"));
        assertEquals("a:b", JfrStacks.stable("a;b"));
        assertEquals("byte[]", JfrStacks.readable("[B"));
        assertEquals("java.lang.String[][]", JfrStacks.readable("[[Ljava.lang.String;"));
        assertEquals("java.lang.String", JfrStacks.readable("java.lang.String"));
    }

    @Test
    void aRecordingBecomesFoldedStacksAndPagesBesideItNamedAsTheRecordNamesFiles() throws IOException {
        Path jfr = directory.resolve("pair-server.jfr");
        try (ProfileRecording recording = ProfileRecording.start(jfr)) {
            busy();
        }
        RunRecord.Profile profile = FlameGraphs.convert(jfr, "server :8080",
                file -> directory.relativize(file).toString());
        assertEquals("server :8080", profile.jvm());
        assertEquals("pair-server.jfr", profile.recording());
        assertEquals("pair-server.cpu.html", profile.cpuFlameGraph());
        assertEquals("pair-server.alloc.html", profile.allocationFlameGraph());
        assertTrue(profile.cpuSamples() > 0);
        for (String file : List.of("pair-server.cpu.folded", "pair-server.alloc.folded", "pair-server.cpu.html",
                "pair-server.alloc.html")) {
            assertTrue(Files.isRegularFile(directory.resolve(file)), file);
        }
        String page = Files.readString(directory.resolve("pair-server.cpu.html"));
        assertTrue(page.contains("CPU: server :8080"), "title");
        assertTrue(page.contains("FlameGraphsTest.busy"), "the busy frame's name is in the page");
        assertFalse(page.contains("@DATA@"), "the data was put in");
    }

    @Test
    void frameNamesCannotEndTheScript() {
        assertEquals("\"\\u003c/script\\u003e \\\"x\\\\\"", FlameGraphPage.json("</script> \"x\\"));
    }

    @Test
    void theDiffRanksFramesByTheMoveOfTheirShareAndCountsARecursiveFrameOnce() {
        FoldedStacks before = new FoldedStacks();
        before.add(List.of("main", "encode"), 50);
        before.add(List.of("main", "decode"), 50);
        FoldedStacks after = new FoldedStacks();
        // twice the samples: shares, not counts, are compared
        after.add(List.of("main", "encode"), 140);
        after.add(List.of("main", "decode"), 40);
        after.add(List.of("main", "walk"), 20);
        List<FlameDiff.FrameChange> changes = FlameDiff.changes(before, after);
        assertEquals(List.of("decode", "encode", "walk", "main"),
                changes.stream().map(FlameDiff.FrameChange::frame).toList());
        FlameDiff.FrameChange encode = changes.get(1);
        assertEquals(0.5, encode.inclusiveBefore(), 1e-9);
        assertEquals(0.7, encode.inclusiveAfter(), 1e-9);
        assertEquals(0.7, encode.selfAfter(), 1e-9);
        assertEquals(0.0, changes.get(3).inclusiveChange(), 1e-9);

        FoldedStacks recursive = new FoldedStacks();
        recursive.add(List.of("walk", "walk", "walk"), 10);
        assertEquals(1.0, FlameDiff.changes(new FoldedStacks(), recursive).get(0).inclusiveAfter(), 1e-9);

        String table = FlameDiff.table(changes, 2);
        assertTrue(table.contains("| `decode` | 50.00% | 20.00% | -30.00 pt | 50.00% | 20.00% |"), table);
        assertFalse(table.contains("`main`"), "only the top rows");
    }

    @Test
    void profilesMatchByNameInRunDirectoriesAndByKindInFiles() throws IOException {
        Path run = Files.createDirectories(directory.resolve("run"));
        FoldedStacks stacks = new FoldedStacks();
        stacks.add(List.of("main"), 1);
        stacks.write(run.resolve("pair-server.cpu.folded"));
        Files.createDirectories(run.resolve("pair-client-profiles/getUser"));
        stacks.write(run.resolve("pair-client-profiles/getUser/fork-1.alloc.folded"));
        assertEquals(List.of("pair-client-profiles/getUser/fork-1.alloc.folded", "pair-server.cpu.folded"),
                List.copyOf(FlameDiff.profiles(run).keySet()));
        assertEquals(List.of("cpu"), List.copyOf(FlameDiff.profiles(run.resolve("pair-server.cpu.folded")).keySet()));
        assertEquals("bytes", FlameDiff.unit("pair-client-profiles/getUser/fork-1.alloc.folded"));
        assertEquals("samples", FlameDiff.unit("cpu"));
        assertThrows(IOException.class, () -> FlameDiff.profiles(directory.resolve("missing")));
    }

    private static long busy() {
        long end = System.nanoTime() + 1_000_000_000L;
        long sum = 0;
        while (System.nanoTime() < end) {
            sum += String.valueOf(sum).length();
        }
        return sum;
    }
}
