package org.rpcbench.dubbo;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;

import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rpcbench.client.WireCheck;
import org.rpcbench.server.BenchmarkServer;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.Target;

/**
 * What only a Dubbo pair does, against the pair's real provider.xml and consumer.xml: its payload limit, and a
 * consumer of another serializer refused. Runs in each Dubbo pair's client module.
 */
class DubboPairTest {

    private static final String EXPECTED = System.getProperty("rpcbench.expected.serialization");

    private static Target target;
    private static DubboServer server;
    private static DubboConnection client;

    @BeforeAll
    static void start() throws IOException {
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            target = new Target("127.0.0.1", free.getLocalPort());
        }
        server = DubboServer.start(new ServerSettings("127.0.0.1", target.port(), null), BenchmarkServer.services());
        client = DubboConnection.open(target);
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theReadyRecordStatesDubbosThreadModel() {
        assertTrue(server.details().keySet().containsAll(
                java.util.List.of("threadpool", "threads", "dispatcher", "simple-profiler")),
                server.details().toString());
        assertTrue(server.versions().containsKey("dubbo"), server.versions().toString());
    }

    @Test
    void aPayloadOverDubbosLimitFailsWithItsErrorAndDoesNotHang() {
        String overLimit = "x".repeat(9 << 20);
        RpcException error = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> assertThrows(RpcException.class, () -> client.echoService().echo(overLimit)));
        assertTrue(error.getMessage().contains("max payload: 8388608"), error.getMessage());
    }

    @Test
    void aConsumerSendingAnotherSerializerIsRefused() {
        String other = "hessian2".equals(EXPECTED) ? "fastjson2" : "hessian2";
        try (DubboConnection wrong = DubboConnection.open(target,
                "classpath:org/rpcbench/dubbo/other-serializer-consumer.xml",
                Map.of("rpcbench.test.serialization", other))) {
            RpcException refused = assertThrows(RpcException.class, () -> wrong.userService().getUser(1));
            // Dubbo itself accepts hessian2 (its default) from any consumer: only the suite's filter refuses it.
            // Other serializers Dubbo refuses while decoding, before any filter runs.
            String refusal = "hessian2".equals(other)
                    ? "does not match the provider's configured serialization '" + EXPECTED + "'"
                    : "Fail to decode request";
            assertTrue(refused.getMessage().contains(refusal), refused.getMessage());
            IllegalStateException check = assertThrows(IllegalStateException.class, () -> WireCheck.verify(wrong));
            assertTrue(check.getMessage().startsWith("wire check failed: the client is configured for " + other
                    + " but the server at 127.0.0.1:" + target.port() + " for " + EXPECTED), check.getMessage());
        }
    }
}
