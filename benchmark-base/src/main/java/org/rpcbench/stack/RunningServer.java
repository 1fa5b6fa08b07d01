package org.rpcbench.stack;

import java.util.Map;

/** A started server: what it serves and how, for its ready record, and the calls it counted. */
public interface RunningServer extends AutoCloseable {

    String protocol();

    /** The serialization (or content type) it is configured for. */
    String serialization();

    /** Where it registered, zookeeper://host:port, or null when clients connect directly. */
    String registry();

    /** The stack's and its libraries' versions, in print order. */
    Map<String, String> versions();

    /** What else it states about how it serves (thread pools, frame sizes), in print order. */
    Map<String, String> details();

    /** Benchmark calls served so far, by the wire format each was read in. */
    Map<String, Long> callsByWireFormat();

    /** Stops serving (unregistering first), and frees what it started. */
    @Override
    void close();
}
