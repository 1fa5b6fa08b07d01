package org.rpcbench.dubbo;

import org.rpcbench.stack.ProbeReport;

/**
 * Asked first, over hessian2 (which every Dubbo side reads, whatever pair it belongs to): what the server is
 * configured for. A client of another pair then gets a clear message instead of a request the server cannot decode.
 * It is a service of its own because Dubbo shares one reference per interface.
 */
public interface HandshakeService extends WireInstrument {

    ProbeReport handshake();
}
