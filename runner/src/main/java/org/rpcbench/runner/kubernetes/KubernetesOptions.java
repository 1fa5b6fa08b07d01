package org.rpcbench.runner.kubernetes;

import java.util.LinkedHashMap;
import java.util.Map;

import org.rpcbench.contract.JvmRole;
import picocli.CommandLine.Option;

/** With {@code --on k8s}: the namespace, the suite's image, each pod's CPUs and the nodes each role runs on. */
public final class KubernetesOptions {

    private static final int DEFAULT_CPUS = 2;

    @Option(names = "--namespace", paramLabel = "ns", description = "with --on k8s: an existing namespace to run"
            + " the pods in (default: the current kubeconfig context's)")
    String namespace;

    @Option(names = "--image", paramLabel = "ref", description = "with --on k8s: the suite's image as the nodes pull"
            + " it (docs/kubernetes.md builds it)")
    String image;

    @Option(names = "--pod-cpus", paramLabel = "n", description = "with --on k8s: each pod's whole CPUs, requested"
            + " and limited to (Guaranteed QoS), the JVM told as many (default: " + DEFAULT_CPUS + ")")
    Integer cpus;

    @Option(names = "--server-node-selector", paramLabel = "label=value", description = "with --on k8s: a node"
            + " label the servers' pods must run on; repeat it for more")
    Map<String, String> serverNodes = new LinkedHashMap<>();

    @Option(names = "--client-node-selector", paramLabel = "label=value", description = "with --on k8s: the same"
            + " for the clients' pods")
    Map<String, String> clientNodes = new LinkedHashMap<>();

    /**
     * What a run's pods are.
     *
     * @param namespace the namespace, or null: the current kubeconfig context's
     * @param nodeSelectors for a role, the node labels its pods must run on; a role without one runs anywhere
     */
    public record PodSettings(String namespace, String image, int cpus,
            Map<JvmRole, Map<String, String>> nodeSelectors) {

        public PodSettings {
            nodeSelectors = Map.copyOf(nodeSelectors);
        }

        public Map<String, String> nodeSelector(JvmRole role) {
            return nodeSelectors.getOrDefault(role, Map.of());
        }
    }

    /**
     * Checks the options together before anything starts.
     *
     * @param onKubernetes whether {@code --on k8s} was given
     * @throws IllegalArgumentException naming the option and what is wrong
     */
    public void check(boolean onKubernetes) {
        if (!onKubernetes) {
            if (namespace != null || image != null || cpus != null || !serverNodes.isEmpty()
                    || !clientNodes.isEmpty()) {
                throw new IllegalArgumentException("options --namespace, --image, --pod-cpus, --server-node-selector"
                        + " and --client-node-selector apply with --on k8s");
            }
            return;
        }
        if (image == null || image.isBlank()) {
            throw new IllegalArgumentException("option --on k8s: give the suite's image with --image");
        }
        if (cpus != null && cpus < 1) {
            throw new IllegalArgumentException("option --pod-cpus: " + cpus + " is below 1");
        }
    }

    public PodSettings settings() {
        return new PodSettings(namespace, image, cpus == null ? DEFAULT_CPUS : cpus,
                Map.of(JvmRole.SERVER, serverNodes, JvmRole.CLIENT, clientNodes));
    }
}
