package org.rpcbench.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rpcbench.api.UserServiceContract;
import org.rpcbench.contract.WireProof;
import org.rpcbench.server.BenchmarkServer;
import org.rpcbench.stack.RunningServer;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.ServerUnreachableException;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.Target;
import org.rpcbench.stack.WireCheckException;

/** The SOAP client against its own server, against nothing, and against a server that is not SOAP's. */
@Timeout(60)
class SoapClientTest {

    private final SoapStack stack = new SoapStack();

    @Test
    void callsFromSeveralThreadsKeepTheirConnectionsAlive() throws Exception {
        int port = freePort();
        try (RunningServer server = stack.start(new ServerSettings("127.0.0.1", port, null),
                BenchmarkServer.services()); StackConnection connection = stack.open(new Target("127.0.0.1", port))) {
            int threads = 4;
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                List<Future<?>> calls = new ArrayList<>();
                for (int thread = 0; thread < threads; thread++) {
                    calls.add(pool.submit(() -> {
                        for (int i = 0; i < 50; i++) {
                            UserServiceContract.checkGetUser(i, connection.userService().getUser(i));
                        }
                    }));
                }
                for (Future<?> call : calls) {
                    call.get();
                }
            } finally {
                pool.shutdownNow();
            }
            WireProof proof = connection.proveWire().get(0);
            // 200 calls: one connection per thread, plus the probe's and the byte-counting relay's at most
            long accepted = Long.parseLong(proof.wire().get("connections-accepted"));
            assertTrue(accepted <= threads + 2, proof.describe());
            assertEquals(SoapWire.ENVELOPE_NAMESPACE, proof.wire().get(SoapWire.ENVELOPE), proof.describe());
            assertTrue(proof.wire().get("content-type").startsWith(SoapWire.CONTENT_TYPE), proof.describe());
            assertEquals(200L, server.callsByWireFormat().get(SoapWire.SERIALIZATION) - 4, "four counted calls");
        }
    }

    @Test
    void theServerPublishesTheWsdlItGeneratedFromTheInterface() throws IOException {
        int port = freePort();
        try (RunningServer server = stack.start(new ServerSettings("127.0.0.1", port, null),
                BenchmarkServer.services())) {
            HttpURLConnection get = (HttpURLConnection) URI.create("http://127.0.0.1:" + port + "/UserService?wsdl")
                    .toURL().openConnection();
            String wsdl;
            try (InputStream in = get.getInputStream()) {
                wsdl = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } finally {
                get.disconnect();
            }
            for (String operation : List.of("existUser", "createUser", "getUser", "listUser")) {
                assertTrue(wsdl.contains("<wsdl:operation name=\"" + operation + "\">"), wsdl);
            }
            assertTrue(wsdl.contains("http://schemas.xmlsoap.org/wsdl/soap/"), "a SOAP 1.1 binding: " + wsdl);
        }
    }

    @Test
    void nothingListeningSaysNoServerAnswers() throws IOException {
        int port = freePort();
        ServerUnreachableException failed = assertThrows(ServerUnreachableException.class,
                () -> stack.open(new Target("127.0.0.1", port)));
        assertTrue(failed.getMessage().startsWith("no server answers at 127.0.0.1:" + port), failed.getMessage());
    }

    @Test
    void aServerThatIsNotSoapsFailsTheWireCheckInOneLine() throws Exception {
        try (ServerSocket other = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread answering = new Thread(() -> answerNotSoap(other));
            answering.setDaemon(true);
            answering.start();
            WireCheckException failed = assertThrows(WireCheckException.class,
                    () -> stack.open(new Target("127.0.0.1", other.getLocalPort())));
            assertTrue(failed.getMessage().contains("did not answer the SOAP probe"), failed.getMessage());
            assertTrue(failed.getMessage().endsWith("is it a soap pair's server?"), failed.getMessage());
            assertEquals(1, failed.getMessage().lines().count(), failed.getMessage());
        }
    }

    /** What another pair's HTTP server might answer: a 404 in plain text, to every connection. */
    private static void answerNotSoap(ServerSocket other) {
        while (!other.isClosed()) {
            try (Socket socket = other.accept(); OutputStream out = socket.getOutputStream()) {
                socket.getInputStream().read(new byte[8192]);
                out.write(("HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nContent-Length: 9\r\n"
                        + "Connection: close\r\n\r\nnot found").getBytes(StandardCharsets.US_ASCII));
            } catch (IOException e) {
                return;
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return free.getLocalPort();
        }
    }
}
