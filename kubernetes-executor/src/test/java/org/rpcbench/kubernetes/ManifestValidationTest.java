package org.rpcbench.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.kubernetes.client.openapi.models.V1Pod;
import org.junit.jupiter.api.Test;
import org.rpcbench.contract.ServerReady;

/**
 * Every pod a run creates, checked against the Kubernetes project's own models, whose reading rejects a field the
 * API does not define and a required field that is missing; and what each pod promises: run once, never beside a
 * pod of the other role, Guaranteed QoS on whole CPUs that the JVM is told of.
 */
class ManifestValidationTest {

    private static final KubernetesSerialization JSON = new KubernetesSerialization();
    private static final ObjectMapper TREE = new ObjectMapper();

    private final KubernetesRun run = TestRuns.run("r1");

    private List<Pod> manifests() {
        List<Pod> pods = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            pods.add(PodManifests.pod(run, TestRuns.server(i)));
        }
        for (int i = 0; i < 2; i++) {
            pods.add(PodManifests.pod(run, TestRuns.client(i)));
        }
        pods.add(PodManifests.pod(run, TestRuns.zookeeper()));
        return pods;
    }

    /** What a server bound at {@code host} states once ready, registered at {@code registry} (or null: none). */
    static ServerReady ready(String host, int port, String registry) {
        return new ServerReady("dubbo", host, port, "dubbo", "kryo", registry, Map.of("dubbo", "3.3.6"), Map.of(),
                "logs/server.log", 1, null);
    }

    /** The Kubernetes project's models read it, or throw for a field they do not define or a missing one. */
    static V1Pod strictlyRead(String json) throws Exception {
        V1Pod pod = V1Pod.fromJson(json);
        assertEquals(TREE.readTree(json).path("metadata").path("generateName").asText(),
                pod.getMetadata().getGenerateName());
        return pod;
    }

    @Test
    void everyManifestIsAPodAsTheApiDefinesIt() throws Exception {
        for (Pod pod : manifests()) {
            V1Pod read = strictlyRead(JSON.asJson(pod));
            assertEquals("Never", read.getSpec().getRestartPolicy());
            assertEquals(pod.getSpec().getContainers().get(0).getArgs(),
                    read.getSpec().getContainers().get(0).getArgs());
        }
    }

    @Test
    void aFieldTheApiDoesNotDefineFailsValidation() throws Exception {
        ObjectNode manipulated = (ObjectNode) TREE.readTree(JSON.asJson(manifests().get(0)));
        ((ObjectNode) manipulated.path("spec").path("containers").get(0)).put("cpuLimit", "2");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> strictlyRead(manipulated.toString()));
        assertTrue(refused.getMessage().contains("`cpuLimit`"), refused.getMessage());
    }

    @Test
    void aMissingRequiredFieldFailsValidation() throws Exception {
        ObjectNode manipulated = (ObjectNode) TREE.readTree(JSON.asJson(manifests().get(0)));
        ((ObjectNode) manipulated.path("spec").path("affinity").path("podAntiAffinity")
                .path("requiredDuringSchedulingIgnoredDuringExecution").get(0)).remove("topologyKey");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> strictlyRead(manipulated.toString()));
        assertTrue(refused.getMessage().contains("topologyKey"), refused.getMessage());
    }

    @Test
    void podsAreGuaranteedWholeCpusAndTheJvmIsToldHowMany() {
        for (Pod pod : manifests()) {
            Container jvm = pod.getSpec().getContainers().get(0);
            assertEquals(jvm.getResources().getRequests(), jvm.getResources().getLimits());
            String cpus = jvm.getResources().getLimits().get("cpu").toString();
            assertTrue(cpus.matches("[1-9][0-9]*"), cpus);
            assertTrue(jvm.getArgs().contains("-XX:ActiveProcessorCount=" + cpus), jvm.getArgs().toString());
        }
    }

    @Test
    void aServerAndAClientNeverShareANode() {
        for (Pod pod : manifests()) {
            String role = pod.getMetadata().getLabels().get(PodManifests.ROLE_LABEL);
            List<PodAffinityTerm> terms = pod.getSpec().getAffinity().getPodAntiAffinity()
                    .getRequiredDuringSchedulingIgnoredDuringExecution();
            assertEquals(1, terms.size());
            assertEquals("kubernetes.io/hostname", terms.get(0).getTopologyKey());
            assertEquals(Map.of(PodManifests.RUN_LABEL, "r1", PodManifests.ROLE_LABEL,
                    role.equals("client") ? "server" : "client"), terms.get(0).getLabelSelector().getMatchLabels());
            assertEquals("r1", pod.getMetadata().getLabels().get(PodManifests.RUN_LABEL));
        }
    }

    @Test
    void aNodeSelectorAppliesToItsRoleOnlyAndZooKeeperGoesWithTheServers() {
        List<Pod> pods = manifests();
        assertEquals(Map.of("rpcbench.org/pool", "servers"), pods.get(0).getSpec().getNodeSelector());
        assertNull(pods.get(2).getSpec().getNodeSelector());
        assertEquals(Map.of("rpcbench.org/pool", "servers"), pods.get(4).getSpec().getNodeSelector());
    }

    @Test
    void zooKeepersPodRunsItsMainClassFromTheRegistryJarOnItsPodsAddress() {
        Pod zookeeper = manifests().get(4);
        List<String> args = zookeeper.getSpec().getContainers().get(0).getArgs();
        int classPath = args.indexOf("-cp");
        assertEquals(List.of("-cp", PodManifests.SUITE + "/registry/target/registry.jar",
                "org.rpcbench.registry.ZooKeeperServer", "--host", "$(RPCBENCH_POD_IP)"),
                args.subList(classPath, classPath + 5));
        assertTrue(args.contains("-Xmx256m"), args.toString());
        assertEquals("zookeeper", zookeeper.getMetadata().getLabels().get(PodManifests.ROLE_LABEL));
        assertEquals("rpcbench-r1-zookeeper-0-", zookeeper.getMetadata().getGenerateName());
    }

    @Test
    void aServerBindsItsPodsOwnAddressFromTheDownwardApi() throws Exception {
        JsonNode server = TREE.readTree(JSON.asJson(manifests().get(0)));
        JsonNode podIp = server.path("spec").path("containers").get(0).path("env").get(0);
        assertEquals("RPCBENCH_POD_IP", podIp.path("name").asText());
        assertEquals("status.podIP", podIp.path("valueFrom").path("fieldRef").path("fieldPath").asText());
        assertTrue(manifests().get(0).getSpec().getContainers().get(0).getArgs().contains("$(RPCBENCH_POD_IP)"));
        assertEquals("rpcbench-r1-server-1-", manifests().get(1).getMetadata().getGenerateName());
    }
}
