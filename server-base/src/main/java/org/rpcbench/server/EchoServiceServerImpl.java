package org.rpcbench.server;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import org.rpcbench.api.CpuBoundContract;
import org.rpcbench.api.EchoService;

public class EchoServiceServerImpl implements EchoService {

    /** Which provider worker threads served the CPU-bound call, and how often: does the work reach every core? */
    private static final Map<String, LongAdder> CPU_BOUND_CALLS_BY_THREAD = new ConcurrentHashMap<>();

    @Override
    public Object echo(Object payload) {
        return payload;
    }

    @Override
    public int assembleRandomNumbers(String payload, int count) {
        CPU_BOUND_CALLS_BY_THREAD.computeIfAbsent(Thread.currentThread().getName(), name -> new LongAdder())
                .increment();
        return CpuBoundContract.assemble(payload, count);
    }

    static Map<String, Long> cpuBoundCallsByThread() {
        Map<String, Long> calls = new TreeMap<>();
        CPU_BOUND_CALLS_BY_THREAD.forEach((thread, count) -> calls.put(thread, count.sum()));
        return calls;
    }
}
