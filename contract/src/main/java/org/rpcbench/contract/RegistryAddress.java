package org.rpcbench.contract;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A ZooKeeper registry's address, {@code zookeeper://host:port}: what servers register at and clients look up. */
public record RegistryAddress(String host, int port) {

    /** What a registry option takes to mean: start an embedded ZooKeeper, the address to be told. */
    public static final String EMBEDDED = "zookeeper";

    private static final Pattern URL = Pattern.compile("zookeeper://([^\\s/:]+):(\\d{1,5})");
    /** How long a client waits for the registry before it gives up. */
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

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
     * Fails fast, with the address in the message, when nothing accepts a connection there: Dubbo itself would
     * wait out its registry timeout and then report a generic failure.
     *
     * @throws RegistryUnreachableException when the TCP connection is refused or times out
     */
    public void checkReachable() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), (int) CONNECT_TIMEOUT.toMillis());
        } catch (IOException e) {
            throw new RegistryUnreachableException(this, e.getMessage());
        }
    }

    @Override
    public String toString() {
        return "zookeeper://" + host + ":" + port;
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
