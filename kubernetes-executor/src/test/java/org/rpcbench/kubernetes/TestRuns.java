package org.rpcbench.kubernetes;

import java.util.List;
import java.util.Map;

import org.rpcbench.contract.JvmRole;

/**
 * A run's pods as the runner's executor describes them: servers that bind the pod's address, their clients, the
 * run's ZooKeeper.
 */
final class TestRuns {

    static final String NAMESPACE = "rpcbench";
    static final String IMAGE = "registry.example/rpcbench:1.0.0-SNAPSHOT";
    static final Map<JvmRole, Map<String, String>> SERVERS_ON_THEIR_POOL = Map.of(JvmRole.SERVER,
            Map.of("rpcbench.org/pool", "servers"));

    private TestRuns() {
    }

    static KubernetesRun run(String runId) {
        return new KubernetesRun(runId, NAMESPACE, IMAGE, SERVERS_ON_THEIR_POOL);
    }

    static PodJvm server(int index) {
        return new PodJvm("dubbo-kryo-server", null, JvmRole.SERVER, index,
                List.of("--host", PodJvm.POD_IP, "--port", "8080", "--log", "files/0/server.log"), 2);
    }

    /** The run's ZooKeeper, binding its pod's address as a server does. */
    static PodJvm zookeeper() {
        return new PodJvm("registry", "org.rpcbench.registry.ZooKeeperServer", JvmRole.ZOOKEEPER, 0,
                List.of("--host", PodJvm.POD_IP, "--log", "files/0/zookeeper.log"), 1);
    }

    static PodJvm client(int index) {
        return new PodJvm("dubbo-kryo-client", null, JvmRole.CLIENT, index,
                List.of("--host", "10.1.0.10", "--port", "8080", "--resultFile", "files/0/dubbo-kryo.json"), 4);
    }
}
