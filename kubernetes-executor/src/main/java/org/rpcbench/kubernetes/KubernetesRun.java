package org.rpcbench.kubernetes;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.rpcbench.contract.JvmRole;

/**
 * One run's JVMs on a cluster: where (namespace), from which image, under which run id (every object the run
 * creates carries it as a label, which is how they are all deleted), and how long each step may take.
 *
 * @param runId names and labels the run's pods: lower-case letters, digits and '-', as a label value allows
 * @param nodeSelectors for a role, the node labels its pods must run on; a role without one runs anywhere
 * @param serverReadyTimeout how long a server pod may take to write its ready record (its image pull included)
 * @param clientTimeout how long the clients may run, together
 * @param stopGrace how long a server may take to stop once asked (Kubernetes updates the pod's annotation file
 *                  on its next sync, about a minute at most)
 */
public record KubernetesRun(String runId, String namespace, String image, List<PodJvm> servers,
        List<PodJvm> clients, Map<JvmRole, Map<String, String>> nodeSelectors, Duration serverReadyTimeout,
        Duration clientTimeout, Duration stopGrace) {

    /** A label value and a DNS label at once, short enough that a pod's name stays within 63 characters. */
    private static final Pattern RUN_ID = Pattern.compile("[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?");

    public KubernetesRun {
        if (!RUN_ID.matcher(runId).matches()) {
            throw new IllegalArgumentException("run id " + runId
                    + " is not 1-40 lower-case letters, digits and '-' (starting and ending alphanumeric)");
        }
        if (servers.isEmpty() || clients.isEmpty()) {
            throw new IllegalArgumentException("a run needs at least one server and one client");
        }
        if (servers.stream().anyMatch(jvm -> jvm.role() != JvmRole.SERVER)
                || clients.stream().anyMatch(jvm -> jvm.role() != JvmRole.CLIENT)) {
            throw new IllegalArgumentException("servers and clients are given in their own lists");
        }
        servers = List.copyOf(servers);
        clients = List.copyOf(clients);
        nodeSelectors = Map.copyOf(nodeSelectors);
    }

    public Map<String, String> nodeSelector(JvmRole role) {
        return nodeSelectors.getOrDefault(role, Map.of());
    }
}
