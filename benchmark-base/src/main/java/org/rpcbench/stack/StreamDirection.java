package org.rpcbench.stack;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Which way a stream's messages go ({@link StreamCalls} has a call per direction), by the name the client's
 * {@code --stream-direction} takes, and the stream benchmark's method for it.
 */
public enum StreamDirection {

    /** One request, the answers streamed. */
    SERVER("server", "serverStream"),
    /** The requests streamed, one answer. */
    CLIENT("client", "clientStream"),
    /** The requests streamed, each answered in the same stream. */
    BIDI("bidi", "bidiStream");

    private final String key;
    private final String benchmark;

    StreamDirection(String key, String benchmark) {
        this.key = key;
        this.benchmark = benchmark;
    }

    public String key() {
        return key;
    }

    /** The stream scenario's benchmark method for this direction. */
    public String benchmark() {
        return benchmark;
    }

    /** @throws IllegalArgumentException naming the directions there are */
    public static StreamDirection of(String key) {
        for (StreamDirection direction : values()) {
            if (direction.key.equals(key)) {
                return direction;
            }
        }
        throw new IllegalArgumentException("option stream-direction: unknown direction '" + key + "'; directions: "
                + Arrays.stream(values()).map(StreamDirection::key).collect(Collectors.joining(", ")));
    }

    /** The direction whose benchmark this is, or null for a benchmark of another scenario. */
    public static StreamDirection ofBenchmark(String benchmark) {
        return Arrays.stream(values()).filter(direction -> direction.benchmark.equals(benchmark)).findFirst()
                .orElse(null);
    }
}
