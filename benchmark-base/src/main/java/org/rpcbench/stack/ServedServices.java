package org.rpcbench.stack;

import java.util.function.Supplier;

import org.rpcbench.api.EchoService;
import org.rpcbench.api.UserService;

/** What a stack serves: the benchmark's implementations, and the server's own account for the probe. */
public record ServedServices(UserService users, EchoService echo, Supplier<ServerSample> sample) {
}
