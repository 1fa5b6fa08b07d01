package org.rpcbench.client;

import org.openjdk.jmh.annotations.Benchmark;
import org.rpcbench.api.CpuBoundContract;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.Payload;
import org.rpcbench.stack.StackConnection;

/** The Dubbo 2.0 report's CPU-bound call: a 1K string, and 10,000 random numbers assembled on the server. */
public class CpuBoundBenchmark extends StackBenchmark {

    private EchoService echoService;
    private String request;

    @Override
    protected void prepare(StackConnection connection) {
        echoService = connection.echoService();
        request = (String) Payload.STRING_1K.create();
    }

    @Benchmark
    public int assembleRandomNumbers(IterationWindow window) {
        return CpuBoundContract.checkAssembled(request, CpuBoundContract.COUNT,
                echoService.assembleRandomNumbers(request, CpuBoundContract.COUNT));
    }
}
