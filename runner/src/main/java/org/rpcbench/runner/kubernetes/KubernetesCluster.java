package org.rpcbench.runner.kubernetes;

import java.io.IOException;
import java.util.function.Consumer;

import org.rpcbench.runner.process.JvmExecutor;

/**
 * Where {@code --on k8s} places the JVMs: one pod each, on the cluster of the current kubeconfig. The
 * kubernetes-executor module implements it and the command line links it, so that the runner itself carries no
 * Kubernetes client.
 */
public interface KubernetesCluster {

    /**
     * Connects and checks that pods can be listed in the namespace, saying where on {@code out}; a cluster that
     * cannot be used is the exception's one line.
     */
    Pods open(KubernetesOptions.PodSettings settings, Consumer<String> out) throws IOException;

    /** The executor of one run; closing it deletes every pod the run created, whatever became of them. */
    interface Pods extends JvmExecutor.Session {

        @Override
        void close();
    }
}
