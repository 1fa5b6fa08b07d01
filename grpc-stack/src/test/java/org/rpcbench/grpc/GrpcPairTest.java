package org.rpcbench.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rpcbench.contract.WireProof;
import org.rpcbench.server.BenchmarkServer;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.Target;

/** What only the gRPC stack does, against a real server on a free loopback port: its limit and its channels. */
class GrpcPairTest {

    private static Target target;
    private static GrpcServer server;

    @BeforeAll
    static void start() throws IOException {
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            target = new Target("127.0.0.1", free.getLocalPort());
        }
        server = GrpcServer.start(new ServerSettings("127.0.0.1", target.port(), null), BenchmarkServer.services());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aMessageOverDubbosLimitFailsAtOnceAndOneUnderItPasses() {
        try (GrpcConnection client = GrpcConnection.open(target)) {
            String underLimit = "x".repeat(7 << 20);
            assertEquals(underLimit, client.echoService().echo(underLimit));
            String overLimit = "x".repeat(9 << 20);
            StatusRuntimeException error = assertTimeoutPreemptively(Duration.ofSeconds(30),
                    () -> assertThrows(StatusRuntimeException.class, () -> client.echoService().echo(overLimit)));
            assertEquals(Status.Code.RESOURCE_EXHAUSTED, error.getStatus().getCode(), error.toString());
        }
    }

    @Test
    void everyChannelIsProvenAndTheCallsSpreadOverThem() {
        Target three = new Target(target.host(), target.port(), null, 3, target.timeoutMillis());
        try (GrpcConnection client = GrpcConnection.open(three)) {
            List<WireProof> proofs = client.proveWire();
            assertEquals(3, proofs.size(), proofs.toString());
            Set<String> clientEnds = proofs.stream().map(WireProof::client).collect(Collectors.toSet());
            assertEquals(3, clientEnds.size(), "three connections, three client ports: " + clientEnds);
            for (WireProof proof : proofs) {
                assertEquals("application/grpc", proof.wire().get("content-type"));
                assertEquals("rpcbench.ProbeService/Probe", proof.wire().get("method"));
                assertEquals("127.0.0.1:" + target.port(), proof.server());
            }
        }
    }

    @Test
    void theReadyRecordStatesTheThreadModelAndVersions() {
        assertEquals("200", server.details().get("threads"));
        assertTrue(server.details().containsKey("iothreads"), server.details().toString());
        assertTrue(server.versions().keySet().containsAll(List.of("grpc-java", "protobuf-java", "java")),
                server.versions().toString());
    }

    @Test
    void aServerAskedToRegisterIsRefusedSayingWhy() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new GrpcStack().start(new ServerSettings("127.0.0.1", 0, "zookeeper"),
                        BenchmarkServer.services()));
        assertTrue(refused.getMessage().contains("the grpc stack has no registry"), refused.getMessage());
    }
}
