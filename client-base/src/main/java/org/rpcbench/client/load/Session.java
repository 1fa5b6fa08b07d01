package org.rpcbench.client.load;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.rpcbench.api.UserService;
import org.rpcbench.client.server.ServerLoad;
import org.rpcbench.contract.ClientReady;
import org.rpcbench.contract.RecordFileOptions;
import org.rpcbench.contract.WireProof;
import org.rpcbench.stack.ServerSample;
import org.rpcbench.stack.StackConnection;

/**
 * What a load runs with: the connection whose wire was proven, and what the providers had spent before the load.
 *
 * @param proofs each provider's proof, taken before the load
 * @param before each provider's sample, taken before the load
 * @param users the connection's UserService, paying the client's injected cost when it has one
 * @param resultFile where the load writes its result
 * @param logFile the stack's log, beside the result
 * @param records the run's ready and stop records
 */
public record Session(StackConnection connection, List<WireProof> proofs, Map<String, ServerSample> before,
        UserService users, Path resultFile, Path logFile, PrintStream out, PrintStream err,
        RecordFileOptions records) {

    /** Says the load started, in the ready record: which load, over which proven wire. */
    public void ready(String mode) {
        records.writeReady(new ClientReady(mode, proofs, System.currentTimeMillis(), ProcessHandle.current().pid()));
    }

    /**
     * What the providers spent since the load started, from a sample and a proof of each taken now.
     *
     * @param forkCpuNanos the JMH forks' CPU time, or empty where there were none
     * @param clientCalls the calls the forks made; 0 when unknown
     */
    public String serverLoad(OptionalLong forkCpuNanos, long clientCalls) {
        return ServerLoad.describe(before, connection.sampleServers(), proofs, connection.proveWire(), forkCpuNanos,
                clientCalls);
    }
}
