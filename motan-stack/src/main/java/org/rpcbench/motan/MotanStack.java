package org.rpcbench.motan;

import org.rpcbench.stack.ClientStack;
import org.rpcbench.stack.RunningServer;
import org.rpcbench.stack.ServedServices;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.ServerStack;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.Target;

/**
 * Weibo's motan behind the seam: seed 004's third framework beside Dubbo, its own protocol over its netty4
 * transport, clients pointed at the server by a direct URL as the seed's are.
 */
public final class MotanStack implements ClientStack, ServerStack {

    public static final String NAME = "motan";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public StackConnection open(Target target) {
        return MotanConnection.open(target);
    }

    /** Motan's threads that outlive every connection; JMH would otherwise wait for them after every fork. */
    @Override
    public void releaseProcess() {
        StaticThreads.stop();
    }

    @Override
    public RunningServer start(ServerSettings settings, ServedServices services) {
        return MotanServer.start(settings, services);
    }
}
