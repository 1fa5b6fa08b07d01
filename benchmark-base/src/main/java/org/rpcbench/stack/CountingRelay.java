package org.rpcbench.stack;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback relay to the server that counts the bytes each way: what an HTTP/1.1 call really puts on the wire,
 * headers included, which HTTP clients do not tell (the REST and SOAP stacks count their calls' bytes through it).
 * It carries one connection, and counts a byte before it passes it on, so a call's bytes are all counted once its
 * answer has arrived.
 */
public final class CountingRelay implements AutoCloseable {

    private final ServerSocket listener;
    private final InetSocketAddress server;
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong received = new AtomicLong();
    private volatile Socket toClient;
    private volatile Socket toServer;

    private CountingRelay(ServerSocket listener, InetSocketAddress server) {
        this.listener = listener;
        this.server = server;
    }

    public static CountingRelay start(InetSocketAddress server) {
        try {
            CountingRelay relay = new CountingRelay(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()), server);
            Thread accept = new Thread(relay::relay, "rpcbench-counting-relay");
            accept.setDaemon(true);
            accept.start();
            return relay;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a loopback port to count bytes on", e);
        }
    }

    /** host:port to send to instead of the server. */
    public String address() {
        return listener.getInetAddress().getHostAddress() + ":" + listener.getLocalPort();
    }

    /** Bytes the client has sent so far. */
    public long sent() {
        return sent.get();
    }

    /** Bytes the server has answered so far. */
    public long received() {
        return received.get();
    }

    private void relay() {
        try {
            toClient = listener.accept();
            toServer = new Socket(server.getAddress(), server.getPort());
            Thread answers = new Thread(() -> pump(toServer, toClient, received), "rpcbench-counting-relay-answers");
            answers.setDaemon(true);
            answers.start();
            pump(toClient, toServer, sent);
        } catch (IOException e) {
            close();
        }
    }

    private void pump(Socket from, Socket to, AtomicLong counted) {
        byte[] buffer = new byte[8192];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                counted.addAndGet(read);
                out.write(buffer, 0, read);
                out.flush();
            }
        } catch (IOException e) {
            // a side closed: the relay ends with it
        } finally {
            close();
        }
    }

    @Override
    public void close() {
        for (AutoCloseable closeable : new AutoCloseable[] {listener, toClient, toServer}) {
            try {
                if (closeable != null) {
                    closeable.close();
                }
            } catch (Exception e) {
                // closing what is already gone
            }
        }
    }
}
