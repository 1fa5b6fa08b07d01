package org.rpcbench.contract;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The registry check names what it found at the address, within seconds, whatever answers there. */
@Timeout(30)
class RegistryAddressTest {

    /** Runs a check against a server that treats each connection as {@code behaviour} says. */
    private static RuntimeException checkAgainst(Consumer<Socket> behaviour) throws IOException {
        try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                try (Socket socket = server.accept()) {
                    behaviour.accept(socket);
                } catch (IOException e) {
                    // the check closed first
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            RegistryAddress address = new RegistryAddress("127.0.0.1", server.getLocalPort());
            return assertThrows(RuntimeException.class, address::checkReachable);
        }
    }

    @Test
    void nothingListeningIsUnreachable() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        RegistryAddress address = new RegistryAddress("127.0.0.1", port);
        RuntimeException error = assertThrows(RegistryAddress.RegistryUnreachableException.class,
                address::checkReachable);
        assertTrue(error.getMessage().startsWith("ZooKeeper at " + address + " is unreachable"), error.getMessage());
    }

    @Test
    void aServerThatSaysNothingIsNotZooKeeperWithinTheTimeout() throws IOException {
        long start = System.nanoTime();
        RuntimeException error = checkAgainst(socket -> sleep(8));
        assertTrue(error instanceof RegistryAddress.NotZooKeeperException, error.toString());
        assertTrue(error.getMessage().contains("does not answer as ZooKeeper (no answer within 5 s)"),
                error.getMessage());
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(8), "bounded by the check's timeout");
    }

    @Test
    void aServerThatAnswersSomethingElseIsNotZooKeeper() throws IOException {
        RuntimeException error = checkAgainst(socket -> {
            try {
                OutputStream out = socket.getOutputStream();
                out.write("HTTP/1.1 400 Bad Request\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                sleep(2);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(error instanceof RegistryAddress.NotZooKeeperException, error.toString());
        assertTrue(error.getMessage().contains("its answer's length field reads"), error.getMessage());
    }

    @Test
    void aServerThatHangsUpIsNotZooKeeper() throws IOException {
        RuntimeException error = checkAgainst(socket -> { });
        assertTrue(error instanceof RegistryAddress.NotZooKeeperException, error.toString());
        assertTrue(error.getMessage().contains("closed the connection"), error.getMessage());
    }

    private static void sleep(int seconds) {
        try {
            TimeUnit.SECONDS.sleep(seconds);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
