package org.rpcbench.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.LockstepAddress;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.ServerReady;

/**
 * The pods' entry script as a pod runs it (sh, base64), with a shell standing in for the JVM: what it writes to
 * the log is what the executor reads back, and the stop annotation stops the JVM.
 */
class PodEntryScriptTest {

    private static final String READY = "{\"stack\":\"dubbo\",\"host\":\"10.1.0.10\",\"port\":8080}";

    @TempDir
    Path run;

    private Process entry(String jvm) throws IOException {
        ProcessBuilder builder = new ProcessBuilder("sh", "-c", PodManifests.entryScript(), "rpcbench-pod",
                "sh", "-c", jvm).directory(run.toFile()).redirectErrorStream(true);
        builder.environment().put(PodManifests.ANNOTATIONS_VARIABLE, run.resolve("annotations").toString());
        return builder.start();
    }

    /** Writes the ready record as the suite's records are written: whole, by a move. */
    private static String writeReady() {
        return "echo '" + READY + "' > .ready.partial && mv .ready.partial " + PodManifests.READY_RECORD + "; ";
    }

    @Test
    void everyFileTheJvmLeftIsSentWithItsExitStatus() throws Exception {
        Process entry = entry("echo started; " + writeReady()
                + "mkdir results && printf 'line one\\nline two' > results/result.json; exit 3");
        String log = new String(entry.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(entry.waitFor(10, TimeUnit.SECONDS));

        assertEquals(3, entry.exitValue());
        PodLog parsed = PodLog.parse(log);
        assertEquals("line one\nline two", new String(parsed.file("results/result.json").orElseThrow(),
                StandardCharsets.UTF_8));
        assertEquals("10.1.0.10", RecordFiles.JSON.readValue(parsed.file(PodManifests.READY_RECORD).orElseThrow(),
                ServerReady.class).host());
        assertEquals(List.of("started", "rpcbench-exit 3"), parsed.console().subList(1, 3));
        assertEquals(Runtime.getRuntime().availableProcessors(), parsed.cpus());
        assertTrue(!parsed.cpuModel().isBlank(), parsed.console().get(0));
    }

    @Test
    void theReadyAndLockstepRecordsComeWhileTheJvmRunsAndTheStopAnnotationStopsIt() throws Exception {
        Process entry = entry("trap 'echo stopping; exit 0' TERM; echo '{\"host\":\"10.2.0.10\",\"port\":1}' > "
                + PodManifests.LOCKSTEP_RECORD + "; " + writeReady() + "while :; do sleep 0.05; done");
        List<String> lines = new ArrayList<>();
        try (BufferedReader log = new BufferedReader(
                new InputStreamReader(entry.getInputStream(), StandardCharsets.UTF_8))) {
            Optional<byte[]> ready = Optional.empty();
            Optional<byte[]> lockstep = Optional.empty();
            String line;
            while ((ready.isEmpty() || lockstep.isEmpty()) && (line = log.readLine()) != null) {
                lines.add(line);
                PodLog parsed = PodLog.parse(String.join("\n", lines) + "\n");
                ready = parsed.file(PodManifests.READY_RECORD);
                lockstep = parsed.file(PodManifests.LOCKSTEP_RECORD);
            }
            assertTrue(ready.isPresent(), "no ready record in " + lines);
            assertEquals(new LockstepAddress("10.2.0.10", 1), RecordFiles.JSON.readValue(lockstep.orElseThrow(),
                    LockstepAddress.class));
            assertTrue(entry.isAlive(), "the ready record came only at the end");

            Files.writeString(run.resolve("annotations"), "other=\"x\"\n" + PodManifests.STOP_ANNOTATION
                    + "=\"true\"\n");
            while ((line = log.readLine()) != null) {
                lines.add(line);
            }
        } finally {
            if (!entry.waitFor(10, TimeUnit.SECONDS)) {
                entry.destroyForcibly();
            }
        }
        assertEquals(0, entry.exitValue());
        assertTrue(lines.contains("stopping"), lines.toString());
        assertEquals("rpcbench-exit 0", lines.get(lines.size() - 1));
    }
}
