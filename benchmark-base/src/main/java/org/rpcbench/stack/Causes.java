package org.rpcbench.stack;

/** Reading why a stack failed: the wrapped exception that says what happened. */
public final class Causes {

    private Causes() {
    }

    public static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (type.isInstance(cause)) {
                return true;
            }
        }
        return false;
    }
}
