package org.rpcbench.server;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

import joptsimple.OptionException;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;
import org.rpcbench.dubbo.Endpoint;
import org.rpcbench.dubbo.WireSerializationFilter;
import org.rpcbench.launch.RunFiles;
import org.rpcbench.launch.StopSignals;
import org.rpcbench.registry.EmbeddedZooKeeper;
import org.rpcbench.registry.RegistryAddress;

/** Runs a pair's provider until SIGTERM or Ctrl-C, then stops it and exits 0. */
public final class BenchmarkServer {

    private BenchmarkServer() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        OptionParser parser = new OptionParser();
        OptionSpec<String> host = parser.accepts("host", "address to bind (exactly this one)")
                .withRequiredArg().defaultsTo("127.0.0.1");
        OptionSpec<Integer> port = parser.accepts("port", "port to bind")
                .withRequiredArg().ofType(Integer.class).defaultsTo(8080);
        OptionSpec<String> registry = parser.accepts("registry", "register at this ZooKeeper, zookeeper://host:port,"
                        + " or at an embedded one started with the server (zookeeper: a free port on --host, named in"
                        + " the ready line, removed when the server stops); default: none, clients connect directly")
                .withRequiredArg();
        OptionSpec<String> log = parser.accepts("log", "Dubbo's log file (default logs/<module>-<UTC time>.log)")
                .withRequiredArg();
        OptionSpec<Void> help = parser.accepts("help", "show this help").forHelp();
        OptionSet options;
        try {
            options = parser.parse(args);
        } catch (OptionException e) {
            System.err.println("error: " + e.getMessage());
            parser.printHelpOn(System.err);
            System.exit(2);
            return;
        }
        if (options.has(help)) {
            parser.printHelpOn(System.out);
            return;
        }

        String module = RunFiles.moduleName(BenchmarkServer.class, "server");
        Path logFile = RunFiles.logDubboTo(Path.of(options.has(log)
                ? options.valueOf(log) : "logs/" + module + "-" + RunFiles.utcStamp() + ".log"));

        CountDownLatch stop = StopSignals.install();

        boolean embeddedRegistry = RegistryAddress.EMBEDDED.equals(options.valueOf(registry));
        RegistryAddress registryAddress;
        try {
            registryAddress = !options.has(registry) || embeddedRegistry ? null
                    : RegistryAddress.parse(options.valueOf(registry));
        } catch (IllegalArgumentException e) {
            System.err.println("error: option registry: " + e.getMessage());
            System.exit(2);
            return;
        }
        EmbeddedZooKeeper zookeeper = null;
        ProviderContext provider;
        try {
            if (embeddedRegistry) {
                zookeeper = EmbeddedZooKeeper.start(options.valueOf(host), 0);
                registryAddress = zookeeper.address();
            }
            provider = ProviderContext.start(new Endpoint(options.valueOf(host), options.valueOf(port),
                    registryAddress));
        } catch (RuntimeException e) {
            // exit explicitly: Dubbo's non-daemon threads would keep a JVM with a failed provider alive
            System.err.println("error: " + e.getMessage());
            System.err.println("Dubbo's log: " + logFile);
            if (zookeeper != null) {
                zookeeper.close();
            }
            System.exit(1);
            return;
        }
        System.out.println(provider.readyLine() + " log=" + logFile);
        System.out.flush();

        stop.await();
        // unregistered before the registry goes, so no consumer is left waiting for a session to expire
        provider.close();
        if (zookeeper != null) {
            zookeeper.close();
        }
        System.out.println("rpcbench server stopped; calls served by serialization: "
                + WireSerializationFilter.callsBySerialization());
        System.exit(0);
    }
}
