package org.rpcbench.contract;

import java.util.Map;

/**
 * A server that serves: written to its {@code --ready-file} once it accepts calls, and printed for people as one
 * console line. The launcher waits for the file, never for the line.
 *
 * @param stack the stack's name
 * @param host the address bound, exactly as given
 * @param port the port bound
 * @param protocol the protocol served, e.g. dubbo
 * @param serialization the serialization (or content type) the server is configured for
 * @param registry where the server registered, zookeeper://host:port, or null when clients connect directly
 * @param versions the stack's and its libraries' versions and Java's, in the order to print them
 * @param details what else a stack states about how it serves (thread pools, frame sizes), in print order
 * @param log the stack's log file
 * @param pid the server's process id
 * @param samples where a soaked server serves its JVM samples ({@link JvmSeriesFeed#address()}), or null
 */
public record ServerReady(String stack, String host, int port, String protocol, String serialization,
        String registry, Map<String, String> versions, Map<String, String> details, String log, long pid,
        String samples) {

    public static final String CONSOLE_PREFIX = "rpcbench server ready: ";

    /** "rpcbench server ready: host=127.0.0.1 port=8080 protocol=dubbo serialization=kryo registry=none dubbo=..." */
    public String consoleLine() {
        StringBuilder line = new StringBuilder(CONSOLE_PREFIX).append("host=").append(host).append(" port=")
                .append(port).append(" protocol=").append(protocol).append(" serialization=").append(serialization)
                .append(" registry=").append(registry == null ? "none" : registry);
        versions.forEach((name, version) -> line.append(' ').append(name).append('=').append(version));
        details.forEach((name, value) -> line.append(' ').append(name).append('=').append(value));
        return line.append(" log=").append(log).toString();
    }
}
