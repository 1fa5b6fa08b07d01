package org.rpcbench.registry;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.LauncherWatch;
import org.rpcbench.contract.OptionNames;
import org.rpcbench.contract.RecordFileOptions;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.RunFiles;
import org.rpcbench.contract.StopSignals;
import org.rpcbench.contract.Stopped;
import org.rpcbench.contract.ZooKeeperReady;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code benchmark.sh zookeeper}: an embedded ZooKeeper for servers and clients in other processes, until SIGTERM
 * or Ctrl-C; its data directory is removed when it stops. Prints one ready line with the address to pass on, and
 * writes it as a {@link ZooKeeperReady} record where the launcher asks.
 */
@Command(name = "zookeeper", sortOptions = false, usageHelpAutoWidth = true,
        description = "An embedded ZooKeeper until SIGTERM or Ctrl-C; its data directory is removed when it stops.")
public final class ZooKeeperServer {

    @Option(names = OptionNames.HOST, description = "address to bind, exactly this one (default: ${DEFAULT-VALUE})")
    String host = "127.0.0.1";

    @Option(names = OptionNames.PORT, description = "port to bind; 0 takes a free one (default: ${DEFAULT-VALUE})")
    int port;

    @Option(names = OptionNames.LOG, paramLabel = "file",
            description = "ZooKeeper's log file (default logs/zookeeper-<UTC time>.log)")
    Path log;

    @Mixin
    RecordFileOptions records = new RecordFileOptions();

    @Option(names = "--help", usageHelp = true, description = "show this help")
    boolean help;

    private ZooKeeperServer() {
    }

    public static void main(String[] args) throws Exception {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        ZooKeeperServer options = new ZooKeeperServer();
        CommandLine command = new CommandLine(options);
        try {
            command.parseArgs(args);
        } catch (CommandLine.ParameterException e) {
            err.println("error: " + e.getMessage() + " (see --help)");
            return ExitCode.USAGE;
        }
        if (options.help) {
            command.usage(out);
            return ExitCode.OK;
        }
        Path logFile = RunFiles.logTo(options.log != null ? options.log
                : Path.of("logs", "zookeeper-" + RunFiles.utcStamp() + ".log"));
        RecordFiles.warmUp();
        CountDownLatch stop = StopSignals.install();
        LauncherWatch.onLauncherExit(stop::countDown);
        EmbeddedZooKeeper zookeeper;
        try {
            zookeeper = EmbeddedZooKeeper.start(options.host, options.port);
        } catch (RuntimeException e) {
            err.println("error: " + e.getMessage());
            options.records.writeStopped(Stopped.failed(ExitCode.FAILED, e.getMessage()));
            return ExitCode.FAILED;
        }
        ZooKeeperReady ready = new ZooKeeperReady(zookeeper.address().toString(),
                zookeeper.dataDirectory().toString(), logFile.toString(), ProcessHandle.current().pid());
        options.records.writeReady(ready);
        out.println(ready.consoleLine());
        out.flush();

        stop.await();
        zookeeper.close();
        options.records.writeStopped(new Stopped(ExitCode.OK, null, null, null));
        out.println("rpcbench zookeeper stopped; its data directory is removed");
        return ExitCode.OK;
    }
}
