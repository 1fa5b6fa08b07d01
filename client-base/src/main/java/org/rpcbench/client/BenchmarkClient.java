package org.rpcbench.client;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

import org.rpcbench.api.InjectedCost;
import org.rpcbench.api.UserService;
import org.rpcbench.client.availability.AvailabilityLoad;
import org.rpcbench.client.jmh.JmhLoad;
import org.rpcbench.client.load.Load;
import org.rpcbench.client.load.Session;
import org.rpcbench.client.load.StartTogether;
import org.rpcbench.client.openloop.OpenLoopLoad;
import org.rpcbench.client.options.ClientOptions;
import org.rpcbench.client.soak.SoakLoad;
import org.rpcbench.client.wire.WireCheck;
import org.rpcbench.contract.DiskSpace;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.LauncherWatch;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.RunFiles;
import org.rpcbench.contract.Stopped;
import org.rpcbench.contract.WireProof;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.Stacks;
import org.rpcbench.stack.StreamDirection;

/**
 * Runs a load against a running server: proves the wire first, then runs the load its options name (JMH's
 * benchmarks unless another load's options are given) and exits non-zero unless the load passed. Its ready record is
 * written when the load starts, its stop record when it ends.
 */
public final class BenchmarkClient {

    private final ClientOptions options;
    private final Load load;
    /** The cost every UserService call of this client pays as well, for the gate's own tests; null for none. */
    private final InjectedCost injected;
    private final PrintStream out;
    private final PrintStream err;

    private BenchmarkClient(ClientOptions options, Load load, PrintStream out, PrintStream err) {
        this.options = options;
        this.load = load;
        this.injected = options.injectCost().cost();
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) throws IOException {
        System.exit(run(args, System.out, System.err));
    }

    /** The client without {@code System.exit}: returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) throws IOException {
        ClientOptions options;
        Load load;
        try {
            options = ClientOptions.parse(List.of(args));
            load = load(options);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage() + " (see --help)");
            return ExitCode.USAGE;
        }
        if (options.helpRequested()) {
            ClientOptions.printHelp(out);
            return ExitCode.OK;
        }
        if (options.dryRun()) {
            load.plan().forEach(part -> out.println("would run: " + part));
            return ExitCode.OK;
        }
        try {
            Stacks.client().check(options.target());
            for (StreamDirection direction : load.streamDirections()) {
                Stacks.client().checkStreaming(direction);
            }
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.USAGE;
        }
        LauncherWatch.onLauncherExit(() -> {
            err.println("error: the runner that started this client is gone; stopping");
            System.exit(ExitCode.FAILED);
        });
        RecordFiles.warmUp();
        Path resultDirectory = options.resultFile() != null ? options.resultFile().toAbsolutePath().getParent()
                : Path.of("results");
        String shortage = DiskSpace.shortage(resultDirectory, DiskSpace.RUN_BYTES);
        if (shortage != null) {
            err.println("error: " + shortage);
            return ExitCode.FAILED;
        }
        Stopped stopped;
        try {
            stopped = new BenchmarkClient(options, load, out, err).measure();
        } catch (IOException e) {
            stopped = Stopped.failed(ExitCode.FAILED, "could not write the run's files: " + e.getMessage());
        }
        if (stopped.message() != null) {
            err.println("error: " + stopped.message());
        }
        options.records().writeStopped(stopped);
        return stopped.exitCode();
    }

    /** The load the options name: JMH's benchmarks unless another load's options were given. */
    private static Load load(ClientOptions options) {
        if (options.availability() != null) {
            return new AvailabilityLoad(options.availability(), options.target());
        }
        if (options.openLoop() != null) {
            return new OpenLoopLoad(options.openLoop(), options.target());
        }
        if (options.soak() != null) {
            return new SoakLoad(options.soak(), options.target());
        }
        return new JmhLoad(options.jmh(), options.target(), options.concurrentConsumer(),
                options.injectCost().text(), module());
    }

    private static String module() {
        return RunFiles.moduleName(BenchmarkClient.class, "rpcbench-client");
    }

    private Stopped measure() throws IOException {
        Path resultFile = (options.resultFile() != null ? options.resultFile() : options.newResultFile(module()))
                .toAbsolutePath();
        Path logFile = RunFiles.logTo(resultFile.resolveSibling(resultFile.getFileName() + ".log"));
        try (load) {
            try {
                load.prepare(out);
            } catch (UncheckedIOException e) {
                return Stopped.failed(ExitCode.FAILED, e.getMessage());
            }
            return proveTheWireAndRun(logFile, resultFile);
        }
    }

    private Stopped proveTheWireAndRun(Path logFile, Path resultFile) throws IOException {
        if (injected != null) {
            out.println(injected.describe());
        }
        out.println("connections: " + (options.connections() == 0
                ? Stacks.client().defaultConnections() + " (the stack's default)"
                : options.connections() + " per provider"));

        WireCheck check;
        try {
            check = WireCheck.open(options.target());
        } catch (RuntimeException e) {
            err.println("log: " + logFile);
            return Stopped.failed(ExitCode.FAILED, e.getMessage());
        }
        try (StackConnection connection = check.connection()) {
            for (WireProof proof : check.proofs()) {
                out.println("wire check passed: " + proof.describe());
            }
            out.println("bytes per call, request/answer, header included: "
                    + check.proofs().get(0).describeFrames());
            if (options.startTogether() != null) {
                try {
                    out.println(StartTogether.await(options.startTogether()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return Stopped.failed(ExitCode.INTERRUPTED, "stopped while waiting to start together");
                }
            }
            return load.run(new Session(connection, check.proofs(), connection.sampleServers(), users(connection),
                    resultFile, logFile, out, err, options.records()));
        } catch (RuntimeException e) {
            return Stopped.failed(ExitCode.FAILED, e.getMessage());
        }
    }

    /** The connection's UserService, paying the injected cost when there is one. */
    private UserService users(StackConnection connection) {
        return injected == null ? connection.userService() : injected.users(connection.userService());
    }
}
