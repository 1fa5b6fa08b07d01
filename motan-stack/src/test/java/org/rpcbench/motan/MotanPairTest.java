package org.rpcbench.motan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rpcbench.api.UserCalls;
import org.rpcbench.contract.WireProof;
import org.rpcbench.server.BenchmarkServer;
import org.rpcbench.stack.BindFailedException;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.ServerUnreachableException;
import org.rpcbench.stack.Target;

/** What only the motan stack does, against a real server on a free loopback port: its frames, pool and limit. */
class MotanPairTest {

    private static Target target;
    private static MotanServer server;

    @BeforeAll
    static void start() throws IOException {
        target = new Target("127.0.0.1", freePort());
        server = MotanServer.start(new ServerSettings("127.0.0.1", target.port(), null), BenchmarkServer.services());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return free.getLocalPort();
        }
    }

    @Test
    void everyPooledConnectionIsProvenWithMotansMagicAndTheSerializerThatDecodedTheProbe() {
        Target three = new Target(target.host(), target.port(), null, 3, target.timeoutMillis());
        try (MotanConnection client = MotanConnection.open(three)) {
            List<WireProof> proofs = client.proveWire();
            Set<String> clientEnds = proofs.stream().map(WireProof::client).collect(Collectors.toSet());
            assertEquals(3, clientEnds.size(), "three connections, three client ports: " + proofs);
            for (WireProof proof : proofs) {
                assertEquals("0xf1f1", proof.wire().get("magic"), proof.describe());
                assertEquals("v1", proof.wire().get("motan-protocol"), proof.describe());
                assertEquals("hessian2", proof.wireSerialization());
                assertEquals("127.0.0.1:" + target.port(), proof.server());
            }
        }
    }

    @Test
    void theBenchmarksCallsAreCountedByTheSerializerThatDecodedThem() {
        try (MotanConnection client = MotanConnection.open(target)) {
            long before = server.callsByWireFormat().getOrDefault("hessian2", 0L);
            UserCalls.Requests requests = new UserCalls.Requests();
            for (UserCalls call : UserCalls.values()) {
                call.callAndCheck(client.userService(), requests);
            }
            assertEquals(before + UserCalls.values().length, server.callsByWireFormat().get("hessian2"));
        }
    }

    @Test
    void aMessageOverDubbosLimitFailsAtOnceAndOneUnderItPasses() {
        try (MotanConnection client = MotanConnection.open(target)) {
            String underLimit = "x".repeat(7 << 20);
            assertEquals(underLimit, client.echoService().echo(underLimit));
            String overLimit = "x".repeat(9 << 20);
            assertTimeoutPreemptively(Duration.ofSeconds(30),
                    () -> assertThrows(RuntimeException.class, () -> client.echoService().echo(overLimit)));
        }
    }

    @Test
    void theFramesAreMotansCodecsForTheSampleCalls() {
        Map<String, ?> frames = MotanConnection.frameBytes("hessian2");
        assertEquals(UserCalls.values().length, frames.size(), frames.toString());
    }

    @Test
    void theReadyRecordStatesTheThreadModelAndVersions() {
        assertEquals("200", server.details().get("threads"));
        assertTrue(server.details().containsKey("iothreads"), server.details().toString());
        assertTrue(server.versions().keySet().containsAll(List.of("motan-core", "motan-transport-netty4", "java")),
                server.versions().toString());
    }

    @Test
    void nothingListeningIsUnreachable() throws IOException {
        Target nowhere = new Target("127.0.0.1", freePort(), null, 0, 2000);
        assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> assertThrows(ServerUnreachableException.class, () -> MotanConnection.open(nowhere)));
    }

    @Test
    void aTakenPortFailsToBindSayingSo() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertThrows(BindFailedException.class, () -> MotanServer.start(
                    new ServerSettings("127.0.0.1", taken.getLocalPort(), null), BenchmarkServer.services()));
        }
    }

    @Test
    void aServerAskedToRegisterIsRefusedSayingWhy() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new MotanStack().start(new ServerSettings("127.0.0.1", 0, "zookeeper"),
                        BenchmarkServer.services()));
        assertTrue(refused.getMessage().contains("the motan stack has no registry"), refused.getMessage());
    }
}
