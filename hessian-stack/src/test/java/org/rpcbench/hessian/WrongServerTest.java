package org.rpcbench.hessian;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.rpcbench.stack.ServerUnreachableException;
import org.rpcbench.stack.Target;
import org.rpcbench.stack.WireCheckException;

/** A Hessian client pointed at anything but a Hessian pair's server fails at once, saying why in one line. */
class WrongServerTest {

    private static final int TIMEOUT_MILLIS = 1000;

    @Test
    void nothingListeningIsAnUnreachableServer() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        Target nowhere = new Target("127.0.0.1", port, null, 0, TIMEOUT_MILLIS);
        assertThrows(ServerUnreachableException.class, () -> HessianConnection.open(nowhere));
    }

    @Test
    void anHttpServerWithoutHessiansServicesFailsTheWireCheck() throws IOException {
        HttpServer other = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        other.createContext("/", exchange -> {
            byte[] body = "{\"error\": \"no such path\"}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(404, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        other.start();
        try {
            Target rest = new Target("127.0.0.1", other.getAddress().getPort(), null, 0, TIMEOUT_MILLIS);
            String message = assertThrows(WireCheckException.class, () -> HessianConnection.open(rest)).getMessage();
            assertTrue(message.contains("did not answer Hessian's probe (HTTP 404 (application/json)"), message);
            assertFalse(message.contains("\n"), message);
        } finally {
            other.stop(0);
        }
    }

    /** A server of another protocol, which answers an HTTP request with a frame of its own (Dubbo's magic). */
    @Test
    void aServerOfAnotherProtocolFailsTheWireCheck() throws IOException {
        try (ServerSocket dubbo = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread answer = new Thread(() -> {
                try (Socket socket = dubbo.accept()) {
                    socket.getInputStream().read(new byte[512]);
                    socket.getOutputStream().write(new byte[] {(byte) 0xda, (byte) 0xbb, 0x22, 0x14, 0, 0, 0, 0});
                    socket.getOutputStream().flush();
                    socket.getInputStream().read();
                } catch (IOException e) {
                    // the client gave up: what the test wants
                }
            }, "wrong-server");
            answer.setDaemon(true);
            answer.start();
            Target other = new Target("127.0.0.1", dubbo.getLocalPort(), null, 0, TIMEOUT_MILLIS);
            String message = assertTimeoutPreemptively(Duration.ofSeconds(10),
                    () -> assertThrows(WireCheckException.class, () -> HessianConnection.open(other))).getMessage();
            assertTrue(message.contains("did not answer Hessian's probe"), message);
            assertFalse(message.contains("\n"), message);
        }
    }
}
