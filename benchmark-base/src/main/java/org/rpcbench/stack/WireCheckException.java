package org.rpcbench.stack;

/** The serializer, protocol or address of a connection is not what the run is configured for: nothing is measured. */
public class WireCheckException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    public WireCheckException(String message) {
        this(message, null);
    }

    public WireCheckException(String message, Throwable cause) {
        super("wire check failed: " + message, cause);
    }

    /** A client of one pair talking to the server of another. */
    public static WireCheckException mismatch(String what, String client, String server, String serverValue) {
        return new WireCheckException("the client is configured for " + client + " but the server at " + server
                + " for " + serverValue + ": start the matching pair" + (what.isEmpty() ? "" : " (" + what + ")"));
    }
}
