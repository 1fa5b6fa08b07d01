package org.rpcbench.client;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.rpcbench.client.cost.CallCostProfiler;
import org.rpcbench.client.jmh.ForkJvm;
import org.rpcbench.client.wire.WireCheck;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.Stacks;
import org.rpcbench.stack.Target;

/**
 * What every benchmark class shares: its modes and unit, and one connection per trial through the module's stack,
 * shared by all benchmark threads (one connection to each provider unless {@code --connections} says otherwise),
 * with every provider's wire proven before the first call, and what both sides spent taken around every iteration
 * ({@link IterationWindow}, a state every benchmark method takes).
 */
@BenchmarkMode({Mode.Throughput, Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public abstract class StackBenchmark {

    private StackConnection connection;

    @Setup(Level.Trial)
    public void connect() {
        connection = WireCheck.open(Target.fromSystemProperties()).connection();
        prepare(connection);
        CallCostProfiler.watch(connection);
    }

    /** Takes the services and builds the requests, outside the measured calls. */
    protected abstract void prepare(StackConnection connection);

    /** Closes the connection; a fork, which opens no other, also lets the stack free what it keeps per process. */
    @TearDown(Level.Trial)
    public void disconnect() throws InterruptedException {
        CallCostProfiler.awaitIterationEnd();
        CallCostProfiler.watch(null);
        connection.close();
        if (ForkJvm.inFork()) {
            Stacks.client().releaseProcess();
        }
    }
}
