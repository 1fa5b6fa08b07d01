package org.rpcbench.client.pair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.client.BenchmarkClient;
import org.rpcbench.contract.AvailabilityReport;
import org.rpcbench.contract.ClientReady;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.Stopped;
import org.rpcbench.server.BenchmarkServer;
import org.rpcbench.stack.RunningServer;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.Stacks;

/**
 * The client's availability mode against a pair's real server on a free loopback port, as a launcher runs it.
 * What it tests is the stack's, not the serializer's: it runs in one client module per stack ({@code stack-level},
 * see the parent pom's {@code tests.excludedGroups}).
 */
@Tag("stack-level")
@Timeout(60)
class AvailabilityEndToEndTest {

    @TempDir
    Path directory;

    private int port;
    private RunningServer server;
    private final ScheduledExecutorService stopper = Executors.newSingleThreadScheduledExecutor();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void start() throws IOException {
        port = PairEndToEndTest.freePort();
        server = Stacks.server().start(new ServerSettings("127.0.0.1", port, null), BenchmarkServer.services());
    }

    @AfterEach
    void stop() throws InterruptedException {
        stopper.shutdown();
        assertTrue(stopper.awaitTermination(30, TimeUnit.SECONDS));
        server.close();
    }

    private int runClient(int seconds) throws IOException {
        return BenchmarkClient.run(new String[] {"--port", String.valueOf(port), "--availability",
                String.valueOf(seconds), "--threads", "4", "-f", result().toString(), "--ready-file",
                directory.resolve("ready.json").toString(), "--stop-file", stopFile().toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private Path result() {
        return directory.resolve("availability.json");
    }

    private Path stopFile() {
        return directory.resolve("stopped.json");
    }

    private String printed() {
        return out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void withNoFaultEveryCallIsOkAndNothingIsDisturbed() throws IOException {
        assertEquals(ExitCode.OK, runClient(3), printed());

        AvailabilityReport report = RecordFiles.read(result(), AvailabilityReport.class);
        assertTrue(report.ok() > 0, printed());
        assertEquals(0, report.failed(), printed());
        assertEquals(0, report.wrong(), printed());
        // no bound on throughput dips: with no fault a dip is the machine's (the build runs modules' tests side by
        // side on two cores and has halved this load for 700 ms); TimelineTest covers how dips are found
        assertTrue(report.okInLastSecond() > 0, printed());

        ClientReady ready = RecordFiles.read(directory.resolve("ready.json"), ClientReady.class);
        assertEquals(ClientReady.AVAILABILITY, ready.mode());
        assertEquals(1, ready.proofs().size());
        assertTrue(ready.startEpochMillis() >= report.startEpochMillis() - 5000
                && ready.startEpochMillis() <= report.startEpochMillis(), "the ready record precedes the load");
        assertEquals(new Stopped(ExitCode.OK, null, null, result().toString()),
                RecordFiles.read(stopFile(), Stopped.class));
    }

    @Test
    void aServerClosedMidRunIsCountedAndTheRunFailsForNotRecovering() throws IOException {
        // closed a second into the load (its ready record says when it starts); calls fail from then on, or from
        // the end of the stack's graceful shutdown, for the rest of the 5 s run
        stopper.execute(() -> {
            long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!Files.exists(directory.resolve("ready.json")) && System.nanoTime() - giveUp < 0) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
            }
            LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(1));
            server.close();
        });
        assertEquals(ExitCode.FAILED, runClient(5), printed());

        AvailabilityReport report = RecordFiles.read(result(), AvailabilityReport.class);
        assertTrue(report.ok() > 0, printed());
        assertTrue(report.failed() > 0, printed());
        assertEquals(0, report.wrong(), printed());
        assertFalse(report.failures().isEmpty(), printed());
        assertTrue(report.disturbance().disturbed() && !report.disturbance().recovered(), printed());
        assertTrue(report.disturbance().windowMillis() > 0, printed());
        assertEquals(0, report.okInLastSecond(), printed());
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("did not recover"), printed());
        Stopped stopped = RecordFiles.read(stopFile(), Stopped.class);
        assertEquals(ExitCode.FAILED, stopped.exitCode());
        assertTrue(stopped.message().contains("did not recover"), stopped.message());
    }
}
