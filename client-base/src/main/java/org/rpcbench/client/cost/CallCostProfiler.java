package org.rpcbench.client.cost;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import org.rpcbench.contract.CallCost;
import org.rpcbench.contract.MeasuredWindow;
import org.rpcbench.contract.WireProof;
import org.rpcbench.stack.ProcessCounters;
import org.rpcbench.stack.ServerSample;
import org.rpcbench.stack.StackConnection;

/**
 * What each call of an iteration cost on both sides ({@link CallCost}): the benchmarks' iteration window takes what
 * the client and every provider had spent at the end of its iteration set-up and at the start of its tear-down,
 * outside JMH's timing, and this profiler divides the differences by the iteration's operations (the client's side)
 * or by the calls the providers served meanwhile (the server's side, right with other clients calling the same
 * providers). The open loop takes the same costs around each of its windows.
 */
public final class CallCostProfiler implements InternalProfiler {

    private static final AtomicReference<Spent> ITERATION_START = new AtomicReference<>();
    private static final AtomicReference<Spent> ITERATION_END = new AtomicReference<>();
    private static volatile StackConnection watched;
    /** Open until the iteration's end was taken: the trial's tear-down, on any thread, waits for it. */
    private static volatile CountDownLatch iterationEnded = new CountDownLatch(0);
    /** How long the trial's tear-down waits for the end of the last iteration to be taken. */
    private static final long END_WAIT_SECONDS = 30;

    /**
     * What the client's JVM and its providers had spent at one moment, by the server's end of the connection; the
     * client's processors are those it may run on, the machine's cores all the kernel has; the moment on the client's
     * wall clock, which other consumers on the machine share.
     */
    public record Spent(long clientCpuNanos, long clientThreadsCpuNanos, long clientAllocatedBytes, long clientNanoTime,
            long clientEpochMillis, int clientProcessors, int machineCores, String clientMachine,
            Map<String, ServerSample> servers, Map<String, Long> callsServed) {

        /**
         * At an iteration's start, the providers' counters first, then, once {@code meet} returned (the consumers of a
         * topology run meeting, whether the probe answered or not), the client's: the probe calls and the meeting stay
         * out of the client's window, and the consumers' windows begin together. Null when a provider did not answer
         * the probe: that iteration goes without costs, and the benchmark's own calls say what happened to the
         * provider (a probe at a provider shutting down gets Dubbo's misleading "not found exported service").
         */
        public static Spent atStart(StackConnection connection, Runnable meet) {
            Map<String, Long> calls = null;
            Map<String, ServerSample> servers = null;
            try {
                if (connection != null) {
                    calls = callsServed(connection.proveWire());
                    servers = connection.sampleServers();
                }
            } catch (RuntimeException e) {
                servers = null;
            } finally {
                meet.run();
            }
            return servers == null ? null : client(servers, calls);
        }

        /** At an iteration's end, the client's counters first, then the providers'; null as at the start. */
        public static Spent atEnd(StackConnection connection) {
            if (connection == null) {
                return null;
            }
            Spent client = client(Map.of(), Map.of());
            try {
                Map<String, ServerSample> servers = connection.sampleServers();
                return new Spent(client.clientCpuNanos, client.clientThreadsCpuNanos, client.clientAllocatedBytes,
                        client.clientNanoTime, client.clientEpochMillis, client.clientProcessors, client.machineCores,
                        client.clientMachine, servers, callsServed(connection.proveWire()));
            } catch (RuntimeException e) {
                return null;
            }
        }

        private static Spent client(Map<String, ServerSample> servers, Map<String, Long> calls) {
            return new Spent(ProcessCounters.cpuNanos(), ProcessCounters.threadsCpuNanos(),
                    ProcessCounters.allocatedBytes(), System.nanoTime(), System.currentTimeMillis(),
                    Runtime.getRuntime().availableProcessors(), ProcessCounters.machineCores(),
                    ProcessCounters.machine(), servers, calls);
        }

        private static Map<String, Long> callsServed(List<WireProof> proofs) {
            Map<String, Long> calls = new TreeMap<>();
            proofs.forEach(proof -> calls.put(proof.server(), proof.callsServed()));
            return calls;
        }
    }

    /** The connection the benchmark state opened for its trial, null outside one. */
    public static void watch(StackConnection connection) {
        watched = connection;
    }

    /**
     * Called once an iteration's set-up is done, by the benchmarks' iteration window.
     *
     * @param meet where the consumers of a topology run meet, between the providers' counters and the client's
     */
    public static void iterationStarts(Runnable meet) {
        ITERATION_START.set(Spent.atStart(watched, meet));
    }

    /** Called before an iteration's tear-down, by the benchmarks' iteration window. */
    public static void iterationEnds() {
        ITERATION_END.set(Spent.atEnd(watched));
        iterationEnded.countDown();
    }

    /**
     * Waits (boundedly) until the running iteration's end was taken. In the last iteration JMH lets the first thread
     * done tear the trial down, which closes the connection, while the thread that takes the end may still be
     * finishing; a failing iteration never gets this far.
     */
    public static void awaitIterationEnd() throws InterruptedException {
        iterationEnded.await(END_WAIT_SECONDS, TimeUnit.SECONDS);
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmark, IterationParams iteration) {
        ITERATION_START.set(null);
        ITERATION_END.set(null);
        iterationEnded = new CountDownLatch(1);
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmark, IterationParams iteration,
            IterationResult result) {
        Spent start = ITERATION_START.getAndSet(null);
        Spent end = ITERATION_END.getAndSet(null);
        if (start == null || end == null) {
            return List.of();
        }
        return costs(start, end, result.getMetadata().getAllOps());
    }

    /** The costs between two moments of an iteration that made {@code operations} calls, and the two moments. */
    static List<ScalarResult> costs(Spent start, Spent end, long operations) {
        List<ScalarResult> costs = new ArrayList<>();
        costs.add(new ScalarResult(MeasuredWindow.START, start.clientEpochMillis / 1e3, MeasuredWindow.UNIT,
                AggregationPolicy.MIN));
        costs.add(new ScalarResult(MeasuredWindow.END, end.clientEpochMillis / 1e3, MeasuredWindow.UNIT,
                AggregationPolicy.MAX));
        long clientCpu = end.clientCpuNanos - start.clientCpuNanos;
        long clientNanos = end.clientNanoTime - start.clientNanoTime;
        if (operations > 0) {
            add(costs, CallCost.CLIENT_CPU, clientCpu / 1e3 / operations);
            if (start.clientThreadsCpuNanos >= 0 && end.clientThreadsCpuNanos >= 0) {
                add(costs, CallCost.CLIENT_THREADS_CPU,
                        (end.clientThreadsCpuNanos - start.clientThreadsCpuNanos) / 1e3 / operations);
            }
            if (start.clientAllocatedBytes >= 0 && end.clientAllocatedBytes >= 0) {
                add(costs, CallCost.CLIENT_ALLOCATION,
                        (double) (end.clientAllocatedBytes - start.clientAllocatedBytes) / operations);
            }
        }
        if (clientNanos > 0) {
            add(costs, CallCost.CLIENT_LOAD, 100.0 * clientCpu / ((double) clientNanos * end.clientProcessors));
        }
        long serverCpu = 0;
        long serverThreadsCpu = 0;
        boolean threadsCounted = true;
        long serverAllocated = 0;
        boolean allocationCounted = true;
        double serverCoreNanos = 0;
        long calls = 0;
        boolean sharedMachine = !end.clientMachine.isEmpty();
        for (Map.Entry<String, ServerSample> server : end.servers.entrySet()) {
            ServerSample before = start.servers.get(server.getKey());
            ServerSample after = server.getValue();
            if (before == null) {
                return costs;
            }
            serverCpu += after.processCpuNanos() - before.processCpuNanos();
            threadsCounted &= before.threadsCpuNanos() >= 0 && after.threadsCpuNanos() >= 0;
            serverThreadsCpu += after.threadsCpuNanos() - before.threadsCpuNanos();
            sharedMachine &= end.clientMachine.equals(after.machine());
            allocationCounted &= before.allocatedBytes() >= 0 && after.allocatedBytes() >= 0;
            serverAllocated += after.allocatedBytes() - before.allocatedBytes();
            serverCoreNanos += (double) (after.serverNanoTime() - before.serverNanoTime())
                    * after.availableProcessors();
            calls += end.callsServed.getOrDefault(server.getKey(), 0L)
                    - start.callsServed.getOrDefault(server.getKey(), 0L);
        }
        if (calls > 0) {
            add(costs, CallCost.SERVER_CPU, serverCpu / 1e3 / calls);
            if (threadsCounted) {
                add(costs, CallCost.SERVER_THREADS_CPU, serverThreadsCpu / 1e3 / calls);
            }
            if (allocationCounted) {
                add(costs, CallCost.SERVER_ALLOCATION, (double) serverAllocated / calls);
            }
        }
        if (serverCoreNanos > 0) {
            add(costs, CallCost.SERVER_LOAD, 100.0 * serverCpu / serverCoreNanos);
        }
        if (sharedMachine && clientNanos > 0) {
            add(costs, CallCost.MACHINE_LOAD,
                    100.0 * (clientCpu + serverCpu) / ((double) clientNanos * end.machineCores));
        }
        return costs;
    }

    /** The costs of a call between two moments, by {@link CallCost#label()}: for a load that is not JMH's. */
    public static Map<String, Double> perCall(Spent start, Spent end, long operations) {
        Map<String, Double> measured = new TreeMap<>();
        costs(start, end, operations).forEach(cost -> measured.put(cost.getLabel(), cost.getScore()));
        Map<String, Double> costs = new TreeMap<>();
        for (CallCost cost : CallCost.values()) {
            if (measured.containsKey(cost.label())) {
                costs.put(cost.label(), measured.get(cost.label()));
            }
        }
        return costs;
    }

    private static void add(List<ScalarResult> costs, CallCost cost, double value) {
        costs.add(new ScalarResult(cost.label(), value, cost.unit(), AggregationPolicy.AVG));
    }

    @Override
    public String getDescription() {
        return "CPU and bytes allocated per call on the client and on its providers, and both sides' CPU load";
    }
}
