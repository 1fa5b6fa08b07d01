package org.rpcbench.runner.ssh;

/** A host that cannot be used for the run, in one line: which host, and why. */
public final class SshException extends Exception {

    private static final long serialVersionUID = 1L;

    SshException(String message) {
        super(message);
    }
}
