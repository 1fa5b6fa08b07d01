package org.rpcbench.netty;

import org.rpcbench.stack.ClientStack;
import org.rpcbench.stack.RunningServer;
import org.rpcbench.stack.ServedServices;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.ServerStack;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.StreamDirection;
import org.rpcbench.stack.Target;

/**
 * The transport's ceiling behind the seam: plain Netty carrying frames of the kryo pair's sizes, with no
 * serialization and no framework, so that a report can say what fraction of the transport's own limit each stack
 * reaches on the same machine.
 */
public final class NettyStack implements ClientStack, ServerStack {

    public static final String NAME = "netty";

    @Override
    public String name() {
        return NAME;
    }

    /** The ceiling streams as frames, every way: each side's frames of a stream but its last marked. */
    @Override
    public void checkStreaming(StreamDirection direction) {
    }

    @Override
    public StackConnection open(Target target) {
        return CeilingConnection.open(target);
    }

    @Override
    public RunningServer start(ServerSettings settings, ServedServices services) {
        return CeilingServer.start(settings, services);
    }
}
