package org.rpcbench.kubernetes;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import org.rpcbench.contract.JvmRole;
import org.rpcbench.contract.JvmSettings;
import org.rpcbench.contract.OptionNames;

/**
 * The pods of a run: one per server and per client (and one for the run's ZooKeeper, placed as a server is), each
 * run once (restartPolicy Never), labelled with the run and its role, never on a node that runs a pod of the other
 * side (required anti-affinity on the host name, as gRPC's LoadTest does), with Guaranteed QoS (requests equal to
 * limits, whole CPUs) and the JVM told the same number of processors. The image holds the suite's directory at
 * {@link #SUITE}: each module's jar where a build leaves it.
 */
public final class PodManifests {

    public static final String RUN_LABEL = "rpcbench.org/run";
    public static final String ROLE_LABEL = "rpcbench.org/role";
    public static final String INDEX_LABEL = "rpcbench.org/index";
    /** Set to "true" on a pod to ask its JVM to stop (the pod's entry reads it from its annotation file). */
    public static final String STOP_ANNOTATION = "rpcbench.org/stop";
    public static final String SUITE = "/rpcbench/suite";
    /** The JVM's working directory: its relative paths resolve here, and every file here is collected. */
    public static final String RUN_DIRECTORY = "/rpcbench/run";
    public static final String READY_RECORD = "ready.json";
    public static final String STOP_RECORD = "stop.json";
    /** Where a client that hosts the lockstep writes its address; sent as soon as it exists, as the ready record. */
    public static final String LOCKSTEP_RECORD = "lockstep.json";
    public static final String CONTAINER = "jvm";
    static final String POD_IP_VARIABLE = "RPCBENCH_POD_IP";
    /** Where the pod's entry script finds the pod's annotations (a downward API file). */
    static final String ANNOTATIONS_VARIABLE = "RPCBENCH_ANNOTATIONS";
    private static final String POD_INFO = "/etc/rpcbench";
    private static final String HOSTNAME_TOPOLOGY = "kubernetes.io/hostname";
    /** What a JVM takes beyond its heap: metaspace, code cache, threads, direct buffers. */
    private static final long NON_HEAP_BYTES = 512L << 20;
    private static final String ENTRY_SCRIPT = entryScript();

    private PodManifests() {
    }

    /** "rpcbench-r1-server-0-": what the API server adds a few random characters to for each pod's name. */
    public static String podNamePrefix(KubernetesRun run, PodJvm jvm) {
        return "rpcbench-" + run.runId() + "-" + jvm.roleName() + "-" + jvm.index() + "-";
    }

    /**
     * The JVM's pod, named by the API server after {@link #podNamePrefix}; a server finds its own address in
     * {@link PodJvm#POD_IP}.
     */
    public static Pod pod(KubernetesRun run, PodJvm jvm) {
        // the run's ZooKeeper keeps off the clients' nodes as a server does: it is the providers' side of a pair
        String other = jvm.role() == JvmRole.CLIENT ? "server" : "client";
        Map<String, Quantity> resources = Map.of("cpu", new Quantity(String.valueOf(jvm.cpus())),
                "memory", new Quantity((memoryBytes(jvm.role()) >> 20) + "Mi"));
        List<EnvVar> env = new ArrayList<>();
        env.add(new EnvVarBuilder().withName(POD_IP_VARIABLE)
                .withNewValueFrom().withNewFieldRef().withFieldPath("status.podIP").endFieldRef().endValueFrom()
                .build());
        env.add(new EnvVar(ANNOTATIONS_VARIABLE, POD_INFO + "/annotations", null));
        Map<String, String> nodeSelector = run.nodeSelector(jvm.role() == JvmRole.ZOOKEEPER ? JvmRole.SERVER
                : jvm.role());
        return new PodBuilder()
                .withNewMetadata()
                    .withGenerateName(podNamePrefix(run, jvm))
                    .withNamespace(run.namespace())
                    .addToLabels("app.kubernetes.io/name", "rpcbench")
                    .addToLabels("app.kubernetes.io/component", jvm.module())
                    .addToLabels(RUN_LABEL, run.runId())
                    .addToLabels(ROLE_LABEL, jvm.roleName())
                    .addToLabels(INDEX_LABEL, String.valueOf(jvm.index()))
                .endMetadata()
                .withNewSpec()
                    .withRestartPolicy("Never")
                    .withNodeSelector(nodeSelector.isEmpty() ? null : nodeSelector)
                    .withNewAffinity().withNewPodAntiAffinity()
                        .addNewRequiredDuringSchedulingIgnoredDuringExecution()
                            .withTopologyKey(HOSTNAME_TOPOLOGY)
                            .withNewLabelSelector()
                                .addToMatchLabels(RUN_LABEL, run.runId())
                                .addToMatchLabels(ROLE_LABEL, other)
                            .endLabelSelector()
                        .endRequiredDuringSchedulingIgnoredDuringExecution()
                    .endPodAntiAffinity().endAffinity()
                    .addNewContainer()
                        .withName(CONTAINER)
                        .withImage(run.image())
                        .withImagePullPolicy("IfNotPresent")
                        .withCommand("sh", "-c", ENTRY_SCRIPT, "rpcbench-pod")
                        .withArgs(command(jvm))
                        .withWorkingDir(RUN_DIRECTORY)
                        .withEnv(env)
                        .withNewResources().withRequests(resources).withLimits(resources).endResources()
                        .addNewVolumeMount().withName("run").withMountPath(RUN_DIRECTORY).endVolumeMount()
                        .addNewVolumeMount().withName("pod-info").withMountPath(POD_INFO).endVolumeMount()
                    .endContainer()
                    .addNewVolume().withName("run").withNewEmptyDir().endEmptyDir().endVolume()
                    .addNewVolume().withName("pod-info").withNewDownwardAPI()
                        .addNewItem().withPath("annotations")
                            .withNewFieldRef().withFieldPath("metadata.annotations").endFieldRef()
                        .endItem()
                    .endDownwardAPI().endVolume()
                .endSpec()
                .build();
    }

    /** The JVM's command line: the role's flags with as many processors as the pod has CPUs, the jar, its args. */
    static List<String> command(PodJvm jvm) {
        JvmSettings settings = new JvmSettings(null, null, List.of("-XX:ActiveProcessorCount=" + jvm.cpus()));
        List<String> command = new ArrayList<>(List.of("java"));
        command.addAll(jvm.role().jvmArgs(settings.args()));
        if (jvm.role() == JvmRole.CLIENT) {
            // the client's JMH forks run in the same pod, on the same CPUs
            command.add(settings.forkArgsFlag());
        }
        String jar = SUITE + "/" + jvm.module() + "/target/" + jvm.module() + ".jar";
        command.addAll(jvm.mainClass() == null ? List.of("-jar", jar) : List.of("-cp", jar, jvm.mainClass()));
        command.addAll(jvm.args());
        command.addAll(List.of(OptionNames.READY_FILE, READY_RECORD, OptionNames.STOP_FILE, STOP_RECORD));
        return command;
    }

    /**
     * A server's or ZooKeeper's heap, or a client's launcher and one JMH fork at a time, plus what each JVM takes
     * beside it.
     */
    static long memoryBytes(JvmRole role) {
        return role == JvmRole.CLIENT ? JvmRole.CLIENT.maxHeapBytes() + JvmRole.FORK.maxHeapBytes()
                + 2 * NON_HEAP_BYTES : role.maxHeapBytes() + NON_HEAP_BYTES;
    }

    static String entryScript() {
        try (InputStream in = PodManifests.class.getResourceAsStream("pod-entry.sh")) {
            if (in == null) {
                throw new IllegalStateException("pod-entry.sh is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
