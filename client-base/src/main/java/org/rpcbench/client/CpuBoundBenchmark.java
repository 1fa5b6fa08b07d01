package org.rpcbench.client;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.rpcbench.api.CpuBoundContract;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.Payload;

/** The Dubbo 2.0 report's CPU-bound call: a 1K string, and 10,000 random numbers assembled on the server. */
@BenchmarkMode({Mode.Throughput, Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class CpuBoundBenchmark extends ConsumerBenchmark {

    private EchoService echoService;
    private String request;

    @Override
    protected void prepare(ConsumerContext consumer) {
        echoService = consumer.echoService();
        request = (String) Payload.STRING_1K.create();
    }

    @Benchmark
    public int assembleRandomNumbers() {
        return CpuBoundContract.checkAssembled(request, CpuBoundContract.COUNT,
                echoService.assembleRandomNumbers(request, CpuBoundContract.COUNT));
    }
}
