package org.rpcbench.contract;

import java.util.List;

/**
 * A client whose load has begun: written to its {@code --ready-file} once every provider's wire is proven and the
 * calls start, so a launcher that injects a fault counts from there.
 *
 * @param mode {@link #JMH}, {@link #AVAILABILITY}, {@link #OPEN_LOOP} or {@link #SOAK}
 * @param proofs one per provider the client calls
 * @param startEpochMillis when the load started, on the wall clock
 * @param pid the client's process id
 */
public record ClientReady(String mode, List<WireProof> proofs, long startEpochMillis, long pid) {

    public static final String JMH = "jmh";
    public static final String AVAILABILITY = "availability";
    public static final String OPEN_LOOP = "open-loop";
    public static final String SOAK = "soak";
}
