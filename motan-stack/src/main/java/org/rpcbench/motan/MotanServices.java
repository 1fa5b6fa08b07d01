package org.rpcbench.motan;

import org.rpcbench.api.EchoService;
import org.rpcbench.api.UserService;
import org.rpcbench.stack.ProbeService;

/**
 * Everything a motan pair serves, as one motan service: motan gives each referred interface connections of its own,
 * so the probe shares the benchmark's connections only when it is a method of the same service.
 */
public interface MotanServices extends UserService, EchoService, ProbeService {
}
