package org.rpcbench.dubbo;

import org.rpcbench.stack.ClientStack;
import org.rpcbench.stack.RunningServer;
import org.rpcbench.stack.ServedServices;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.ServerStack;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.StreamDirection;
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

    /** One connection per call in flight under Java RMI, which pools its own; else Dubbo's one shared. */
    @Override
    public String defaultConnections() {
        return isRmi() ? "one per call in flight (Java RMI carries one call at a time on a connection)"
                : ClientStack.super.defaultConnections();
    }

    /**
     * Refuses what Java RMI cannot do as asked: a registry (Dubbo registers a provider at the machine's address,
     * never at the loopback it binds, and RMI looks its stubs up at the registered one) and a number of connections
     * (RMI opens its own).
     */
    @Override
    public void check(Target target) {
        if (!isRmi()) {
            return;
        }
        if (!target.direct()) {
            throw new IllegalArgumentException("the rmi pair has no registry: it connects to --host and --port");
        }
        if (target.connections() > 0) {
            throw new IllegalArgumentException("Java RMI opens one connection per call in flight:"
                    + " --connections does not apply to the rmi pair");
        }
    }

    /**
     * Dubbo streams on its triple protocol (the pairs whose serializer carries the beans, and triple-protobuf's
     * messages), from the server only: Dubbo 3.3.6's triple provider closes each HTTP/2 DATA frame's buffer once it
     * has handed that frame to its streaming decoder, so a client's streamed message that spans two frames is read
     * from a released buffer (apache/dubbo#16414); its client and bidirectional streams fail at random, and are
     * refused here.
     */
    @Override
    public void checkStreaming(StreamDirection direction) {
        String protocol = SpringContexts.configuredProtocol();
        if (!DubboConnection.TRIPLE.equals(protocol)) {
            throw new IllegalArgumentException("the " + NAME + " stack cannot stream on its " + protocol + " protocol:"
                    + " Dubbo streams on triple (triple-hessian2, triple-fastjson2, triple-protobuf)");
        }
        if (direction != StreamDirection.SERVER) {
            throw new IllegalArgumentException("the " + NAME + " stack cannot stream in the " + direction.key()
                    + " direction: Dubbo 3.3.6's triple provider reads a client's streamed messages from DATA"
                    + " frames it has already released (apache/dubbo#16414); triple streams in the server direction");
        }
    }

    /** Whether this module's consumer speaks Java RMI (as its pom says). */
    static boolean isRmi() {
        return DubboServer.RMI.equals(SpringContexts.configuredProtocol());
    }

    @Override
    public StackConnection open(Target target) {
        check(target);
        return DubboConnection.open(target);
    }

    @Override
    public RunningServer start(ServerSettings settings, ServedServices services) {
        return DubboServer.start(settings, services);
    }
}
