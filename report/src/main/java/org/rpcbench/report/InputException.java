package org.rpcbench.report;

/** Input the report or the comparison cannot use: a missing path, unreadable JSON, a run with no result. */
final class InputException extends Exception {

    InputException(String message) {
        super(message);
    }

    InputException(String message, Throwable cause) {
        super(message, cause);
    }
}
