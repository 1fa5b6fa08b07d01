package org.rpcbench.harness;

import java.util.concurrent.TimeUnit;

import org.apache.dubbo.rpc.protocol.tri.TripleCustomerProtocolWrapper.TripleRequestWrapper;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.rpcbench.dubbo.TripleWrapper;

/**
 * What a triple provider's wire proof adds to each request: reading the serializer its wrapper names. Dubbo's own
 * parser, which the proof used before, copies every argument; the scan reads the one field. Arguments of a getUser
 * call's size (an 8-byte id) and of a 1K and a 1M echo.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class TripleWrapperBenchmark {

    @Param({"8", "1024", "1048576"})
    public int argumentBytes;

    private byte[] wrapper;

    @Setup
    public void wrap() {
        wrapper = TripleRequestWrapper.Builder.newBuilder().setSerializeType("hessian4")
                .addArgs(new byte[argumentBytes]).addArgTypes("java.lang.Object").build().toByteArray();
    }

    @Benchmark
    public String dubbosParser() {
        return TripleRequestWrapper.parseFrom(wrapper).getSerializeType();
    }

    @Benchmark
    public String scan() {
        return TripleWrapper.serializeType(wrapper);
    }
}
