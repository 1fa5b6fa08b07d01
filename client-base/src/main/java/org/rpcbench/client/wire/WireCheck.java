package org.rpcbench.client.wire;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import org.rpcbench.contract.WireProof;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.Stacks;
import org.rpcbench.stack.Target;
import org.rpcbench.stack.WireCheckException;

/**
 * Holds every stack's proof to the same rules before anything is measured: for every provider the client calls,
 * the server is configured for the client's protocol and serializer, read that serializer off the wire of a call
 * made over the benchmark's own settings, and the connection reached exactly the address the provider binds.
 *
 * @param connection the open connection, whose wire is proven
 * @param proofs one per provider
 */
public record WireCheck(StackConnection connection, List<WireProof> proofs) {

    /**
     * Opens the module's stack to the target and proves its wire; the connection is closed again when it fails.
     *
     * @throws org.rpcbench.stack.ServerUnreachableException when nothing answers there
     * @throws WireCheckException when the wire is not what the run is configured for
     */
    public static WireCheck open(Target target) {
        StackConnection connection = Stacks.client().open(target);
        try {
            return new WireCheck(connection, verify(connection));
        } catch (RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    /** The connection's proofs, each checked; @throws WireCheckException naming what does not hold */
    public static List<WireProof> verify(StackConnection connection) {
        List<WireProof> proofs = connection.proveWire();
        for (WireProof proof : proofs) {
            if (!Objects.equals(proof.protocol(), proof.serverProtocol())) {
                throw WireCheckException.mismatch("protocol", proof.protocol(), proof.server(),
                        proof.serverProtocol());
            }
            if (!Objects.equals(proof.serialization(), proof.serverSerialization())) {
                throw WireCheckException.mismatch("", proof.serialization(), proof.server(),
                        proof.serverSerialization());
            }
            if (!Objects.equals(proof.serialization(), proof.wireSerialization())) {
                throw new WireCheckException("the server at " + proof.server() + " read " + proof.wireSerialization()
                        + " on the wire, not the configured " + proof.serialization());
            }
        }
        for (String provider : connection.providers()) {
            if (proofs.stream().noneMatch(proof -> isAddress(proof.server(), provider))) {
                throw new WireCheckException("the connection to " + provider + " reached "
                        + String.join(", ", proofs.stream().map(WireProof::server).toList())
                        + " instead (the stack replaced the address)");
            }
        }
        return proofs;
    }

    /** Whether a literal host:port a server saw is the host:port a provider was configured with (host resolved). */
    static boolean isAddress(String literal, String configured) {
        int colon = literal.lastIndexOf(':');
        int configuredColon = configured.lastIndexOf(':');
        if (!literal.substring(colon + 1).equals(configured.substring(configuredColon + 1))) {
            return false;
        }
        try {
            return Arrays.stream(InetAddress.getAllByName(configured.substring(0, configuredColon)))
                    .anyMatch(address -> address.getHostAddress().equals(literal.substring(0, colon)));
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
