package org.rpcbench.server;

import java.util.Map;
import java.util.function.Function;

import org.rpcbench.api.CpuBoundContract;
import org.rpcbench.api.EchoService;
import org.rpcbench.dubbo.CallCounter;

public class EchoServiceServerImpl implements EchoService {

    /** Which provider worker threads served the CPU-bound call, and how often: does the work reach every core? */
    private static final CallCounter<String> CPU_BOUND_CALLS_BY_THREAD = new CallCounter<>();

    @Override
    public Object echo(Object payload) {
        return payload;
    }

    @Override
    public int assembleRandomNumbers(String payload, int count) {
        CPU_BOUND_CALLS_BY_THREAD.increment(Thread.currentThread().getName());
        return CpuBoundContract.assemble(payload, count);
    }

    static Map<String, Long> cpuBoundCallsByThread() {
        return CPU_BOUND_CALLS_BY_THREAD.snapshot(Function.identity());
    }
}
