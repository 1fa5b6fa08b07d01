package org.rpcbench.contract;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A ZooKeeper registry's address, {@code zookeeper://host:port}: what servers register at and clients look up. */
public record RegistryAddress(String host, int port) {

    /** What a registry option takes to mean: start an embedded ZooKeeper, the address to be told. */
    public static final String EMBEDDED = "zookeeper";

    private static final Pattern URL = Pattern.compile("zookeeper://([^\\s/:]+):(\\d{1,5})");
    /** How long a client waits for the registry to accept a connection, and then to answer, before it gives up. */
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    /** The check's own session, closed at once: ZooKeeper's smallest with its default tick of 2 s. */
    private static final int SESSION_TIMEOUT_MILLIS = 4000;

    public RegistryAddress {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("registry port " + port + " is not a port number");
        }
    }

    /** @throws IllegalArgumentException when the text is not zookeeper://host:port */
    public static RegistryAddress parse(String text) {
        Matcher matcher = URL.matcher(text);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not zookeeper or zookeeper://host:port");
        }
        return new RegistryAddress(matcher.group(1), Integer.parseInt(matcher.group(2)));
    }

    /**
     * Fails fast, with the address in the message, unless a ZooKeeper answers there: Dubbo itself would wait out
     * its registry timeout (or, where something else listens, hang while closing its client) and then report a
     * generic failure. The check opens a ZooKeeper session, as any client does, and closes it again.
     *
     * @throws RegistryUnreachableException when the TCP connection is refused or times out
     * @throws NotZooKeeperException when something accepts the connection but does not answer as ZooKeeper
     */
    public void checkReachable() {
        try (Socket socket = new Socket()) {
            try {
                socket.connect(new InetSocketAddress(host, port), (int) CONNECT_TIMEOUT.toMillis());
            } catch (IOException e) {
                throw new RegistryUnreachableException(this, e.getMessage());
            }
            socket.setSoTimeout((int) CONNECT_TIMEOUT.toMillis());
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            // ZooKeeper's ConnectRequest: protocol version, last zxid seen, session timeout, session id, password
            // (a length and 16 bytes), read-only
            out.writeInt(45);
            out.writeInt(0);
            out.writeLong(0);
            out.writeInt(SESSION_TIMEOUT_MILLIS);
            out.writeLong(0);
            out.writeInt(16);
            out.write(new byte[16]);
            out.writeBoolean(false);
            out.flush();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            int length = in.readInt();
            if (length < 28 || length > 64) {
                throw new NotZooKeeperException(this, "its answer's length field reads " + length);
            }
            DataInputStream response = new DataInputStream(new ByteArrayInputStream(in.readNBytes(length)));
            response.readInt();
            int sessionTimeout = response.readInt();
            long session = response.readLong();
            int passwordLength = response.readInt();
            if (sessionTimeout <= 0 || session == 0 || passwordLength != 16) {
                throw new NotZooKeeperException(this, "its answer is no ZooKeeper session");
            }
            // closeSession: a request header of xid and type -11, so the session does not linger until it expires
            out.writeInt(8);
            out.writeInt(1);
            out.writeInt(-11);
            out.flush();
        } catch (SocketTimeoutException e) {
            throw new NotZooKeeperException(this, "no answer within " + CONNECT_TIMEOUT.toSeconds() + " s");
        } catch (EOFException e) {
            throw new NotZooKeeperException(this, "it closed the connection instead of answering");
        } catch (IOException e) {
            // a reset or a broken pipe: the other end hung up, as above, only sooner
            throw new NotZooKeeperException(this, "it closed the connection instead of answering (" + e.getMessage()
                    + ")");
        }
    }

    @Override
    public String toString() {
        return "zookeeper://" + host + ":" + port;
    }

    /** Something answers at the registry's address, but not ZooKeeper. */
    public static final class NotZooKeeperException extends IllegalStateException {

        private static final long serialVersionUID = 1L;

        public NotZooKeeperException(RegistryAddress address, String why) {
            super("something accepts connections at " + address + " but does not answer as ZooKeeper (" + why
                    + "): give the address of a ZooKeeper with -r zookeeper://host:port");
        }
    }

    /** The registry does not answer at its address. */
    public static final class RegistryUnreachableException extends IllegalStateException {

        private static final long serialVersionUID = 1L;

        public RegistryUnreachableException(RegistryAddress address, String why) {
            super("ZooKeeper at " + address + " is unreachable (" + why + "): start it, or give another address"
                    + " with -r zookeeper://host:port");
        }
    }
}
