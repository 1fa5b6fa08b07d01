package org.rpcbench.client.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rpcbench.api.User;
import org.rpcbench.client.options.values.OpenLoopCall;
import org.rpcbench.client.server.ServerWatch;
import org.rpcbench.server.EchoServiceServerImpl;
import org.rpcbench.server.UserServiceServerImpl;
import org.rpcbench.stack.Target;

/** The soak's load over the server's own services in-process, with calls that fail as a dead server's do. */
@Timeout(60)
class SoakLoopTest {

    private static final int THREADS = 8;

    private static final UserServiceServerImpl REFUSING = new UserServiceServerImpl() {
        @Override
        public User getUser(long id) {
            throw new IllegalStateException("connection refused");
        }
    };

    private static SoakLoop load(int port) {
        return new SoakLoop(List.of(OpenLoopCall.of("getUser")), null, THREADS, REFUSING,
                new EchoServiceServerImpl(), new ServerWatch(new Target("127.0.0.1", port)));
    }

    @Test
    void failingCallsArePacedNotRepeatedAsFastAsTheyFail() throws Exception {
        try (ServerSocket listening = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            SoakLoop load = load(listening.getLocalPort());
            assertTrue(load.run(Duration.ofSeconds(2), 1000));

            // each thread's pauses double from 10 ms to a second: 8 failures or so in 2 s, not thousands
            assertTrue(load.errors() <= THREADS * 10, load.errors() + " failed calls");
            assertNull(load.serverGone(), "the server still accepts connections");
        }
    }

    @Test
    void aServerThatIsGoneEndsTheLoadAndIsNamed() throws Exception {
        int nothingListens;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            nothingListens = free.getLocalPort();
        }
        SoakLoop load = load(nothingListens);
        long start = System.nanoTime();
        assertTrue(load.run(Duration.ofSeconds(30), 1000));

        assertTrue(System.nanoTime() - start < Duration.ofSeconds(10).toNanos(), "the load went on calling");
        assertTrue(load.serverGone().startsWith("the server at 127.0.0.1:" + nothingListens + " is gone"),
                load.serverGone());
        assertEquals(0, load.answered());
    }
}
