package org.rpcbench.stack;

import java.net.BindException;

/** A server could not bind the address it was given: the port is taken, or the address is not this machine's. */
public class BindFailedException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    public BindFailedException(String host, int port, Throwable cause) {
        super(message(host, port, cause), cause);
    }

    private static String message(String host, int port, Throwable cause) {
        String why = rootMessage(cause);
        if (why != null && why.contains("Address already in use")) {
            return "port " + port + " on " + host + " is already in use: stop what holds it or pick another port";
        }
        return "cannot bind " + host + ":" + port + (why == null ? "" : " (" + why + ")")
                + ": give -s an address of this machine";
    }

    private static String rootMessage(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof BindException && cause.getMessage() != null) {
                return cause.getMessage();
            }
        }
        return null;
    }
}
