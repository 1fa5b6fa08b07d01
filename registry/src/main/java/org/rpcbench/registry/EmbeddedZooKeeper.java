package org.rpcbench.registry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.ZooKeeperServer;
import org.rpcbench.contract.RegistryAddress;

/**
 * A real, single-node ZooKeeper server (ZooKeeper's own server classes) on a loopback or given address, with its
 * data in a temporary directory that {@link #close()} removes. What a run starts when no registry address is given.
 */
public final class EmbeddedZooKeeper implements AutoCloseable {

    /** ZooKeeper's default tick: sessions may last 4 to 40 s. */
    private static final int TICK_MILLIS = 2000;
    private static final int MAX_CLIENT_CONNECTIONS = 1000;

    private final Path dataDirectory;
    private final ZooKeeperServer server;
    private final ServerCnxnFactory connections;
    private final RegistryAddress address;

    private EmbeddedZooKeeper(Path dataDirectory, ZooKeeperServer server, ServerCnxnFactory connections,
            RegistryAddress address) {
        this.dataDirectory = dataDirectory;
        this.server = server;
        this.connections = connections;
        this.address = address;
    }

    /**
     * Starts one bound to exactly {@code host}; port 0 takes a free one.
     *
     * @throws IllegalStateException when the port is taken or the server cannot start
     */
    public static EmbeddedZooKeeper start(String host, int port) {
        Path dataDirectory;
        try {
            dataDirectory = Files.createTempDirectory("rpcbench-zookeeper");
        } catch (IOException e) {
            throw new UncheckedIOException("no temporary directory for ZooKeeper's data", e);
        }
        ServerCnxnFactory connections = null;
        try {
            ZooKeeperServer server = new ZooKeeperServer(dataDirectory.resolve("snapshots").toFile(),
                    dataDirectory.resolve("log").toFile(), TICK_MILLIS);
            connections = ServerCnxnFactory.createFactory(new InetSocketAddress(host, port), MAX_CLIENT_CONNECTIONS);
            connections.startup(server);
            return new EmbeddedZooKeeper(dataDirectory, server, connections,
                    new RegistryAddress(host, connections.getLocalPort()));
        } catch (IOException | InterruptedException | RuntimeException e) {
            if (connections != null) {
                connections.shutdown();
            }
            deleteRecursively(dataDirectory);
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("the embedded ZooKeeper could not start on " + host + ":" + port + ": "
                    + e.getMessage(), e);
        }
    }

    public RegistryAddress address() {
        return address;
    }

    public Path dataDirectory() {
        return dataDirectory;
    }

    /** Stops the server, dropping every session, and removes its data directory. */
    @Override
    public void close() {
        connections.shutdown();
        server.shutdown();
        deleteRecursively(dataDirectory);
    }

    private static void deleteRecursively(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not remove ZooKeeper's data directory " + directory, e);
        }
    }
}
