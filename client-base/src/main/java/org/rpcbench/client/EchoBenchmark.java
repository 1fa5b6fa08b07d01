package org.rpcbench.client;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.Payload;
import org.rpcbench.stack.StackConnection;

/** The seed reports' echo scenarios: one payload per trial, built once, sent and checked on every call. */
public class EchoBenchmark extends StackBenchmark {

    /** A {@link Payload} key; {@code --payload} sets the list. */
    @Param("1k")
    public String payload;

    private EchoService echoService;
    private Payload shape;
    private Object request;

    @Override
    protected void prepare(StackConnection connection) {
        echoService = connection.echoService();
        shape = Payload.of(payload);
        request = shape.create();
    }

    @Benchmark
    public Object echo(IterationWindow window) {
        return shape.checkEcho(request, echoService.echo(request));
    }
}
