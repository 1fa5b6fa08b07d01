package org.rpcbench.runner.process;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;

import org.rpcbench.contract.JvmRole;
import org.rpcbench.contract.RunRecord;

/**
 * Where the runner's JVMs run: {@link #LOCAL}, on this machine as its own processes, or elsewhere (hosts reached
 * over SSH, pods on Kubernetes). The runner says what to run and which instance of its role it is; the executor
 * places it, and brings what it writes into the run directory by the time it has exited.
 */
public interface JvmExecutor {

    /** Every JVM a child process of the runner, here; nothing to open or close. */
    Session LOCAL = new Session() {
        @Override
        public RunningJvm start(JvmLauncher launcher, String name, JvmLauncher.Jvm jvm, int instance,
                Path outputFile, Consumer<String> listener) throws IOException {
            return ChildProcess.start(name, launcher.command(jvm), launcher.workingDirectory(), outputFile, listener);
        }

        @Override
        public void close() {
            // each JVM was stopped by whoever started it
        }
    };

    /**
     * Starts instance {@code instance} (from 0) of its role; every output line goes to {@code outputFile} (when not
     * null) and to {@code listener}.
     */
    RunningJvm start(JvmLauncher launcher, String name, JvmLauncher.Jvm jvm, int instance, Path outputFile,
            Consumer<String> listener) throws IOException;

    /**
     * The address server {@code instance} is told to bind, or null: the run's own (-s). Its clients are told the
     * address its ready record states: the same, or what a placeholder here became where it ran (a pod's own).
     */
    default String serverAddress(int instance) {
        return null;
    }

    /**
     * The address the run's embedded ZooKeeper is told to bind, or null: the run's own (-s). It runs where the first
     * server runs (on its host; on Kubernetes in a pod of its own), so it binds what that server would, and its
     * ready record states the address the providers register at and the consumers look them up at.
     */
    default String zookeeperAddress() {
        return serverAddress(0);
    }

    /**
     * The address client {@code instance} is reached at by the other clients (the first hosts their lockstep), or
     * null: this machine's loopback. It may be a placeholder that becomes the address where the client runs.
     */
    default String clientAddress(int instance) {
        return null;
    }

    /** The host that instance of the role runs on, or null: this machine. */
    default RunRecord.Machine machine(JvmRole role, int instance) {
        return null;
    }

    /** An executor opened for one run (connections, pods); closing it stops and removes what the run left. */
    interface Session extends JvmExecutor, AutoCloseable {

        @Override
        void close() throws InterruptedException;
    }
}
