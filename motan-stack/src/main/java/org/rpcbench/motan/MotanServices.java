package org.rpcbench.motan;

import org.rpcbench.api.EchoService;
import org.rpcbench.api.UserService;
import org.rpcbench.stack.ProbeReport;

/**
 * Everything a motan pair serves, as one motan service: motan gives each referred interface connections of its own,
 * so the probe shares the benchmark's connections only when it is a method of the same service.
 */
public interface MotanServices extends UserService, EchoService {

    /**
     * What the server is configured for and read off this call: the client sends {@link WireFormats#PROBE_MARKER},
     * whose bytes as they arrived tell which serializer wrote them (motan's version 1 frames name none).
     */
    ProbeReport probe(String marker);
}
