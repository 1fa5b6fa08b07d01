package org.rpcbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.ExitCode;

/** benchmark.sh's whole command line: every subcommand there, and each reaching the module that does its work. */
class BenchmarkShTest {

    @TempDir
    Path root;

    private record Result(int status, String out, String err) {
    }

    private Result run(String... args) {
        List<String> all = new ArrayList<>(List.of("--root", root.toString()));
        all.addAll(List.of(args));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = BenchmarkSh.run(all.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theHelpListsEverySubcommandInOrder() {
        Result help = run("-h");
        assertEquals(ExitCode.OK, help.status(), help.err());
        List<String> listed = help.out().lines().dropWhile(line -> !line.equals("Commands:")).skip(1)
                .takeWhile(line -> !line.isBlank()).filter(line -> line.matches("  \\S.*"))
                .map(line -> line.trim().split(" ")[0]).toList();
        assertEquals(List.of("run-all", "report", "compare", "ab", "history", "record", "flamediff"), listed);
    }

    @Test
    void abJudgesThroughTheGate() throws Exception {
        Path empty = Files.createDirectories(root.resolve("ab-empty"));
        Result judged = run("ab", "--judge", empty.toString());
        assertEquals(ExitCode.USAGE, judged.status());
        assertEquals("error: " + empty + " has no ab.json: give the directory of an A/B run (benchmark.sh ab --out)",
                judged.err().strip());
        Result simulated = run("ab", "--power", empty.toString());
        assertEquals(ExitCode.USAGE, simulated.status());
        assertTrue(simulated.err().contains("has no ab.json"), simulated.err());
    }

    @Test
    void theReadersCommandsAnswerAsTheirModulesDo() {
        Path missing = root.resolve("missing");
        for (List<String> command : List.of(List.of("report", missing.toString()),
                List.of("compare", missing.toString(), missing.toString()),
                List.of("history", "check", "--file", missing.toString()))) {
            Result result = run(command.toArray(String[]::new));
            assertEquals(ExitCode.USAGE, result.status(), command + ": " + result.err());
            assertTrue(result.err().startsWith("error: ") && result.err().contains(missing.toString()),
                    command + ": " + result.err());
        }
    }

    @Test
    void aBadThresholdIsOneLineAndExit2() {
        Result refused = run("ab", "--threshold", "-1", "--judge", root.toString());
        assertEquals(ExitCode.USAGE, refused.status());
        assertEquals("error: option threshold: -1.0 is not a percentage of 0 or more (see --help)",
                refused.err().strip());
    }
}
