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

    /** Whether the exception or one it wraps says this, for stacks that tell a failure only in words. */
    public static boolean mentioning(Throwable e, String text) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (String.valueOf(cause.getMessage()).contains(text)) {
                return true;
            }
        }
        return false;
    }
}
