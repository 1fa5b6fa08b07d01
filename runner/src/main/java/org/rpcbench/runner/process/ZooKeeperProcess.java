package org.rpcbench.runner.process;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import org.rpcbench.contract.JvmRole;
import org.rpcbench.contract.OptionNames;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.Stopped;
import org.rpcbench.contract.ZooKeeperReady;

/**
 * The embedded ZooKeeper of a run, a process of its own (the registry module's ZooKeeperServer): started before the
 * first pair, stopped after the last, so a provider killed on purpose does not take the registry with it.
 */
public final class ZooKeeperProcess implements AutoCloseable {

    public static final String MODULE = "registry";
    public static final String MAIN = "org.rpcbench.registry.ZooKeeperServer";
    /** As long as a server may take: in a pod, the image's pull comes first. */
    private static final Duration START_TIMEOUT = Duration.ofMinutes(2);

    private final RunningJvm process;
    private final String address;

    private ZooKeeperProcess(RunningJvm process, String address) {
        this.process = process;
        this.address = address;
    }

    /**
     * Starts one where the launcher's executor places it (on this machine: bound to {@code host}), a free port, its
     * files in {@code directory}, and waits until it serves.
     */
    public static ZooKeeperProcess start(JvmLauncher launcher, String host, Path directory, Consumer<String> out)
            throws IOException, InterruptedException {
        String placed = launcher.executor().zookeeperAddress();
        Path ready = directory.resolve("zookeeper.ready.json");
        Path stop = directory.resolve("zookeeper.stop.json");
        RunningJvm process = launcher.start("zookeeper", JvmLauncher.Jvm.of(MODULE, MAIN, JvmRole.ZOOKEEPER,
                List.of(OptionNames.HOST, placed != null ? placed : host, OptionNames.LOG,
                        directory.resolve("zookeeper.log").toString(), OptionNames.READY_FILE, ready.toString(),
                        OptionNames.STOP_FILE, stop.toString())), directory.resolve("zookeeper.out"), line -> { });
        ZooKeeperReady record = process.awaitRecord(ready, ZooKeeperReady.class, START_TIMEOUT, () -> false)
                .orElse(null);
        if (record == null) {
            process.close();
            throw new StartException("the embedded ZooKeeper did not start: " + RecordFiles
                    .readIfPresent(stop, Stopped.class).map(Stopped::message)
                    .orElse("see " + directory.resolve("zookeeper.out")));
        }
        out.accept(record.consoleLine());
        return new ZooKeeperProcess(process, record.address());
    }

    public String address() {
        return address;
    }

    @Override
    public void close() throws InterruptedException {
        process.stop(Duration.ofSeconds(20));
    }

    /** The embedded ZooKeeper did not come up; no pair can run. */
    public static final class StartException extends IllegalStateException {

        private static final long serialVersionUID = 1L;

        StartException(String message) {
            super(message);
        }
    }
}
