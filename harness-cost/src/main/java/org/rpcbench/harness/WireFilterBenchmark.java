package org.rpcbench.harness;

import java.util.concurrent.TimeUnit;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.remoting.transport.CodecSupport;
import org.apache.dubbo.rpc.AppResponse;
import org.apache.dubbo.rpc.Constants;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcInvocation;
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
import org.rpcbench.api.UserService;
import org.rpcbench.dubbo.WireSerializationFilter;

/**
 * What the provider's wire-serializer filter (the check that the call's serializer is the provider's, and the call
 * counter) adds to a call: the filter in front of an invoker that answers at once, against that invoker alone. Two
 * threads, as two cores of provider workers would count at once.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@Threads(2)
@State(Scope.Thread)
public class WireFilterBenchmark {

    private static final String SERIALIZATION = "hessian2";

    private final WireSerializationFilter filter = new WireSerializationFilter();
    private final Invoker<UserService> invoker = new AnsweringInvoker(
            URL.valueOf("dubbo://127.0.0.1:8080/" + UserService.class.getName() + "?serialization=" + SERIALIZATION));
    private final RpcInvocation invocation = new RpcInvocation("getUser", UserService.class.getName(),
            UserService.class.getName(), new Class<?>[] {long.class}, new Object[] {1L});

    {
        invocation.put(Constants.SERIALIZATION_ID_KEY, CodecSupport.getIDByName(SERIALIZATION));
    }

    @Benchmark
    public Result filtered() {
        return filter.invoke(invoker, invocation);
    }

    @Benchmark
    public Result unfiltered() {
        return invoker.invoke(invocation);
    }

    /** A provider's service invoker reduced to its answer. */
    private static final class AnsweringInvoker implements Invoker<UserService> {

        private final URL url;
        private final Result answer = new AppResponse(Boolean.TRUE);

        AnsweringInvoker(URL url) {
            this.url = url;
        }

        @Override
        public Class<UserService> getInterface() {
            return UserService.class;
        }

        @Override
        public Result invoke(Invocation invocation) {
            return answer;
        }

        @Override
        public URL getUrl() {
            return url;
        }

        @Override
        public boolean isAvailable() {
            return true;
        }

        @Override
        public void destroy() {
        }
    }
}
