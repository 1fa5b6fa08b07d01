package org.rpcbench.registry;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

import joptsimple.OptionException;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;
import org.rpcbench.launch.RunFiles;
import org.rpcbench.launch.StopSignals;

/**
 * {@code benchmark.sh zookeeper}: an embedded ZooKeeper for servers and clients in other processes, until SIGTERM
 * or Ctrl-C; its data directory is removed when it stops. Prints one ready line with the address to pass on.
 */
public final class ZooKeeperServer {

    public static final String READY = "rpcbench zookeeper ready: ";

    private ZooKeeperServer() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        OptionParser parser = new OptionParser();
        OptionSpec<String> host = parser.accepts("host", "address to bind (exactly this one)")
                .withRequiredArg().defaultsTo("127.0.0.1");
        OptionSpec<Integer> port = parser.accepts("port", "port to bind; 0 takes a free one")
                .withRequiredArg().ofType(Integer.class).defaultsTo(0);
        OptionSpec<String> log = parser.accepts("log", "ZooKeeper's log file (default logs/zookeeper-<UTC time>.log)")
                .withRequiredArg();
        OptionSpec<Void> help = parser.accepts("help", "show this help").forHelp();
        OptionSet options;
        try {
            options = parser.parse(args);
        } catch (OptionException e) {
            System.err.println("error: " + e.getMessage() + " (see --help)");
            System.exit(2);
            return;
        }
        if (options.has(help)) {
            parser.printHelpOn(System.out);
            return;
        }
        Path logFile = RunFiles.logDubboTo(Path.of(options.has(log)
                ? options.valueOf(log) : "logs/zookeeper-" + RunFiles.utcStamp() + ".log"));

        CountDownLatch stop = StopSignals.install();
        EmbeddedZooKeeper zookeeper;
        try {
            zookeeper = EmbeddedZooKeeper.start(options.valueOf(host), options.valueOf(port));
        } catch (RuntimeException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(1);
            return;
        }
        System.out.println(READY + zookeeper.address() + " data=" + zookeeper.dataDirectory() + " log=" + logFile);
        System.out.flush();

        stop.await();
        zookeeper.close();
        System.out.println("rpcbench zookeeper stopped; its data directory is removed");
        System.exit(0);
    }
}
