package org.rpcbench.contract;

import java.util.Map;
import java.util.TreeMap;

/**
 * How a program ended, written to its {@code --stop-file} on every exit it controls (a killed process writes none):
 * its exit status, the one-line reason when it failed, and what it leaves behind.
 *
 * @param exitCode the status it exits with, as {@link ExitCode}
 * @param message why it failed, one line for people; null when it did not
 * @param callsByWireFormat a server's benchmark calls served, by wire format; null for other programs
 * @param result a client's result file; null when it wrote none
 */
public record Stopped(int exitCode, String message, Map<String, Long> callsByWireFormat, String result) {

    public static final String SERVER_CONSOLE_PREFIX = "rpcbench server stopped; calls served by serialization: ";

    public static Stopped failed(int exitCode, String message) {
        return new Stopped(exitCode, message, null, null);
    }

    /** A server that stopped when asked: "rpcbench server stopped; calls served by serialization: {kryo=1234}". */
    public static Stopped server(Map<String, Long> callsByWireFormat) {
        return new Stopped(ExitCode.OK, null, new TreeMap<>(callsByWireFormat), null);
    }

    public String serverLine() {
        return SERVER_CONSOLE_PREFIX + new TreeMap<>(callsByWireFormat == null ? Map.of() : callsByWireFormat);
    }

    /** The benchmark calls a server served, over every wire format; null when it did not say. */
    public Long totalCalls() {
        return callsByWireFormat == null ? null
                : callsByWireFormat.values().stream().mapToLong(Long::longValue).sum();
    }
}
