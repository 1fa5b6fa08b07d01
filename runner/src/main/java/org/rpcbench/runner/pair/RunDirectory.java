package org.rpcbench.runner.pair;

import java.nio.file.Path;

/**
 * The files of a matrix run's pair in its run directory: {@code <pair>-server.out}, {@code <pair>-server2.out}
 * where there are several servers (the same for clients), {@code <pair>.json} for a single consumer's JMH result,
 * {@code <pair>-consumer<i>.json} for several, {@code <pair>-availability[<i>].json} in a fault run,
 * {@code <pair>-open-loop[<i>].json} in an open-loop run, {@code <pair>-soak[<i>].json} in a soak, beside each
 * JVM's samples ({@code <pair>-server[<i>].jvm.jsonl}, {@code <pair>-client[<i>].jvm.jsonl}).
 *
 * @param load {@link #JMH}, {@link #AVAILABILITY}, {@link #OPEN_LOOP} or {@link #SOAK}: what the consumers run
 */
public record RunDirectory(Path directory, String pair, Topology topology, String load) implements PairFiles {

    public static final String JMH = "consumer";
    public static final String AVAILABILITY = "availability";
    public static final String OPEN_LOOP = "open-loop";
    public static final String SOAK = "soak";

    @Override
    public Path clientOutput(int client) {
        return file("client", client, ".out");
    }

    @Override
    public Path clientResult(int client) {
        if (topology.consumers() == 1) {
            return directory.resolve(JMH.equals(load) ? pair + ".json" : pair + "-" + load + ".json");
        }
        return directory.resolve(pair + "-" + load + (client + 1) + ".json");
    }

    @Override
    public Path mergedResult() {
        return directory.resolve(pair + ".json");
    }

    @Override
    public String name(Path file) {
        return directory.relativize(file).toString();
    }

    @Override
    public Path file(String role, int index, String suffix) {
        int count = "server".equals(role) ? topology.providers() : topology.consumers();
        return directory.resolve(pair + "-" + role + (count == 1 ? "" : String.valueOf(index + 1)) + suffix);
    }
}
