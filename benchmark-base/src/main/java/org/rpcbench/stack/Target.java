package org.rpcbench.stack;

import java.util.Map;

import org.rpcbench.contract.RegistryAddress;

/**
 * Where a client finds its providers and how it talks to them: what the client is told, and what it tells each JMH
 * fork, as system properties written and read here.
 *
 * @param host the server to connect to (a direct target)
 * @param port its port
 * @param registry where to find the providers instead, or null for a direct connection to host:port
 * @param connections TCP connections per provider; 0 is the stack's own default (one shared by every thread)
 * @param timeoutMillis how long a call waits for its answer before it fails
 */
public record Target(String host, int port, RegistryAddress registry, int connections, int timeoutMillis) {

    public static final int DEFAULT_TIMEOUT_MILLIS = 5000;

    private static final String HOST = "rpcbench.host";
    private static final String PORT = "rpcbench.port";
    private static final String REGISTRY = "rpcbench.registry";
    private static final String CONNECTIONS = "rpcbench.connections";
    private static final String TIMEOUT = "rpcbench.timeout";

    /** A direct target on the stack's default connections and the default timeout. */
    public Target(String host, int port) {
        this(host, port, null, 0, DEFAULT_TIMEOUT_MILLIS);
    }

    public boolean direct() {
        return registry == null;
    }

    /** The properties {@link #fromSystemProperties()} reads back in a JMH fork. */
    public Map<String, String> systemProperties() {
        return Map.of(HOST, host, PORT, String.valueOf(port), REGISTRY, registry == null ? "" : registry.toString(),
                CONNECTIONS, String.valueOf(connections), TIMEOUT, String.valueOf(timeoutMillis));
    }

    public static Target fromSystemProperties() {
        String registry = System.getProperty(REGISTRY, "");
        return new Target(System.getProperty(HOST), Integer.getInteger(PORT),
                registry.isEmpty() ? null : RegistryAddress.parse(registry), Integer.getInteger(CONNECTIONS, 0),
                Integer.getInteger(TIMEOUT, DEFAULT_TIMEOUT_MILLIS));
    }

    /** What the client calls: host:port, or the providers registered at a registry. */
    public String describe() {
        return direct() ? host + ":" + port : "the providers registered at " + registry;
    }
}
