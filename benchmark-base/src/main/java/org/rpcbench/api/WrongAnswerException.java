package org.rpcbench.api;

/** A call that returned, but not what the contract says it must return: the benchmark fails instead of counting it. */
public class WrongAnswerException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    public WrongAnswerException(String message) {
        super(message);
    }
}
