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

    /**
     * One line for a failed call: the exception's class and first message line, and its root cause's where it has
     * one (Dubbo wraps a timeout and a lost connection alike in RpcException: the root tells them apart).
     */
    public static String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return firstLine(e) + (root == e ? "" : ", caused by " + firstLine(root));
    }

    private static String firstLine(Throwable e) {
        String message = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
        return e.getClass().getName() + ": " + (message.length() > 200 ? message.substring(0, 200) + "..." : message);
    }
}
