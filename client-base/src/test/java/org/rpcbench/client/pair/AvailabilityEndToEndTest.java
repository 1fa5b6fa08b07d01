package org.rpcbench.client.pair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.client.AvailabilityReport;
import org.rpcbench.client.BenchmarkClient;
import org.rpcbench.dubbo.Endpoint;
import org.rpcbench.server.ProviderContext;

/** The client's availability mode against a pair's real provider on a free loopback port, as a user runs it. */
@Timeout(60)
class AvailabilityEndToEndTest {

    private Endpoint endpoint;
    private ProviderContext provider;
    private final ScheduledExecutorService stopper = Executors.newSingleThreadScheduledExecutor();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void start() throws IOException {
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            endpoint = new Endpoint("127.0.0.1", free.getLocalPort());
        }
        provider = ProviderContext.start(endpoint);
    }

    @AfterEach
    void stop() throws InterruptedException {
        stopper.shutdown();
        assertTrue(stopper.awaitTermination(30, TimeUnit.SECONDS));
        provider.close();
    }

    private int runClient(Path result, int seconds) throws IOException {
        return BenchmarkClient.run(new String[] {"--port", String.valueOf(endpoint.port()),
                "--availability", String.valueOf(seconds), "--threads", "4", "-f", result.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String printed() {
        return out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void withNoFaultEveryCallIsOkAndNothingIsDisturbed(@TempDir Path directory) throws IOException {
        Path result = directory.resolve("availability.json");
        assertEquals(BenchmarkClient.EXIT_OK, runClient(result, 3), printed());

        AvailabilityReport report = AvailabilityReport.read(result);
        assertTrue(report.ok() > 0, printed());
        assertEquals(0, report.failed(), printed());
        assertEquals(0, report.wrong(), printed());
        assertEquals(0, report.disturbance().windowMillis(), printed());
        assertTrue(report.okInLastSecond() > 0, printed());
        assertTrue(printed().contains("disturbance: 0 ms"), printed());
    }

    @Test
    void aServerClosedMidRunIsCountedAndTheRunFailsForNotRecovering(@TempDir Path directory) throws IOException {
        // closed once the load runs; the provider serves on through Dubbo's graceful shutdown wait (2 s here), then
        // fails every call for the rest of the 5 s run
        stopper.execute(() -> {
            long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!out.toString(StandardCharsets.UTF_8).contains("== availability load")
                    && System.nanoTime() - giveUp < 0) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
            }
            provider.close();
        });
        Path result = directory.resolve("availability.json");
        assertEquals(BenchmarkClient.EXIT_FAILED, runClient(result, 5), printed());

        AvailabilityReport report = AvailabilityReport.read(result);
        assertTrue(report.ok() > 0, printed());
        assertTrue(report.failed() > 0, printed());
        assertEquals(0, report.wrong(), printed());
        assertFalse(report.failures().isEmpty(), printed());
        assertTrue(report.disturbance().disturbed() && !report.disturbance().recovered(), printed());
        assertTrue(report.disturbance().windowMillis() > 0, printed());
        assertEquals(0, report.okInLastSecond(), printed());
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("did not recover"), printed());
    }
}
