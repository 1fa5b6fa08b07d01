package org.rpcbench.netty;

import java.util.Map;

import org.rpcbench.stack.ServerSample;

/**
 * The server's side of a probe, as JSON in the answer's body: what it is configured for, what it read off the
 * probe's frame, the probe connection's two ends as its socket saw them, its versions, and what it has spent.
 */
record ProbeAnswer(String protocol, String serialization, String wireFormat, String server, String client,
        Map<String, String> versions, Map<String, Long> callsByWireFormat, ServerSample spent) {
}
