package org.rpcbench.kubernetes;

import java.util.Map;
import java.util.regex.Pattern;

import org.rpcbench.contract.JvmRole;

/**
 * One run's pods on a cluster: where (namespace), from which image, under which run id (every pod the run creates
 * carries it as a label, which is how they are all deleted), on which nodes each role runs.
 *
 * @param runId labels the run's pods and begins their names: lower-case letters, digits and '-', as a label allows
 * @param nodeSelectors for a role, the node labels its pods must run on; a role without one runs anywhere
 */
public record KubernetesRun(String runId, String namespace, String image,
        Map<JvmRole, Map<String, String>> nodeSelectors) {

    /** A label value and a DNS label at once, short enough that a pod's name stays within 63 characters. */
    private static final Pattern RUN_ID = Pattern.compile("[a-z0-9]([a-z0-9-]{0,30}[a-z0-9])?");

    public KubernetesRun {
        if (!RUN_ID.matcher(runId).matches()) {
            throw new IllegalArgumentException("run id " + runId
                    + " is not 1-32 lower-case letters, digits and '-' (starting and ending alphanumeric)");
        }
        nodeSelectors = Map.copyOf(nodeSelectors);
    }

    public Map<String, String> nodeSelector(JvmRole role) {
        return nodeSelectors.getOrDefault(role, Map.of());
    }
}
