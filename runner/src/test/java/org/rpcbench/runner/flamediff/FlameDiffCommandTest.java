package org.rpcbench.runner.flamediff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.runner.RunnerCommandLine;

class FlameDiffCommandTest {

    @TempDir
    Path directory;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int flamediff(String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "--root";
        all[1] = directory.toString();
        all[2] = "flamediff";
        System.arraycopy(args, 0, all, 3, args.length);
        return RunnerCommandLine.run(all, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void twoRunsAreComparedProfileByProfileWithATableAndADiffGraph() throws IOException {
        Path a = Files.createDirectories(directory.resolve("a"));
        Path b = Files.createDirectories(directory.resolve("b"));
        Files.writeString(a.resolve("pair-server.cpu.folded"), "main;encode 50\nmain;decode 50\n");
        Files.writeString(b.resolve("pair-server.cpu.folded"), "main;encode 150\nmain;decode 50\n");
        Files.writeString(b.resolve("other-server.cpu.folded"), "main 1\n");

        assertEquals(0, flamediff(a.toString(), b.toString(), "--out", directory.resolve("diff").toString()),
                err.toString());
        String table = out.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("## pair-server.cpu.folded (100 to 200 samples)"), table);
        assertTrue(table.contains("| `encode` | 50.00% | 75.00% | +25.00 pt | 50.00% | 75.00% |"), table);
        assertTrue(!table.contains("other-server"), "a profile only one run has is not compared");
        assertTrue(Files.isRegularFile(directory.resolve("diff/pair-server.cpu.diff.html")));
    }

    @Test
    void nothingToCompareOrAnUnreadableInputIsExitTwo() throws IOException {
        Path cpu = Files.writeString(directory.resolve("x.cpu.folded"), "main 1\n");
        Path alloc = Files.writeString(directory.resolve("x.alloc.folded"), "main 1\n");
        assertEquals(2, flamediff(cpu.toString(), alloc.toString()));
        assertTrue(err.toString().contains("no profile of"), err.toString());
        assertEquals(2, flamediff(cpu.toString(), directory.resolve("missing").toString()));
        assertTrue(err.toString().contains("is neither a run directory"), err.toString());
    }
}
