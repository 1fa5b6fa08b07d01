package org.rpcbench.results;

/** Input the report or the comparison cannot use: a missing path, unreadable JSON, a run with no result. */
public final class InputException extends Exception {

    public InputException(String message) {
        super(message);
    }

    public InputException(String message, Throwable cause) {
        super(message, cause);
    }
}
