package org.rpcbench.api;

/** A request that reached the server different from what the client sent: the call fails instead of being counted. */
public class WrongRequestException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public WrongRequestException(String message) {
        super(message);
    }
}
