package org.rpcbench.rest;

import org.rpcbench.stack.ClientStack;
import org.rpcbench.stack.HttpTargets;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.Target;

/**
 * REST's client side: the suite's calls as HTTP/1.1 POSTs with JSON bodies, to a Dubbo triple provider, which serves
 * every exported method at {@code /<interface>/<method>}. The server is Dubbo's own; only the client is this stack's.
 */
public final class RestStack implements ClientStack {

    public static final String NAME = "rest";

    /** The protocol of the server's port: Dubbo's triple, which serves REST beside its HTTP/2 calls. */
    static final String PROTOCOL = "tri";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String defaultConnections() {
        return HttpTargets.DEFAULT_CONNECTIONS;
    }

    @Override
    public void check(Target target) {
        HttpTargets.requireDirect(NAME, target);
        HttpTargets.refuseConnections(NAME, target);
    }

    @Override
    public StackConnection open(Target target) {
        check(target);
        return RestConnection.open(target);
    }
}
