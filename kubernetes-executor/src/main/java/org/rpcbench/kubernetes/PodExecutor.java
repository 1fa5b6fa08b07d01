package org.rpcbench.kubernetes;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import org.rpcbench.contract.JvmRole;
import org.rpcbench.contract.RunRecord;
import org.rpcbench.runner.kubernetes.KubernetesCluster;
import org.rpcbench.runner.kubernetes.KubernetesOptions;
import org.rpcbench.runner.process.JvmLauncher;
import org.rpcbench.runner.process.RunningJvm;

/**
 * The runner's JVMs as pods: each started JVM one pod of the run ({@link PodManifests}), a server binding its pod's
 * address (its clients told the address its ready record states), the run's ZooKeeper too, in a pod of its own
 * (providers and consumers told the address its ready record states). Closing it deletes every pod labelled with
 * the run, whatever became of each.
 */
public final class PodExecutor implements KubernetesCluster.Pods {

    /** The cluster and namespace of the current kubeconfig, as kubectl finds them. */
    public static final KubernetesCluster CURRENT_KUBECONFIG = (settings, out) -> {
        KubernetesClient cluster = new KubernetesClientBuilder().build();
        try {
            return open(cluster, settings, runId(), true, out);
        } catch (IOException | RuntimeException e) {
            cluster.close();
            throw e;
        }
    };

    /** The run's ZooKeeper serves a few registrations and lookups a pair: one CPU, whatever the JVMs measured get. */
    static final int ZOOKEEPER_CPUS = 1;

    private final KubernetesClient cluster;
    private final KubernetesRun run;
    private final int cpus;
    private final boolean ownsCluster;
    private final Map<String, PodProcess> started = new ConcurrentHashMap<>();

    private PodExecutor(KubernetesClient cluster, KubernetesRun run, int cpus, boolean ownsCluster) {
        this.cluster = cluster;
        this.run = run;
        this.cpus = cpus;
        this.ownsCluster = ownsCluster;
    }

    /**
     * The pods of one run on this cluster, once it has answered that pods can be listed in the namespace.
     *
     * @param ownsCluster whether closing the executor closes the client too
     */
    static PodExecutor open(KubernetesClient cluster, KubernetesOptions.PodSettings settings, String runId,
            boolean ownsCluster, Consumer<String> out) throws IOException {
        String namespace = settings.namespace() != null ? settings.namespace()
                : cluster.getNamespace() != null ? cluster.getNamespace() : "default";
        try {
            cluster.pods().inNamespace(namespace).list(new ListOptionsBuilder().withLimit(1L).build());
        } catch (KubernetesClientException e) {
            throw new IOException("the cluster at " + cluster.getMasterUrl() + " does not list the pods of namespace "
                    + namespace + ": " + why(e), e);
        }
        out.accept("cluster " + cluster.getMasterUrl() + ", namespace " + namespace + ", image " + settings.image()
                + ", pods labelled " + PodManifests.RUN_LABEL + "=" + runId);
        return new PodExecutor(cluster, new KubernetesRun(runId, namespace, settings.image(), settings.nodeSelectors()),
                settings.cpus(), ownsCluster);
    }

    /** A run id from the clock: "r" and the epoch second in base 36. */
    private static String runId() {
        return "r" + Long.toString(System.currentTimeMillis() / 1000, 36);
    }

    @Override
    public RunningJvm start(JvmLauncher launcher, String name, JvmLauncher.Jvm jvm, int instance, Path outputFile,
            Consumer<String> listener) throws IOException {
        if (jvm.cpus() != null) {
            throw new IOException(name + ": a pod runs a module's jar on the pod's CPUs, without a CPU list of its"
                    + " own");
        }
        PodFiles files = new PodFiles(jvm.args(), launcher.workingDirectory());
        Pod manifest = PodManifests.pod(run, new PodJvm(jvm.module(), jvm.mainClass(), jvm.role(), instance,
                files.args(), jvm.role() == JvmRole.ZOOKEEPER ? ZOOKEEPER_CPUS : cpus));
        Pod created;
        try {
            created = cluster.pods().inNamespace(run.namespace()).resource(manifest).create();
        } catch (KubernetesClientException e) {
            throw new IOException("cannot create the pod of " + name + " in " + run.namespace() + ": " + why(e), e);
        }
        PodProcess process = new PodProcess(cluster, created, name, files, outputFile, listener);
        started.put(key(jvm.role(), instance), process);
        return process;
    }

    /** Every server (and the run's ZooKeeper) binds its own pod's address, which Kubernetes puts in its arguments. */
    @Override
    public String serverAddress(int instance) {
        return PodJvm.POD_IP;
    }

    /** A client that hosts the other clients' lockstep binds its pod's address too: pods reach each other's. */
    @Override
    public String clientAddress(int instance) {
        return PodJvm.POD_IP;
    }

    @Override
    public RunRecord.Machine machine(JvmRole role, int instance) {
        PodProcess process = started.get(key(role, instance));
        return process == null ? null : process.machine();
    }

    private static String key(JvmRole role, int instance) {
        return role + "-" + instance;
    }

    /** Every pod labelled with the run deleted, whatever the thread's interrupt status. */
    @Override
    public void close() {
        boolean interrupted = Thread.interrupted();
        try {
            cluster.pods().inNamespace(run.namespace()).withLabel(PodManifests.RUN_LABEL, run.runId()).delete();
        } catch (KubernetesClientException e) {
            System.err.println("error: could not delete the pods labelled " + PodManifests.RUN_LABEL + "="
                    + run.runId() + " in " + run.namespace() + ": " + why(e));
        } finally {
            if (ownsCluster) {
                cluster.close();
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The API's answer, and what lies beneath it (a host that cannot be resolved, a refused connection). */
    static String why(KubernetesClientException e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return e.getMessage().replaceAll("\\s+", " ").trim()
                + (root == e ? "" : " (" + root.getClass().getSimpleName() + ": " + root.getMessage() + ")");
    }
}
