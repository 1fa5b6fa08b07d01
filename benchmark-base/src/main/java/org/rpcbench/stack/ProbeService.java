package org.rpcbench.stack;

/**
 * Asked by the client before it measures: what the server is, and what it saw of this very call. The probe travels
 * over the same connection settings and serializer as the benchmarked calls.
 */
public interface ProbeService {

    ProbeReport probe();
}
