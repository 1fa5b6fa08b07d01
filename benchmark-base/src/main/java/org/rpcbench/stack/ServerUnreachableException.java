package org.rpcbench.stack;

/** Nothing answered at the target, or no provider is registered where the client looks. */
public class ServerUnreachableException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    public ServerUnreachableException(Target target, Throwable cause) {
        super(target.direct()
                ? "no server answers at " + target.describe() + ": start one with benchmark.sh <pair>-server"
                        + " (same -s and -p) and wait for its ready line"
                : "no provider of the benchmark is registered at " + target.registry() + ": start one with"
                        + " benchmark.sh -r " + target.registry() + " <pair>-server and wait for its ready line",
                cause);
    }
}
