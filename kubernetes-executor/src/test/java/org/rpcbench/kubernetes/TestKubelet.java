package org.rpcbench.kubernetes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.rpcbench.contract.ClientReady;
import org.rpcbench.contract.LockstepAddress;
import org.rpcbench.contract.OptionNames;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.ServerReady;
import org.rpcbench.contract.Stopped;
import org.rpcbench.contract.WireProof;
import org.rpcbench.contract.ZooKeeperReady;

/**
 * Plays the kubelet beside fabric8's mock API server: schedules each new pod on a node of its role, runs it (its
 * phase, address and container state in the pod's status) and writes its log as the pod's entry script would,
 * ready record, a lockstep's address, files and all; the mock serves each log from here. A server registers at the
 * registry it is told (its ready record says so), and the run's ZooKeeper states its pod's address.
 */
final class TestKubelet implements AutoCloseable {

    /** A JMH result without a benchmark: what a client sends back as its result file. */
    static final String RESULT = "[]";
    static final String CPU_MODEL = "Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz";
    static final int ZOOKEEPER_PORT = 2181;
    /** The port the first client's meeting point listens on, which only its lockstep record states. */
    static final int LOCKSTEP_PORT = 40123;
    static final String UNSCHEDULABLE = "0/2 nodes are available: 2 node(s) didn't match pod anti-affinity rules.";

    /** What a server does: never scheduled, or once started gets ready, says nothing or exits. */
    enum ServerStart { UNSCHEDULABLE, READY, SILENT, EXITS }

    /** What the pods do: servers that get ready or not, a client that fails (its index, or -1), clients that end. */
    record Behaviour(ServerStart servers, int failingClient, boolean clientsFinish) {
        static final Behaviour WELL = new Behaviour(ServerStart.READY, -1, true);
    }

    private final KubernetesMockServer server;
    private final KubernetesClient cluster;
    private final Behaviour behaviour;
    private final Map<String, StringBuilder> logs = new ConcurrentHashMap<>();
    private final Set<String> stopped = ConcurrentHashMap.newKeySet();
    /** Every pod as it was created, in order. */
    final List<Pod> created = new CopyOnWriteArrayList<>();
    private final Thread loop;
    private volatile boolean closed;

    TestKubelet(KubernetesMockServer server, KubernetesClient cluster, Behaviour behaviour) {
        this.server = server;
        this.cluster = cluster;
        this.behaviour = behaviour;
        this.loop = new Thread(this::run, "test-kubelet");
        loop.setDaemon(true);
        loop.start();
    }

    private void run() {
        while (!closed) {
            try {
                runPods();
            } catch (KubernetesClientException e) {
                // a pod deleted between the listing and what was done to it
            }
            try {
                TimeUnit.MILLISECONDS.sleep(20);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Each new pod started; each running pod asked to stop, stopped (again at the next turn if that failed). */
    private void runPods() {
        for (Pod pod : cluster.pods().inNamespace(TestRuns.NAMESPACE).list().getItems()) {
            String name = pod.getMetadata().getName();
            String role = pod.getMetadata().getLabels().get(PodManifests.ROLE_LABEL);
            boolean isServer = "server".equals(role);
            int index = Integer.parseInt(pod.getMetadata().getLabels().get(PodManifests.INDEX_LABEL));
            if (!logs.containsKey(name)) {
                created.add(pod);
                start(name, role, index, pod.getSpec().getContainers().get(0).getArgs());
            } else if ("true".equals(pod.getMetadata().getAnnotations() == null ? null
                    : pod.getMetadata().getAnnotations().get(PodManifests.STOP_ANNOTATION))
                    && pod.getStatus() != null && "Running".equals(pod.getStatus().getPhase())
                    && !stopped.contains(name)) {
                // a server and ZooKeeper stop cleanly when asked; a client asked to stop was cut short (SIGTERM's
                // status)
                if (isServer) {
                    send(name, PodManifests.STOP_RECORD, Stopped.server(Map.of("kryo", 42L)));
                }
                end(name, "client".equals(role) ? 143 : 0);
                stopped.add(name);
            }
        }
    }

    private void start(String name, String role, int index, List<String> command) {
        boolean isServer = "server".equals(role);
        logs.put(name, new StringBuilder());
        server.expect().get()
                .withPath("/api/v1/namespaces/" + TestRuns.NAMESPACE + "/pods/" + name
                        + "/log?pretty=false&container=" + PodManifests.CONTAINER)
                .andReply(200, request -> logs.get(name).toString()).always();
        if (isServer && behaviour.servers() == ServerStart.UNSCHEDULABLE) {
            cluster.pods().inNamespace(TestRuns.NAMESPACE).withName(name).editStatus(pod -> new PodBuilder(pod)
                    .withNewStatus().withPhase("Pending").addNewCondition().withType("PodScheduled")
                    .withStatus("False").withReason("Unschedulable").withMessage(UNSCHEDULABLE).endCondition()
                    .endStatus().build());
            return;
        }
        String ip = (isServer ? "10.1.0." : "client".equals(role) ? "10.2.0." : "10.3.0.") + (index + 10);
        String node = (isServer ? "node-s" : "client".equals(role) ? "node-c" : "node-z") + index;
        cluster.pods().inNamespace(TestRuns.NAMESPACE).withName(name)
                .edit(pod -> new PodBuilder(pod).editSpec().withNodeName(node).endSpec().build());
        cluster.pods().inNamespace(TestRuns.NAMESPACE).withName(name).editStatus(pod -> new PodBuilder(pod)
                .withNewStatus().withPhase("Running").withPodIP(ip)
                .addToContainerStatuses(new ContainerStatusBuilder().withName(PodManifests.CONTAINER)
                        .withNewState().withNewRunning().endRunning().endState().build())
                .endStatus().build());
        log(name, "rpcbench-cpu 2 " + CPU_MODEL);
        log(name, "java started");
        if ("zookeeper".equals(role)) {
            ZooKeeperReady ready = new ZooKeeperReady("zookeeper://" + ip + ":" + ZOOKEEPER_PORT,
                    "/tmp/rpcbench-zookeeper1", "files/0/zookeeper.log", 1);
            log(name, ready.consoleLine());
            send(name, PodManifests.READY_RECORD, ready);
        } else if (isServer) {
            if (behaviour.servers() == ServerStart.READY) {
                int port = Integer.parseInt(valueOf(command, OptionNames.PORT));
                log(name, ServerReady.CONSOLE_PREFIX + "host=" + ip + " port=" + port);
                send(name, PodManifests.READY_RECORD, ManifestValidationTest.ready(ip, port,
                        valueOf(command, OptionNames.REGISTRY)));
            } else if (behaviour.servers() == ServerStart.EXITS) {
                log(name, "error: cannot bind " + ip + ":8080: address in use");
                end(name, 1);
            }
        } else if (index == behaviour.failingClient()) {
            log(name, "error: the wire check failed: server 10.1.0.10:8080 read hessian2, not kryo");
            end(name, 1);
        } else if (behaviour.clientsFinish()) {
            if (command.contains(OptionNames.LOCKSTEP_HOST)) {
                // the first of several JMH consumers hosts their meeting point on its pod's address, said at once
                send(name, PodManifests.LOCKSTEP_RECORD, new LockstepAddress(ip, LOCKSTEP_PORT));
            }
            send(name, PodManifests.READY_RECORD, new ClientReady(ClientReady.JMH, List.of(proof()), 0, 1));
            send(name, command.get(command.indexOf(OptionNames.RESULT_FILE) + 1), RESULT);
            end(name, 0);
        }
    }

    /** The value a JVM's command line gives an option, or null. */
    private static String valueOf(List<String> command, String option) {
        int at = command.indexOf(option);
        return at < 0 ? null : command.get(at + 1);
    }

    /** What a client's wire check states: the first server's end of the connection. */
    private static WireProof proof() {
        return new WireProof("dubbo", "dubbo", "kryo", "dubbo", "kryo", "kryo", "10.1.0.10:8080",
                "10.2.0.10:40000", Map.of(), Map.of("kryo", 1L), 0, Map.of(), Map.of());
    }

    private void log(String name, String line) {
        logs.get(name).append(line).append('\n');
    }

    /** A file framed as the pod's entry script frames it; a record as the suite's records are written. */
    private void send(String name, String file, Object content) {
        try {
            byte[] bytes = content instanceof String text ? text.getBytes(StandardCharsets.UTF_8)
                    : RecordFiles.JSON.writeValueAsBytes(content);
            log(name, "rpcbench-file-begin " + file);
            // base64 as coreutils writes it: lines of 76 characters
            log(name, Base64.getMimeEncoder(76, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(bytes));
            log(name, "rpcbench-file-end " + file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void end(String name, int exitCode) {
        log(name, "rpcbench-exit " + exitCode);
        cluster.pods().inNamespace(TestRuns.NAMESPACE).withName(name).editStatus(pod -> new PodBuilder(pod)
                .editStatus().withPhase(exitCode == 0 ? "Succeeded" : "Failed")
                .withContainerStatuses(new ContainerStatusBuilder().withName(PodManifests.CONTAINER)
                        .withNewState().withNewTerminated().withExitCode(exitCode)
                        .withReason(exitCode == 0 ? "Completed" : "Error").endTerminated().endState().build())
                .endStatus().build());
    }

    /** The pods of the namespace now. */
    List<String> podNames() {
        List<String> names = new ArrayList<>();
        cluster.pods().inNamespace(TestRuns.NAMESPACE).list().getItems()
                .forEach(pod -> names.add(pod.getMetadata().getName()));
        return names;
    }

    @Override
    public void close() throws InterruptedException {
        closed = true;
        loop.join(TimeUnit.SECONDS.toMillis(5));
    }
}
