package org.rpcbench.hessian;

import org.rpcbench.stack.ClientStack;
import org.rpcbench.stack.HttpTargets;
import org.rpcbench.stack.RunningServer;
import org.rpcbench.stack.ServedServices;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.ServerStack;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.Target;

/**
 * Caucho Hessian's own remoting behind the seam, as Dubbo 2's {@code hessian} protocol ran it (the seeds' hessian
 * rows): each service a {@code HessianSkeleton} at {@code /<interface>} on an HTTP/1.1 server, called through a
 * {@code HessianProxyFactory} proxy. Dubbo 3 publishes no hessian protocol; the libraries it used still serve.
 */
public final class HessianStack implements ClientStack, ServerStack {

    public static final String NAME = "hessian";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String defaultConnections() {
        return HttpTargets.DEFAULT_CONNECTIONS;
    }

    /** Refuses a registry: Dubbo 2's hessian consumers named the provider's URL, and so does this client. */
    @Override
    public void check(Target target) {
        HttpTargets.requireDirect(NAME, target);
    }

    @Override
    public StackConnection open(Target target) {
        check(target);
        return HessianConnection.open(target);
    }

    @Override
    public RunningServer start(ServerSettings settings, ServedServices services) {
        return HessianServer.start(settings, services);
    }
}
