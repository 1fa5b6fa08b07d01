package org.rpcbench.dubbo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Pattern;

import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.rpcbench.client.wire.WireCheck;
import org.rpcbench.contract.RegistryAddress;
import org.rpcbench.server.BenchmarkServer;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.Target;

/**
 * What only a Dubbo pair does, against the pair's real provider.xml and consumer.xml: its payload limit, and a
 * consumer of another serializer refused. Runs in each Dubbo pair's client module, dubbo protocol, triple or rmi.
 */
class DubboPairTest {

    private static final String EXPECTED = System.getProperty("rpcbench.expected.serialization");
    private static final String PROTOBUF = "protobuf";
    private static final boolean TRIPLE = DubboConnection.TRIPLE.equals(SpringContexts.configuredProtocol());
    private static final boolean RMI = DubboStack.isRmi();
    private static final Pattern UNAVAILABLE = Pattern.compile("is unavailable|No provider available");

    private static Target target;
    private static DubboServer server;
    private static DubboConnection client;

    @BeforeAll
    static void start() throws IOException {
        target = new Target("127.0.0.1", FreePorts.loopback());
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

    /** Each test starts connected: triple's server drops a connection over an error another test caused. */
    @BeforeEach
    void connected() throws InterruptedException {
        afterReconnecting(() -> client.echoService().echo("connected"));
    }

    @Test
    void theReadyRecordStatesDubbosThreadModel() {
        if (RMI) {
            // RMI serves on threads of its own, its registry and its objects each on a port at the exact host
            assertEquals("rmi-per-connection", server.details().get("threads"), server.details().toString());
            assertTrue(server.details().get("rmi-ports").contains(String.valueOf(target.port())),
                    server.details().toString());
        } else {
            assertTrue(server.details().keySet().containsAll(
                    List.of("threadpool", "threads", "dispatcher", "simple-profiler")),
                    server.details().toString());
        }
        // the wire filter proves the serializer, so it is in every provider's chain, whatever else a pair turns off
        assertTrue(List.of(server.details().get("filters").split(",")).contains("wireSerialization"),
                server.details().toString());
        assertTrue(server.versions().containsKey("dubbo"), server.versions().toString());
    }

    /** Java RMI has no payload limit: a message over Dubbo's 8 MiB comes back whole. */
    @Test
    void rmiCarriesAPayloadOverDubbosLimit() {
        assumeTrue(RMI, "the dubbo and triple protocols refuse it");
        String overLimit = "x".repeat(9 << 20);
        assertEquals(overLimit, client.echoService().echo(overLimit));
    }

    @Test
    void rmiRefusesARegistryAndConnections() throws IOException {
        assumeTrue(RMI, "the other protocols take both");
        IllegalArgumentException server = assertThrows(IllegalArgumentException.class, () -> DubboServer.start(
                new ServerSettings("127.0.0.1", FreePorts.loopback(), RegistryAddress.EMBEDDED),
                BenchmarkServer.services()));
        assertTrue(server.getMessage().contains("no registry"), server.getMessage());
        DubboStack stack = new DubboStack();
        IllegalArgumentException registry = assertThrows(IllegalArgumentException.class, () -> stack.check(
                new Target("127.0.0.1", 1, RegistryAddress.parse("zookeeper://127.0.0.1:2181"), 0, 5000)));
        assertTrue(registry.getMessage().contains("no registry"), registry.getMessage());
        IllegalArgumentException connections = assertThrows(IllegalArgumentException.class,
                () -> stack.check(new Target("127.0.0.1", 1, null, 2, 5000)));
        assertTrue(connections.getMessage().contains("--connections"), connections.getMessage());
    }

    /** Both protocols refuse a message over 8 MiB: dubbo's payload limit, triple's maximum body size. */
    @Test
    void aPayloadOverDubbosLimitFailsWithItsErrorAndDoesNotHang() throws InterruptedException {
        assumeFalse(RMI, "Java RMI has no payload limit");
        String overLimit = "x".repeat(9 << 20);
        RpcException error = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> assertThrows(RpcException.class, () -> client.echoService().echo(overLimit)));
        String refusal = TRIPLE ? "Response Entity Too Large" : "max payload: 8388608";
        assertTrue(error.getMessage().contains(refusal), error.getMessage());
        String underLimit = "x".repeat(7 << 20);
        assertEquals(underLimit, afterReconnecting(() -> client.echoService().echo(underLimit)));
    }

    /**
     * The call, once it gets through: triple's server closes the connection an over-limit or undecodable message
     * came on, and the consumer's calls fail until Dubbo has connected again (up to 30 s here): as "unavailable"
     * from the connection, or "No provider available" once Dubbo's directory has set the provider aside. The dubbo
     * protocol keeps its connection, so there the first try answers.
     */
    private static Object afterReconnecting(Supplier<Object> call) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            try {
                return call.get();
            } catch (RpcException e) {
                if (System.nanoTime() > deadline || !UNAVAILABLE.matcher(e.getMessage()).find()) {
                    throw e;
                }
                Thread.sleep(50);
            }
        }
    }

    @Test
    void aConsumerSendingAnotherSerializerIsRefused() {
        String other = "hessian2".equals(EXPECTED) ? "fastjson2" : "hessian2";
        try (DubboConnection wrong = DubboConnection.open(target,
                "classpath:org/rpcbench/dubbo/other-serializer-consumer.xml",
                Map.of("rpcbench.test.serialization", other))) {
            // the wire check first: triple's server drops the connection a request it cannot decode came on
            IllegalStateException check = assertThrows(IllegalStateException.class, () -> WireCheck.verify(wrong));
            assertTrue(check.getMessage().startsWith("wire check failed: the client is configured for " + other
                    + " but the server at 127.0.0.1:" + target.port() + " for " + EXPECTED), check.getMessage());
            // RMI marshals with the JDK's serialization whatever the consumer names: only the check can refuse
            assumeFalse(RMI, "the wire of an rmi call is the JDK's serialization, whatever the consumer names");
            RpcException refused = assertThrows(RpcException.class, () -> wrong.userService().getUser(1));
            // Dubbo itself accepts hessian2 (its default) from any consumer: only the suite's filter refuses it.
            // Other serializers Dubbo refuses while decoding, before any filter runs (triple answers with
            // HTTP's 500 and logs the reason on the provider). A provider of protobuf messages serves none of
            // the bean interfaces: triple answers gRPC's UNIMPLEMENTED.
            String refusal = PROTOBUF.equals(EXPECTED) ? "UNIMPLEMENTED"
                    : "hessian2".equals(other)
                    ? "does not match the provider's configured serialization '" + EXPECTED + "'"
                    : TRIPLE ? "Internal Server Error" : "Fail to decode request";
            assertTrue(refused.getMessage().contains(refusal), refused.getMessage());
        }
    }
}
