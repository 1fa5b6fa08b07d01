package org.rpcbench.harness;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.rpcbench.dubbo.DecodedSerializers;

/**
 * The other per-call step of a triple provider's wire proof: the serializer its decoder noted against a request's
 * decoded arguments, taken by the wire filter ({@link DecodedSerializers}). Two threads calling with no pause, as
 * many as the cores a provider has here, is the worst case: every call contends for the map; {@code -t 1} gives the
 * uncontended cost. {@code arguments} alone is the array every call decodes anyway.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@Threads(2)
@State(Scope.Benchmark)
public class SerializerHandOffBenchmark {

    @Benchmark
    public Object[] arguments() {
        return new Object[] {1L};
    }

    @Benchmark
    public String noteAndTake() {
        Object[] arguments = new Object[] {1L};
        DecodedSerializers.note(arguments, "hessian2");
        return DecodedSerializers.take(arguments);
    }
}
