package org.rpcbench.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.rpcbench.api.Payload;
import org.rpcbench.api.WrongAnswerException;
import org.rpcbench.server.BenchmarkServer;
import org.rpcbench.stack.RunningServer;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.ServerUnreachableException;
import org.rpcbench.stack.StreamCalls;
import org.rpcbench.stack.Target;

class CeilingTest {

    private static int freePort() throws IOException {
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return free.getLocalPort();
        }
    }

    @Test
    void anAnswerMustBeTheServersBytesEveryOne() {
        byte[] expected = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        CeilingConnection.check(Call.GET_USER, Unpooled.wrappedBuffer(expected.clone()), expected, 0);
        byte[] changed = expected.clone();
        changed[8] = 0;
        assertThrows(WrongAnswerException.class,
                () -> CeilingConnection.check(Call.GET_USER, Unpooled.wrappedBuffer(changed), expected, 0));
        assertThrows(WrongAnswerException.class, () -> CeilingConnection.check(Call.GET_USER,
                Unpooled.wrappedBuffer(new byte[] {1, 2, 3}), expected, 0));
        // the CPU-bound answer's first bytes are the length the server assembled: compared from there on
        changed[0] = 42;
        changed[8] = 9;
        CeilingConnection.check(Call.ASSEMBLE_RANDOM_NUMBERS, Unpooled.wrappedBuffer(changed), expected, 4);
    }

    @Test
    void theReadyRecordStatesTheThreadModelAndTheFrameSizes() throws IOException {
        try (RunningServer server = new NettyStack().start(new ServerSettings("127.0.0.1", freePort(), null),
                BenchmarkServer.services())) {
            assertEquals("rpcb/1", server.protocol());
            assertEquals("none", server.serialization());
            assertEquals("all", server.details().get("dispatcher"));
            assertEquals("200", server.details().get("threads"));
            assertTrue(server.details().get("frameBytes").contains("existUser=235/36"),
                    server.details().get("frameBytes"));
            assertTrue(server.versions().containsKey("netty-transport"), server.versions().toString());
        }
    }

    @Test
    void aStreamTheServerRefusesFailsWithItsCauseAndTheServerCountsAStreamAsOneCall() throws IOException {
        int port = freePort();
        try (RunningServer server = new NettyStack().start(new ServerSettings("127.0.0.1", port, null),
                BenchmarkServer.services());
                CeilingConnection connection = CeilingConnection.open(new Target("127.0.0.1", port))) {
            Object payload = Payload.STRING_1K.create();
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> connection.streamCalls().serverStream(payload, 0, answer -> { }));
            assertTrue(refused.getMessage().contains("at least one message, not 0"), refused.getMessage());
            long calls = server.callsByWireFormat().get("none");
            List<Object> answers = new ArrayList<>();
            connection.streamCalls().serverStream(payload, 3, answers::add);
            assertEquals(List.of(payload, payload, payload), answers);
            assertEquals(calls + 1, server.callsByWireFormat().get("none"));
        }
    }

    @Test
    void aClientsStreamedMessagesAreOneCallAndAStreamSendsAtLeastOne() throws IOException {
        int port = freePort();
        try (RunningServer server = new NettyStack().start(new ServerSettings("127.0.0.1", port, null),
                BenchmarkServer.services());
                CeilingConnection connection = CeilingConnection.open(new Target("127.0.0.1", port, null, 2,
                        Target.DEFAULT_TIMEOUT_MILLIS))) {
            Object payload = Payload.STRING_1K.create();
            long calls = server.callsByWireFormat().getOrDefault("none", 0L);
            assertEquals(new StreamCalls.ClientStreamAnswer(payload, 5), connection.streamCalls()
                    .clientStream(payload, 5));
            List<Object> answers = new ArrayList<>();
            connection.streamCalls().bidiStream(payload, 4, answers::add);
            assertEquals(List.of(payload, payload, payload, payload), answers);
            assertEquals(calls + 2, server.callsByWireFormat().get("none"));
            IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                    () -> connection.streamCalls().bidiStream(payload, 0, answer -> { }));
            assertTrue(none.getMessage().contains("at least one message, not 0"), none.getMessage());
        }
    }

    @Test
    void theCeilingHasNoRegistry() throws IOException {
        IllegalArgumentException server = assertThrows(IllegalArgumentException.class, () -> new NettyStack()
                .start(new ServerSettings("127.0.0.1", freePort(), "zookeeper"), BenchmarkServer.services()));
        assertTrue(server.getMessage().contains("has no registry"), server.getMessage());
    }

    @Test
    void nothingListeningIsAnUnreachableServer() throws IOException {
        int port = freePort();
        ServerUnreachableException error = assertThrows(ServerUnreachableException.class,
                () -> new NettyStack().open(new Target("127.0.0.1", port)));
        assertTrue(error.getMessage().startsWith("no server answers at 127.0.0.1:" + port), error.getMessage());
    }
}
