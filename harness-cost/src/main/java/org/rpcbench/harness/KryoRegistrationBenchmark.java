package org.rpcbench.harness;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.kryo.KryoSerialization;
import org.apache.dubbo.common.serialize.kryo.utils.KryoUtils;
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
import org.rpcbench.api.Page;
import org.rpcbench.api.RegisteredClasses;
import org.rpcbench.api.User;
import org.rpcbench.api.UserServiceContract;

/**
 * What registering the benchmark's classes saves kryo alone, through the Dubbo extension the pairs use: writing and
 * reading {@code listUser}'s answer, unregistered (class names) and registered ({@link RegisteredClasses}, ids).
 * Registration is for a whole JVM, so each mode runs in forks of its own.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Thread)
public class KryoRegistrationBenchmark {

    @Param({"false", "true"})
    boolean registered;

    private final KryoSerialization kryo = new KryoSerialization();
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(8192);
    private Page<User> page;
    private byte[] written;

    @Setup
    public void register() throws IOException {
        if (registered) {
            RegisteredClasses.ORDER.forEach(KryoUtils::register);
        }
        page = UserServiceContract.page(2);
        written = write();
    }

    @Benchmark
    public byte[] write() throws IOException {
        buffer.reset();
        ObjectOutput output = kryo.serialize(null, buffer);
        output.writeObject(page);
        output.flushBuffer();
        return buffer.toByteArray();
    }

    @Benchmark
    public Object read() throws IOException, ClassNotFoundException {
        return kryo.deserialize(null, new ByteArrayInputStream(written)).readObject(Page.class);
    }
}
