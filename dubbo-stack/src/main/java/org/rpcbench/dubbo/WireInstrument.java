package org.rpcbench.dubbo;

/**
 * A service that reports what the server is configured for and read off the wire, rather than being measured: the
 * wire-serializer filter lets it through whatever it read, so that it can report a mismatch, and counts none of its
 * calls. {@link org.rpcbench.stack.ProbeService}, the probe of the pairs whose serializer carries beans, is one too.
 */
public interface WireInstrument {
}
