package org.rpcbench.client.load;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Set;

import org.rpcbench.contract.Stopped;
import org.rpcbench.stack.StreamDirection;

/**
 * What the client runs once the wire is proven: JMH's benchmarks, the availability load, the open loop or a soak,
 * each in a package of its own with its options' group in client-options. The client picks one from its options.
 */
public interface Load extends AutoCloseable {

    /** What the load would run, a line for each part: what a dry run prints. */
    List<String> plan();

    /** The directions the load streams in, which a stack without them refuses before anything starts. */
    default Set<StreamDirection> streamDirections() {
        return Set.of();
    }

    /**
     * Before the wire is proven: what this JVM (and the JVMs it starts) must be set up with, and said first.
     *
     * @throws java.io.UncheckedIOException when what it sets up cannot be had
     */
    default void prepare(PrintStream out) {
    }

    /**
     * Runs the load over the proven connection: writes the ready record as it starts and the result beside the
     * run's log, and prints what it measured.
     *
     * @return how the run stopped: the exit code, and what went wrong when it is not 0
     * @throws IOException when the run's files cannot be written
     */
    Stopped run(Session session) throws IOException;

    /** What {@link #prepare} opened, closed once the load has ended or could not start. */
    @Override
    default void close() {
    }
}
