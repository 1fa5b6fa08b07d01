package org.rpcbench.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every record one process writes and another reads comes back equal, and unknown fields do not stop a reader. */
class RecordFilesTest {

    @TempDir
    Path directory;

    private <T> T roundTrip(T record, Class<T> type) {
        Path file = directory.resolve(type.getSimpleName() + ".json");
        RecordFiles.write(file, record);
        return RecordFiles.read(file, type);
    }

    private static WireProof proof() {
        Map<String, String> versions = new LinkedHashMap<>();
        versions.put("dubbo", "3.3.6");
        versions.put("java", "Temurin 25+36");
        Map<String, FrameBytes> frames = new LinkedHashMap<>();
        frames.put("existUser", new FrameBytes(235, 36));
        frames.put("listUser", new FrameBytes(231, 3070));
        return new WireProof("dubbo", "dubbo", "kryo", "dubbo", "kryo", "kryo", "127.0.0.1:8080",
                "127.0.0.1:51590", versions, Map.of("kryo", 1L), 11, frames, Map.of());
    }

    @Test
    void aServerReadyRecordRoundTripsAndPrintsTheLineLaunchersUsedToWaitFor() {
        Map<String, String> details = new LinkedHashMap<>();
        details.put("threads", "200");
        ServerReady ready = new ServerReady("dubbo", "127.0.0.1", 8080, "dubbo", "kryo", null,
                proof().versions(), details, "/tmp/server.log", 42, null);
        assertEquals(ready, roundTrip(ready, ServerReady.class));
        assertEquals("rpcbench server ready: host=127.0.0.1 port=8080 protocol=dubbo serialization=kryo registry=none"
                + " dubbo=3.3.6 java=Temurin 25+36 threads=200 log=/tmp/server.log", ready.consoleLine());
    }

    @Test
    void clientZooKeeperAndStopRecordsRoundTrip() {
        ClientReady client = new ClientReady(ClientReady.JMH, List.of(proof()), 1_700_000_000_000L, 7);
        assertEquals(client, roundTrip(client, ClientReady.class));
        ZooKeeperReady zookeeper = new ZooKeeperReady("zookeeper://127.0.0.1:2181", "/tmp/zk", "/tmp/zk.log", 8);
        assertEquals(zookeeper, roundTrip(zookeeper, ZooKeeperReady.class));
        assertEquals("rpcbench zookeeper ready: zookeeper://127.0.0.1:2181 data=/tmp/zk log=/tmp/zk.log",
                zookeeper.consoleLine());

        Stopped server = Stopped.server(Map.of("kryo", 1234L, "hessian2", 1L));
        assertEquals(server, roundTrip(server, Stopped.class));
        assertEquals("rpcbench server stopped; calls served by serialization: {hessian2=1, kryo=1234}",
                server.serverLine());
        assertEquals(1235L, server.totalCalls());
        Stopped failed = Stopped.failed(ExitCode.FAILED, "port 8080 on 127.0.0.1 is already in use");
        assertEquals(failed, roundTrip(failed, Stopped.class));
    }

    @Test
    void theWireProofPrintsItsEvidenceInOneLine() {
        assertEquals(proof(), roundTrip(proof(), WireProof.class));
        assertEquals("serialization=kryo, wire=kryo, server=127.0.0.1:8080, client=127.0.0.1:51590, protocol=dubbo,"
                + " registered=11 classes, ids equal on both ends, dubbo=3.3.6, java=Temurin 25+36, calls={kryo=1}",
                proof().describe());
        assertEquals("existUser=235/36, listUser=231/3070", proof().describeFrames());
    }

    @Test
    void runJsonRoundTripsWithEveryNestedRecord() {
        RunRecord.Pair pair = new RunRecord.Pair("dubbo-kryo", "dubbo", "dubbo", "kryo", RunRecord.Pair.PASSED,
                null, "dubbo-kryo.json", "2026-11-23T10:00:00Z", "2026-11-23T10:05:00Z", 300.0, "2x1",
                new RunRecord.FaultRecord("KILL", 8, 1_700_000_008_000L),
                List.of(new RunRecord.Provider(8080, "dubbo-kryo-server1.out", null, Stopped.server(Map.of("kryo",
                        5L)), 5L)),
                List.of(new RunRecord.Consumer("dubbo-kryo.json", "dubbo-kryo-client.out", 0, List.of(proof()),
                        new RunRecord.AvailabilitySummary(10, 1, 0, 8000L, 8100L, 2100, true, 3328.0, 4784.0),
                        null, null)),
                List.of(new RunRecord.Profile("server :8080", "profiles/dubbo-kryo/server1.jfr",
                        "async-profiler 4.6, perf_events", 1200, 52_428_800L, "profiles/dubbo-kryo/server1.cpu.html",
                        "profiles/dubbo-kryo/server1.alloc.html", 5L)),
                List.of("getUser (32 threads) thrpt: the client used 95% of its cores"));
        RunRecord run = new RunRecord("20261123T100000Z-quick", "quick", "user", List.of("--threads", "4"),
                List.of("benchmark.sh", "run-all"), "2026-11-23T10:00:00Z", null,
                new RunRecord.Environment("abc", false, "Debian", "17.0.15", "OpenJDK", "/usr/lib/jvm", "Linux",
                        "Xeon", 2, 24L << 30, Map.of("kryo", "5.6.2"),
                        new JvmSettings("/usr/lib/jvm/temurin-25", "25.0.1", List.of("-XX:+UseZGC", "-Xmx2g")),
                        null, Map.of("parallel", new JvmSettings(null, "17.0.15", List.of("-XX:+UseParallelGC")))),
                List.of(pair, RunRecord.Pair.notRun("dubbo-fst")));
        run.write(directory);
        assertEquals(run, RunRecord.read(directory));
    }

    @Test
    void anAvailabilityResultRoundTripsWithItsTimeline() {
        long[] ok = new long[20];
        java.util.Arrays.fill(ok, 100);
        Timeline timeline = new Timeline(Timeline.BUCKET_MILLIS, ok, new long[20], new long[20]);
        AvailabilityReport report = AvailabilityReport.of(1_700_000_000_000L, 2000, 4, timeline, List.of(), null,
                null, null, 0, null);
        AvailabilityReport read = roundTrip(report, AvailabilityReport.class);
        assertEquals(report.ok(), read.ok());
        assertEquals(report.disturbance(), read.disturbance());
        assertTrue(java.util.Arrays.equals(ok, read.timeline().ok()));
        assertTrue(read.passed());
    }

    @Test
    void aReaderIgnoresFieldsItDoesNotKnow() throws IOException {
        Path file = directory.resolve("stopped.json");
        Files.writeString(file, "{\"exitCode\": 1, \"message\": \"boom\", \"addedLater\": {\"x\": 1}}",
                StandardCharsets.UTF_8);
        assertEquals(Stopped.failed(1, "boom"), RecordFiles.read(file, Stopped.class));
    }

    @Test
    void aWriteLeavesTheWholeFileAndNoPartOfIt() throws IOException {
        Path file = directory.resolve("nested/ready.json");
        RecordFiles.write(file, Stopped.failed(2, "first"));
        RecordFiles.write(file, Stopped.failed(2, "second"));
        assertEquals("second", RecordFiles.read(file, Stopped.class).message());
        try (Stream<Path> files = Files.list(file.getParent())) {
            assertEquals(List.of(file), files.toList(), "no temporary file is left beside it");
        }
        assertFalse(RecordFiles.readIfPresent(directory.resolve("absent.json"), Stopped.class).isPresent());
        assertThrows(UncheckedIOException.class, () -> RecordFiles.read(directory.resolve("absent.json"),
                Stopped.class));
    }
}
