package org.rpcbench.client.pair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.rpcbench.api.CpuBoundContract;
import org.rpcbench.api.Payload;
import org.rpcbench.api.User;
import org.rpcbench.api.UserCalls;
import org.rpcbench.api.UserService;
import org.rpcbench.api.UserServiceContract;
import org.rpcbench.api.WrongAnswerException;
import org.rpcbench.client.BenchmarkClient;
import org.rpcbench.client.StreamBenchmark;
import org.rpcbench.client.wire.WireCheck;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.WireProof;
import org.rpcbench.server.BenchmarkServer;
import org.rpcbench.stack.RunningServer;
import org.rpcbench.stack.ServerSample;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.Stacks;
import org.rpcbench.stack.StreamCalls;
import org.rpcbench.stack.StreamDirection;
import org.rpcbench.stack.Target;
import org.rpcbench.stack.Versions;

/**
 * A pair's real server (its module's stack and configuration) on a free loopback port, called through the pair's
 * real client configuration, all through the stack seam. Runs in each pair's client module, whose pom names the
 * serialization (or content type) the pair must put on the wire.
 */
class PairEndToEndTest {

    private static final String EXPECTED = System.getProperty("rpcbench.expected.serialization");
    /** The ceiling's expected serialization: it carries bytes of the kryo pair's sizes, no beans. */
    private static final String NO_SERIALIZATION = "none";

    private static int port;
    private static RunningServer server;
    private static WireCheck client;

    @BeforeAll
    static void start() throws IOException {
        port = freePort();
        server = Stacks.server().start(new ServerSettings("127.0.0.1", port, null), BenchmarkServer.services());
        client = WireCheck.open(new Target("127.0.0.1", port));
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.connection().close();
        }
        if (server != null) {
            server.close();
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return free.getLocalPort();
        }
    }

    private static WireProof onlyProof() {
        List<WireProof> proofs = WireCheck.verify(client.connection());
        assertEquals(1, proofs.size(), "a direct client has one provider: " + proofs);
        return proofs.get(0);
    }

    @Test
    void allFourCallsAnswerWhatTheContractSays() {
        UserService users = client.connection().userService();
        UserCalls.Requests requests = new UserCalls.Requests();
        for (int i = 0; i < 10; i++) {
            for (UserCalls call : UserCalls.values()) {
                call.callAndCheck(users, requests);
            }
        }
        assertFalse(users.existUser("4"));
        assertTrue(users.existUser("5"));
    }

    @Test
    void aUserThatArrivesDifferentFailsTheCall() {
        assumeFalse(NO_SERIALIZATION.equals(EXPECTED), "the ceiling sends no user for its server to check");
        User mangled = UserServiceContract.newUser();
        mangled.setEmail("someone.else@example.com");
        Exception failed = assertThrows(Exception.class,
                () -> client.connection().userService().createUser(mangled));
        assertTrue(causes(failed).contains("createUser received email someone.else@example.com"), causes(failed));
        UserCalls.createUser(client.connection().userService(), new UserCalls.Requests());
    }

    private static String causes(Throwable failure) {
        StringBuilder messages = new StringBuilder();
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            messages.append(cause).append('\n');
        }
        return messages.toString();
    }

    @Test
    void theServerReadsThePairsSerializationFromEveryCall() {
        client.connection().userService().getUser(1);
        WireProof proof = onlyProof();
        assertEquals(EXPECTED, server.serialization());
        assertEquals(EXPECTED, proof.serialization());
        assertEquals(EXPECTED, proof.serverSerialization());
        assertEquals(EXPECTED, proof.wireSerialization());
        assertEquals(Set.of(EXPECTED), proof.callsByWireFormat().keySet(),
                "calls by wire format: " + proof.callsByWireFormat());
        assertEquals(proof.callsByWireFormat().keySet(), server.callsByWireFormat().keySet());
        assertTrue(proof.versions().containsKey("java"), "versions: " + proof.versions());
        // the server runs in this JVM here: the collector it states is this JVM's
        assertEquals(Versions.collector(), proof.versions().get("gc"), "versions: " + proof.versions());
    }

    @Test
    void theConnectionStaysOnTheExactLoopbackAddress() throws IOException {
        WireProof proof = onlyProof();
        assertEquals("127.0.0.1:" + port, proof.server());
        assertTrue(proof.client().startsWith("127.0.0.1:"), proof.client());

        // bound to loopback only: the machine's other address must find nothing listening
        Optional<InetAddress> machineAddress = machineAddress();
        if (machineAddress.isPresent()) {
            try (Socket socket = new Socket()) {
                assertThrows(IOException.class, () -> socket.connect(
                        new InetSocketAddress(machineAddress.get(), port), 2000));
            }
        }
    }

    private static Optional<InetAddress> machineAddress() throws SocketException {
        return NetworkInterface.networkInterfaces()
                .flatMap(NetworkInterface::inetAddresses)
                .filter(address -> !address.isLoopbackAddress() && address.getAddress().length == 4)
                .findFirst();
    }

    @ParameterizedTest
    @EnumSource(Payload.class)
    void everyPayloadComesBackAsItWasSent(Payload payload) {
        Object request = payload.create();
        payload.checkEcho(request, client.connection().echoService().echo(request));
    }

    /** Whether the pair's stack, as its client module configures it, streams in this direction. */
    private static boolean streams(StreamDirection direction) {
        try {
            Stacks.client().checkStreaming(direction);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    @ParameterizedTest
    @EnumSource(value = Payload.class, names = {"EMPTY", "STRING_1K", "STRING_100K", "PERSON", "BID_REQUESTS_100"})
    void aServerStreamAnswersItsPayloadAsManyTimesAsAsked(Payload payload) {
        assumeTrue(streams(StreamDirection.SERVER), "the pair's stack cannot stream from the server");
        Object request = payload.create();
        assertEquals(100, StreamBenchmark.checkedServerStream(client.connection().streamCalls(), payload, request,
                100));
        assertEquals(1, StreamBenchmark.checkedServerStream(client.connection().streamCalls(), payload, request, 1));
    }

    @ParameterizedTest
    @EnumSource(value = Payload.class, names = {"EMPTY", "STRING_1K", "STRING_100K", "PERSON", "BID_REQUESTS_100"})
    void aClientStreamReachesTheServerWholeAndIsAnsweredOnce(Payload payload) {
        assumeTrue(streams(StreamDirection.CLIENT), "the pair's stack cannot stream from the client");
        Object request = payload.create();
        assertEquals(100, StreamBenchmark.checkedClientStream(client.connection().streamCalls(), payload, request,
                100));
        assertEquals(1, StreamBenchmark.checkedClientStream(client.connection().streamCalls(), payload, request, 1));
    }

    @ParameterizedTest
    @EnumSource(value = Payload.class, names = {"EMPTY", "STRING_1K", "STRING_100K", "PERSON", "BID_REQUESTS_100"})
    void aBidirectionalStreamAnswersEachMessage(Payload payload) {
        assumeTrue(streams(StreamDirection.BIDI), "the pair's stack cannot stream both ways");
        Object request = payload.create();
        assertEquals(100, StreamBenchmark.checkedBidiStream(client.connection().streamCalls(), payload, request,
                100));
        assertEquals(1, StreamBenchmark.checkedBidiStream(client.connection().streamCalls(), payload, request, 1));
    }

    /** A stream of 50 messages whose answers go to {@code answers}, in a direction that answers each. */
    private interface AnsweredStream {
        void run(StreamCalls streams, Object request, Consumer<Object> answers);
    }

    static Stream<Arguments> answeredStreams() {
        return Stream.of(
                Arguments.of(StreamDirection.SERVER, (AnsweredStream) (streams, request, answers) -> streams
                        .serverStream(request, 50, answers)),
                Arguments.of(StreamDirection.BIDI, (AnsweredStream) (streams, request, answers) -> streams
                        .bidiStream(request, 50, answers)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("answeredStreams")
    void aStreamWhoseAnswerFailsItsCheckFailsAndTheConnectionGoesOn(StreamDirection direction,
            AnsweredStream stream) {
        assumeTrue(streams(direction), "the pair's stack cannot stream this way");
        Object request = Payload.STRING_1K.create();
        int[] received = new int[1];
        Exception failed = assertThrows(Exception.class, () -> stream.run(client.connection().streamCalls(),
                request, answer -> {
                    if (++received[0] == 3) {
                        throw new WrongAnswerException("the third answer, failed on purpose");
                    }
                }));
        assertTrue(causes(failed).contains("the third answer, failed on purpose"), causes(failed));
        assertEquals(3, received[0], "answers after the failed one");
        List<Object> answers = new ArrayList<>();
        stream.run(client.connection().streamCalls(), request, answers::add);
        assertEquals(50, answers.size());
    }

    @ParameterizedTest
    @EnumSource(StreamDirection.class)
    void aStackThatCannotStreamThisWayRefusesBeforeConnecting(StreamDirection direction) throws IOException {
        assumeFalse(streams(direction), "the pair's stack streams this way");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] args = {"--port", "1", "--scenario", "stream", "--stream-direction", direction.key()};
        int status = BenchmarkClient.run(args, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(ExitCode.USAGE, status);
        String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.startsWith("error: the " + Stacks.client().name() + " stack cannot stream")
                && message.lines().count() == 1, message);
    }

    @Test
    void theCpuBoundCallAnswersTheAssembledLengthAndTheServerCountsItsThreads() {
        String request = (String) Payload.STRING_1K.create();
        CpuBoundContract.checkAssembled(request, CpuBoundContract.COUNT,
                client.connection().echoService().assembleRandomNumbers(request, CpuBoundContract.COUNT));
        ServerSample sample = client.connection().sampleServers().get("127.0.0.1:" + port);
        assertFalse(sample.cpuBoundCallsByThread().isEmpty(), "sample: " + sample);
        assertTrue(sample.processCpuNanos() > 0);
    }

    @Test
    void theServerAccountsForTheCpuAndBytesItSpentOnCalls() {
        String server = "127.0.0.1:" + port;
        ServerSample before = client.connection().sampleServers().get(server);
        for (int i = 0; i < 200; i++) {
            UserServiceContract.checkGetUser(i, client.connection().userService().getUser(i));
        }
        ServerSample after = client.connection().sampleServers().get(server);
        assertTrue(after.allocatedBytes() - before.allocatedBytes() > 200 * 100L, before + " then " + after);
        assertTrue(after.processCpuNanos() > before.processCpuNanos(), before + " then " + after);
        assertTrue(after.serverNanoTime() > before.serverNanoTime(), before + " then " + after);
    }
}
