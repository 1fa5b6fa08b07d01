package org.rpcbench.contract;

/**
 * Ties a JVM the runner started to the runner: when the runner is gone (even killed with SIGKILL, which it cannot
 * handle), what it started stops too, rather than run on unowned.
 */
public final class LauncherWatch {

    /** The system property the runner gives every JVM it starts: its own process id. */
    public static final String PROPERTY = "rpcbench.launcher.pid";

    private LauncherWatch() {
    }

    /** The flag that names this process as the launcher of the JVM it is given to. */
    public static String flag() {
        return "-D" + PROPERTY + "=" + ProcessHandle.current().pid();
    }

    /** Runs {@code action} once when the launcher that started this JVM has exited; never without a launcher. */
    public static void onLauncherExit(Runnable action) {
        Long pid = Long.getLong(PROPERTY);
        if (pid == null) {
            return;
        }
        ProcessHandle.of(pid).ifPresentOrElse(launcher -> launcher.onExit().thenRun(action), action);
    }
}
