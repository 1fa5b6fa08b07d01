package org.rpcbench.dubbo;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.UnknownHostException;
import java.rmi.server.RMISocketFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.atomic.LongAdder;

/**
 * The JVM's Java RMI sockets, held to the rules every other pair keeps. A provider's server sockets bind exactly its
 * host (RMI binds every address), and its stubs name that host (RMI names the machine's address, RMI's form of
 * Dubbo's loopback swap); the socket of the call being served is known to the wire check, which has no Dubbo header
 * to read. A consumer's sockets count the bytes they carry, for bytes per call.
 *
 * <p>JRMP serves each connection's calls on the thread that reads it, so the socket last read on a thread is the
 * one whose call that thread runs. The factory is the JVM's own, so it is installed once, from the pair's XML, before
 * the JVM's first RMI connection or export.
 */
public final class RmiSockets extends RMISocketFactory {

    /** RMI's own system property for the host its stubs name. */
    private static final String STUB_HOST_PROPERTY = "java.rmi.server.hostname";

    private static final ThreadLocal<CallRecordingSocket> SERVED = new ThreadLocal<>();

    private static RmiSockets installed;

    /** The host server sockets bind; null where only a consumer runs (RMI's default: every address). */
    private volatile InetAddress host;
    private final List<ServerSocket> serverSockets = new ArrayList<>();
    private final LongAdder sent = new LongAdder();
    private final LongAdder received = new LongAdder();

    private RmiSockets() {
    }

    /** The JVM's factory, installed as a consumer's (counting what its sockets carry) if none is yet. */
    public static synchronized RmiSockets installed() {
        if (installed == null) {
            RmiSockets sockets = new RmiSockets();
            try {
                RMISocketFactory.setSocketFactory(sockets);
            } catch (IOException e) {
                throw new IllegalStateException("another RMI socket factory is installed in this JVM: " + e, e);
            }
            installed = sockets;
        }
        return installed;
    }

    /**
     * Makes this JVM's RMI servers bind, and its stubs name, exactly {@code host}; a provider's XML calls it before
     * Dubbo exports.
     *
     * @throws IllegalStateException when RMI listens in this JVM already, elsewhere
     */
    public static synchronized RmiSockets bindExactly(String host) {
        InetAddress address = resolve(host);
        RmiSockets sockets = installed();
        if (sockets.host == null && boundPorts().isEmpty()) {
            System.setProperty(STUB_HOST_PROPERTY, address.getHostAddress());
            sockets.host = address;
        } else if (!address.equals(sockets.host)) {
            throw new IllegalStateException("RMI listens in this JVM already, and not exactly at " + host);
        }
        return sockets;
    }

    private static InetAddress resolve(String host) {
        try {
            return InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("cannot resolve the RMI host " + host, e);
        }
    }

    /** The socket whose call this thread is serving over RMI; null on a thread that serves no RMI call. */
    static CallRecordingSocket servedCall() {
        return SERVED.get();
    }

    /** The ports RMI listens on in this JVM; empty when the factory is not installed. */
    static synchronized SortedSet<Integer> boundPorts() {
        SortedSet<Integer> ports = new TreeSet<>();
        if (installed != null) {
            installed.serverSockets.removeIf(ServerSocket::isClosed);
            installed.serverSockets.forEach(socket -> ports.add(socket.getLocalPort()));
        }
        return ports;
    }

    /** Bytes this JVM's RMI connections have sent so far. */
    long sent() {
        return sent.sum();
    }

    /** Bytes this JVM's RMI connections have received so far. */
    long received() {
        return received.sum();
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        ServerSocket socket = new CallRecordingServerSocket();
        try {
            socket.bind(new InetSocketAddress(host, port));
        } catch (IOException e) {
            socket.close();
            throw e;
        }
        synchronized (RmiSockets.class) {
            serverSockets.add(socket);
        }
        return socket;
    }

    @Override
    public Socket createSocket(String toHost, int port) throws IOException {
        return new CountingSocket(toHost, port);
    }

    /** Accepts each connection into a socket that marks the thread reading it. */
    private static final class CallRecordingServerSocket extends ServerSocket {

        CallRecordingServerSocket() throws IOException {
            super();
        }

        @Override
        public Socket accept() throws IOException {
            Socket socket = new CallRecordingSocket();
            implAccept(socket);
            return socket;
        }
    }

    /**
     * An accepted connection: marks the thread that reads it, and keeps the connection's first bytes, in which the
     * client's JRMP header and its first call's Java serialization stream header are read ({@link JrmpHead}).
     */
    static final class CallRecordingSocket extends Socket {

        private final JrmpHead head = new JrmpHead();
        private InputStream marking;

        @Override
        public synchronized InputStream getInputStream() throws IOException {
            if (marking == null) {
                marking = new ReadWatchingInputStream(super.getInputStream(), (bytes, offset, count) -> {
                    head.add(bytes, offset, count);
                    SERVED.set(this);
                });
            }
            return marking;
        }

        /** What the connection's first bytes say of its protocol and serialization. */
        JrmpHead head() {
            return head;
        }
    }

    /** A connection this JVM opens, counting into the factory's totals (RMI buffers, so an add per buffer). */
    private final class CountingSocket extends Socket {

        private InputStream counted;
        private OutputStream counting;

        CountingSocket(String toHost, int port) throws IOException {
            super(toHost, port);
        }

        @Override
        public synchronized InputStream getInputStream() throws IOException {
            if (counted == null) {
                counted = new ReadWatchingInputStream(super.getInputStream(),
                        (bytes, offset, count) -> received.add(count));
            }
            return counted;
        }

        @Override
        public synchronized OutputStream getOutputStream() throws IOException {
            if (counting == null) {
                counting = new FilterOutputStream(super.getOutputStream()) {
                    @Override
                    public void write(int b) throws IOException {
                        out.write(b);
                        sent.increment();
                    }

                    @Override
                    public void write(byte[] bytes, int offset, int length) throws IOException {
                        out.write(bytes, offset, length);
                        sent.add(length);
                    }
                };
            }
            return counting;
        }
    }

    /** Tells each read, after it returned, what it read (a count of 0 at the end of the stream). */
    private static final class ReadWatchingInputStream extends FilterInputStream {

        /** What a read put where. */
        interface AfterRead {
            void read(byte[] bytes, int offset, int count);
        }

        private final AfterRead afterRead;
        /** A one-byte read's byte: a stream is read by one thread at a time. */
        private final byte[] single = new byte[1];

        ReadWatchingInputStream(InputStream in, AfterRead afterRead) {
            super(in);
            this.afterRead = afterRead;
        }

        @Override
        public int read() throws IOException {
            return read(single, 0, 1) <= 0 ? -1 : single[0] & 0xff;
        }

        @Override
        public int read(byte[] bytes, int offset, int length) throws IOException {
            int read = super.read(bytes, offset, length);
            afterRead.read(bytes, offset, Math.max(read, 0));
            return read;
        }
    }
}
