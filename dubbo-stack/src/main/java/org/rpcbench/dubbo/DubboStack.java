package org.rpcbench.dubbo;

import org.rpcbench.stack.ClientStack;
import org.rpcbench.stack.RunningServer;
import org.rpcbench.stack.ServedServices;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.ServerStack;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.Target;

/**
 * Apache Dubbo behind the seam: a server module's provider.xml and a client module's consumer.xml name the
 * protocol and serializer; everything they share (exact-host transport, wire-serializer filter, probe, registry
 * settings) is wired here and in {@code provider-base.xml} and {@code consumer-base.xml}.
 */
public final class DubboStack implements ClientStack, ServerStack {

    public static final String NAME = "dubbo";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public StackConnection open(Target target) {
        return DubboConnection.open(target);
    }

    @Override
    public RunningServer start(ServerSettings settings, ServedServices services) {
        return DubboServer.start(settings, services);
    }
}
