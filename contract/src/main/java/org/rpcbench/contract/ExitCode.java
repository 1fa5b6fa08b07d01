package org.rpcbench.contract;

/** The exit statuses every program of the suite uses, and what a launcher reads from them. */
public final class ExitCode {

    public static final int OK = 0;
    /** The run failed: a call, a check, a server that did not start or answer. */
    public static final int FAILED = 1;
    /** Bad input: an unknown module, option or value. Nothing was started. */
    public static final int USAGE = 2;
    /** Stopped by Ctrl-C or SIGTERM; what finished is kept. */
    public static final int INTERRUPTED = 130;

    private ExitCode() {
    }
}
