package org.rpcbench.kubernetes;

import java.util.List;

/**
 * How a run on the cluster ended: each pod's outcome, and the first problem met (one line), or null when every
 * server got ready, every client ended well and every server stopped cleanly.
 */
public record RunOutcome(List<PodOutcome> servers, List<PodOutcome> clients, String problem) {

    public static final String INTERRUPTED = "interrupted";

    public boolean passed() {
        return problem == null;
    }
}
