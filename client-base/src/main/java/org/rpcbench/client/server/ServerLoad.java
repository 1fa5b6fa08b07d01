package org.rpcbench.client.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;

import org.rpcbench.contract.WireProof;
import org.rpcbench.stack.ServerSample;

/**
 * What a run cost, from a sample of every provider before and one after: each server's CPU, the calls it served
 * (its own counter), its CPU per call and the CPU-bound call's spread over worker threads; and the client's CPU per
 * call, from its JMH forks over the calls they made (warmups included, as the servers' counts are; with other
 * consumers calling the same providers, a server's calls are theirs too, the client's only its own).
 */
public final class ServerLoad {

    private ServerLoad() {
    }

    /**
     * @param before, after each provider's sample, by the server's end of the connection
     * @param proofsBefore, proofsAfter each provider's proof, whose call counts bracket the run
     * @param forkCpuNanos the JMH forks' CPU time, or empty where it cannot be read or there were none
     * @param clientCalls the calls the forks made, warmups included; 0 when unknown
     */
    public static String describe(Map<String, ServerSample> before, Map<String, ServerSample> after,
            List<WireProof> proofsBefore, List<WireProof> proofsAfter, OptionalLong forkCpuNanos, long clientCalls) {
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, ServerSample> provider : before.entrySet()) {
            ServerSample earlier = provider.getValue();
            ServerSample later = after.get(provider.getKey());
            String server = before.size() == 1 ? "server" : "server " + provider.getKey();
            long calls = calls(proofsAfter, provider.getKey()) - calls(proofsBefore, provider.getKey());
            if (later == null) {
                lines.add(server + ": did not answer the probe after the run");
            } else {
                lines.add(describe(server, earlier, later, calls));
            }
        }
        if (forkCpuNanos.isPresent() && clientCalls > 0) {
            lines.add(String.format(Locale.ROOT, "client: %.1f s of CPU in its JMH forks, %,d calls, %.1f µs per call",
                    forkCpuNanos.getAsLong() / 1e9, clientCalls, forkCpuNanos.getAsLong() / 1e3 / clientCalls));
        }
        return String.join(System.lineSeparator(), lines);
    }

    /** The benchmark calls a server had served when its proof was taken. */
    private static long calls(List<WireProof> proofs, String server) {
        return proofs.stream().filter(proof -> proof.server().equals(server)).mapToLong(WireProof::callsServed)
                .findFirst().orElse(0);
    }

    private static String describe(String server, ServerSample before, ServerSample after, long calls) {
        double cpuSeconds = (after.processCpuNanos() - before.processCpuNanos()) / 1e9;
        double wallSeconds = (after.serverNanoTime() - before.serverNanoTime()) / 1e9;
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT,
                "%s: %.1f s of CPU in %.1f s (%.0f%% of its %d cores)", server, cpuSeconds, wallSeconds,
                100 * cpuSeconds / (wallSeconds * after.availableProcessors()), after.availableProcessors()));
        if (calls > 0) {
            text.append(String.format(Locale.ROOT, ", %,d calls, %.1f µs per call", calls, cpuSeconds * 1e6 / calls));
        }
        Map<String, Long> earlier = before.cpuBoundCallsByThread();
        List<Long> callsPerThread = after.cpuBoundCallsByThread().entrySet().stream()
                .map(entry -> entry.getValue() - earlier.getOrDefault(entry.getKey(), 0L))
                .filter(count -> count > 0)
                .sorted()
                .toList();
        if (!callsPerThread.isEmpty()) {
            text.append(String.format(Locale.ROOT,
                    "%n%s: assembleRandomNumbers served by %d worker threads, calls per thread min %d,"
                            + " median %d, max %d (total %d)",
                    server, callsPerThread.size(), callsPerThread.get(0), callsPerThread.get(callsPerThread.size() / 2),
                    callsPerThread.get(callsPerThread.size() - 1),
                    callsPerThread.stream().mapToLong(Long::longValue).sum()));
        }
        return text.toString();
    }
}
