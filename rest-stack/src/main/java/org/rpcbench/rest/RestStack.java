package org.rpcbench.rest;

import org.rpcbench.stack.ClientStack;
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
        return "one per call in flight (HTTP/1.1 carries one call at a time), kept alive and reused";
    }

    @Override
    public void check(Target target) {
        if (!target.direct()) {
            throw new IllegalArgumentException("the rest stack has no registry: it connects to --host and --port");
        }
        if (target.connections() > 0) {
            throw new IllegalArgumentException("the rest stack keeps one HTTP/1.1 connection per call in flight:"
                    + " --connections does not apply to it");
        }
    }

    @Override
    public StackConnection open(Target target) {
        check(target);
        return RestConnection.open(target);
    }
}
