package org.rpcbench.kubernetes;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.rpcbench.contract.JvmRole;

/** Runs as the runner would describe them: servers that bind the pod's address, clients told each server's. */
final class TestRuns {

    static final String NAMESPACE = "rpcbench";

    private TestRuns() {
    }

    static KubernetesRun run(String runId, int servers, int clients, Duration readyTimeout, Duration clientTimeout) {
        List<PodJvm> serverJvms = new ArrayList<>();
        for (int i = 0; i < servers; i++) {
            serverJvms.add(new PodJvm("dubbo-kryo-server", JvmRole.SERVER, i,
                    List.of("--host", PodJvm.POD_IP, "--port", "8080", "--log", "logs/server.log"), 2));
        }
        List<PodJvm> clientJvms = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            clientJvms.add(new PodJvm("dubbo-kryo-client", JvmRole.CLIENT, i,
                    List.of("--host", PodJvm.serverHost(0), "--port", PodJvm.serverPort(0),
                            "--resultFile", "results/result.json"), 4));
        }
        return new KubernetesRun(runId, NAMESPACE, "registry.example/rpcbench:1.0.0-SNAPSHOT", serverJvms,
                clientJvms, Map.of(JvmRole.SERVER, Map.of("rpcbench.org/pool", "servers")), readyTimeout,
                clientTimeout, Duration.ofSeconds(5));
    }
}
