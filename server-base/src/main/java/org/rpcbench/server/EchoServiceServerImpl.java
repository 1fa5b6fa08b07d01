package org.rpcbench.server;

import java.util.Map;
import java.util.function.Function;

import org.rpcbench.api.CpuBoundContract;
import org.rpcbench.api.EchoService;
import org.rpcbench.stack.CallCounter;

/** The echo and the CPU-bound call, counting which worker threads serve the latter. */
public class EchoServiceServerImpl implements EchoService {

    /** Which provider worker threads served the CPU-bound call, and how often: does the work reach every core? */
    private final CallCounter<String> cpuBoundCallsByThread = new CallCounter<>();

    @Override
    public Object echo(Object payload) {
        return payload;
    }

    @Override
    public int assembleRandomNumbers(String payload, int count) {
        cpuBoundCallsByThread.increment(Thread.currentThread().getName());
        return CpuBoundContract.assemble(payload, count);
    }

    Map<String, Long> cpuBoundCallsByThread() {
        return cpuBoundCallsByThread.snapshot(Function.identity());
    }
}
