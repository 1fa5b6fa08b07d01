package org.rpcbench.client.pair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.dubbo.common.utils.NetUtils;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.rpcbench.api.CpuBoundContract;
import org.rpcbench.api.Payload;
import org.rpcbench.api.User;
import org.rpcbench.api.UserService;
import org.rpcbench.api.UserServiceContract;
import org.rpcbench.client.ConsumerContext;
import org.rpcbench.dubbo.Endpoint;
import org.rpcbench.dubbo.ProbeReport;
import org.rpcbench.server.ProviderContext;

/**
 * A pair's real provider (its provider.xml) on a free loopback port, called through its real consumer.xml. Runs in
 * each pair's client module, which names the serializer the pair must put on the wire.
 */
class PairEndToEndTest {

    private static final String EXPECTED = System.getProperty("rpcbench.expected.serialization");

    private static Endpoint endpoint;
    private static ProviderContext provider;
    private static ConsumerContext consumer;

    @BeforeAll
    static void start() throws IOException {
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            endpoint = new Endpoint("127.0.0.1", free.getLocalPort());
        }
        provider = ProviderContext.start(endpoint);
        consumer = ConsumerContext.open(endpoint);
    }

    @AfterAll
    static void stop() {
        if (consumer != null) {
            consumer.close();
        }
        if (provider != null) {
            provider.close();
        }
    }

    private static ProbeReport onlyProvider(List<ProbeReport> reports) {
        assertEquals(1, reports.size(), "a direct consumer has one provider: " + reports);
        return reports.get(0);
    }

    @Test
    void allFourCallsAnswerWhatTheContractSays() {
        UserService users = consumer.userService();
        for (int i = 0; i < 10; i++) {
            String email = String.valueOf(i);
            UserServiceContract.checkExistUser(email, users.existUser(email));
            User newUser = UserServiceContract.user(i);
            UserServiceContract.checkCreateUser(newUser, users.createUser(newUser));
            UserServiceContract.checkGetUser(i, users.getUser(i));
            UserServiceContract.checkListUser(i, users.listUser(i));
        }
        assertFalse(users.existUser("4"));
        assertTrue(users.existUser("5"));
    }

    @Test
    void serverReadsThePairsSerializerFromEveryCall() {
        consumer.userService().getUser(1);
        ProbeReport probe = onlyProvider(consumer.verify());

        assertEquals(EXPECTED, provider.serialization());
        assertEquals(EXPECTED, probe.getSerialization());
        assertEquals(EXPECTED, probe.getWireSerialization());
        assertEquals(Set.of(EXPECTED), probe.getCallsBySerialization().keySet(),
                "calls by wire serializer: " + probe.getCallsBySerialization());
    }

    @Test
    void connectionStaysOnTheExactLoopbackAddress() throws IOException {
        ProbeReport probe = onlyProvider(consumer.verify());
        assertEquals("127.0.0.1:" + endpoint.port(), probe.getServerAddress());
        assertTrue(probe.getClientAddress().startsWith("127.0.0.1:"), probe.getClientAddress());

        // Dubbo's own transport would have bound 0.0.0.0: the machine's other address must find nothing listening.
        String machineAddress = NetUtils.getLocalHost();
        if (!machineAddress.startsWith("127.")) {
            try (Socket socket = new Socket()) {
                assertThrows(IOException.class, () -> socket.connect(
                        new InetSocketAddress(machineAddress, endpoint.port()), 2000));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Payload.class)
    void everyPayloadComesBackAsItWasSent(Payload payload) {
        Object request = payload.create();
        payload.checkEcho(request, consumer.echoService().echo(request));
    }

    @Test
    void theCpuBoundCallAnswersTheAssembledLength() {
        String request = (String) Payload.STRING_1K.create();
        CpuBoundContract.checkAssembled(request, CpuBoundContract.COUNT,
                consumer.echoService().assembleRandomNumbers(request, CpuBoundContract.COUNT));
        assertFalse(consumer.probe().getCpuBoundCallsByThread().isEmpty());
    }

    @Test
    void aPayloadOverDubbosLimitFailsWithItsErrorAndDoesNotHang() {
        String overLimit = "x".repeat(9 << 20);
        RpcException error = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> assertThrows(RpcException.class, () -> consumer.echoService().echo(overLimit)));
        assertTrue(error.getMessage().contains("max payload: 8388608"), error.getMessage());
    }

    @Test
    void aConsumerSendingAnotherSerializerIsRefused() {
        String other = "hessian2".equals(EXPECTED) ? "fastjson2" : "hessian2";
        try (ConsumerContext wrong = ConsumerContext.open(endpoint,
                "classpath:org/rpcbench/client/pair/other-serializer-consumer.xml",
                Map.of("rpcbench.test.serialization", other))) {
            RpcException refused = assertThrows(RpcException.class, () -> wrong.userService().getUser(1));
            // Dubbo itself accepts hessian2 (its default) from any consumer: only the suite's filter refuses it.
            // Other serializers Dubbo refuses while decoding, before any filter runs.
            String refusal = "hessian2".equals(other)
                    ? "does not match the provider's configured serialization '" + EXPECTED + "'"
                    : "Fail to decode request";
            assertTrue(refused.getMessage().contains(refusal), refused.getMessage());
            IllegalStateException check = assertThrows(IllegalStateException.class, wrong::verify);
            assertTrue(check.getMessage().startsWith("wire check failed"), check.getMessage());
        }
    }
}
