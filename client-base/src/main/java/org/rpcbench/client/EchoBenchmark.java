package org.rpcbench.client;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.Payload;

/** The seed reports' echo scenarios: one payload per trial, built once, sent and checked on every call. */
@BenchmarkMode({Mode.Throughput, Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class EchoBenchmark extends ConsumerBenchmark {

    /** A {@link Payload} key; {@code --payload} sets the list. */
    @Param("1k")
    public String payload;

    private EchoService echoService;
    private Payload shape;
    private Object request;

    @Override
    protected void prepare(ConsumerContext consumer) {
        echoService = consumer.echoService();
        shape = Payload.of(payload);
        request = shape.create();
    }

    @Benchmark
    public Object echo() {
        return shape.checkEcho(request, echoService.echo(request));
    }
}
