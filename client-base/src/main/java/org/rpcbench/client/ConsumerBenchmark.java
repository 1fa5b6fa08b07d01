package org.rpcbench.client;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.rpcbench.dubbo.Endpoint;

/**
 * What every benchmark class shares: one Dubbo consumer per trial, shared by all benchmark threads (one connection
 * to each provider unless {@code --connections} says otherwise, as Dubbo does by default), every provider
 * wire-checked before the first call.
 */
@State(Scope.Benchmark)
public abstract class ConsumerBenchmark {

    private ConsumerContext consumer;

    @Setup(Level.Trial)
    public void connect() {
        consumer = ConsumerContext.open(Endpoint.fromSystemProperties());
        consumer.verify();
        prepare(consumer);
    }

    /** Takes the services and builds the requests, outside the measured calls. */
    protected abstract void prepare(ConsumerContext consumer);

    @TearDown(Level.Trial)
    public void disconnect() {
        consumer.close();
    }
}
