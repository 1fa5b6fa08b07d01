package org.rpcbench.stack;

/**
 * What the HTTP/1.1 stacks (REST, Hessian, SOAP) say of their connections and refuse alike: each opens one kept-alive
 * connection per call in flight, to the one server named, as Dubbo 2's HTTP consumers did.
 */
public final class HttpTargets {

    /** {@link ClientStack#defaultConnections()} for an HTTP/1.1 stack. */
    public static final String DEFAULT_CONNECTIONS =
            "one per call in flight (HTTP/1.1 carries one call at a time), kept alive and reused";

    private HttpTargets() {
    }

    /** @throws IllegalArgumentException when the target names a registry, which the stack has none of */
    public static void requireDirect(String stack, Target target) {
        if (!target.direct()) {
            throw new IllegalArgumentException("the " + stack + " stack has no registry: it connects to --host and"
                    + " --port");
        }
    }

    /** @throws IllegalArgumentException when the target asks for a number of connections, which the stack sets */
    public static void refuseConnections(String stack, Target target) {
        if (target.connections() > 0) {
            throw new IllegalArgumentException("the " + stack + " stack keeps one HTTP/1.1 connection per call in"
                    + " flight: --connections does not apply to it");
        }
    }
}
