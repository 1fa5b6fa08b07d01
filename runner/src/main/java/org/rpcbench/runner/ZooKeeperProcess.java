package org.rpcbench.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The embedded ZooKeeper of a run, a process of its own (benchmark.sh zookeeper): started before the first pair,
 * stopped after the last, so a provider killed on purpose does not take the registry with it.
 */
final class ZooKeeperProcess implements AutoCloseable {

    static final String READY = "rpcbench zookeeper ready";
    private static final Pattern ADDRESS = Pattern.compile("zookeeper://\\S+");
    private static final Duration START_TIMEOUT = Duration.ofMinutes(1);

    private final ChildProcess process;
    private final String address;

    private ZooKeeperProcess(ChildProcess process, String address) {
        this.process = process;
        this.address = address;
    }

    /** Starts one when the registry option asks for the embedded one; null otherwise. */
    static ZooKeeperProcess startIfAsked(String registry, ModuleLauncher launcher, PrintStream out)
            throws IOException, InterruptedException {
        if (!RunAllOptions.EMBEDDED_ZOOKEEPER.equals(registry)) {
            return null;
        }
        ChildProcess process = launcher.start("zookeeper", 0, List.of(), null,
                launcher.runDirectory().resolve("zookeeper.out"), line -> line.startsWith(READY), line -> { });
        String ready = process.awaitLine(START_TIMEOUT).orElse(null);
        Matcher matcher = ready == null ? null : ADDRESS.matcher(ready);
        if (matcher == null || !matcher.find()) {
            process.close();
            throw new StartException("the embedded ZooKeeper did not start: "
                    + PairRun.lastError(process.outputFile()).orElse("see " + process.outputFile()));
        }
        out.println(ready);
        return new ZooKeeperProcess(process, matcher.group());
    }

    String address() {
        return address;
    }

    @Override
    public void close() throws InterruptedException {
        process.stop(Duration.ofSeconds(20));
    }

    /** The embedded ZooKeeper did not come up; no pair can run. */
    static final class StartException extends IllegalStateException {

        private static final long serialVersionUID = 1L;

        StartException(String message) {
            super(message);
        }
    }
}
