package org.rpcbench.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.Stopped;

/**
 * The executor against fabric8's mock API server (CRUD mode, the pods' logs served from the test), with
 * {@link TestKubelet} running the pods: a run that passes, a server that never gets ready, a client that fails, an
 * interrupt; whatever happens, no pod of the run is left.
 */
@EnableKubernetesMockClient(crud = true)
class KubernetesExecutorTest {

    private static final Duration MINUTE = Duration.ofMinutes(1);

    KubernetesMockServer server;
    KubernetesClient client;

    @TempDir
    Path runDirectory;

    private final List<String> steps = new CopyOnWriteArrayList<>();
    private TestKubelet kubelet;

    private KubernetesExecutor executor() {
        return new KubernetesExecutor(client, steps::add);
    }

    @AfterEach
    void stopKubelet() throws InterruptedException {
        kubelet.close();
    }

    @Test
    void aRunStartsServersThenClientsCollectsEverythingAndDeletesItsPods() throws Exception {
        kubelet = new TestKubelet(server, client, TestKubelet.Behaviour.WELL);
        RunOutcome outcome = executor().run(TestRuns.run("happy", 2, 2, MINUTE, MINUTE), runDirectory);

        assertTrue(outcome.passed(), outcome.problem());
        assertEquals(List.of("10.1.0.10", "10.1.0.11"),
                outcome.servers().stream().map(server -> server.ready().host()).toList());
        for (PodOutcome client : outcome.clients()) {
            assertEquals(0, client.exitCode());
            assertTrue(client.node().startsWith("node-c"), client.node());
            assertEquals(2, client.cpus());
            assertEquals(TestKubelet.CPU_MODEL, client.cpuModel());
            assertEquals(TestKubelet.RESULT, Files.readString(client.files().resolve("results/result.json")));
            assertTrue(Files.readAllLines(client.output()).contains("java started"));
        }
        for (PodOutcome server : outcome.servers()) {
            assertEquals(0, server.exitCode());
            assertEquals(42L, RecordFiles.read(server.files().resolve(PodManifests.STOP_RECORD), Stopped.class)
                    .callsByWireFormat().get("kryo"));
        }
        // servers first, then clients told the address each server's ready record states
        List<Pod> created = kubelet.created;
        assertEquals(List.of("server", "server", "client", "client"), created.stream()
                .map(pod -> pod.getMetadata().getLabels().get(PodManifests.ROLE_LABEL)).toList());
        List<EnvVar> env = created.get(2).getSpec().getContainers().get(0).getEnv();
        assertTrue(env.contains(new EnvVar("RPCBENCH_SERVER_1_HOST", "10.1.0.11", null)), env.toString());
        assertEquals(List.of(), kubelet.podNames());
    }

    @Test
    void aServerThatNeverGetsReadyTimesOutAndNothingIsLeft() throws Exception {
        kubelet = new TestKubelet(server, client, new TestKubelet.Behaviour(TestKubelet.ServerStart.SILENT, -1, true));
        RunOutcome outcome = executor().run(TestRuns.run("late", 1, 1, Duration.ofMillis(500), MINUTE),
                runDirectory);

        assertEquals("rpcbench-late-server-0 did not get ready: no ready record within 500ms (phase Running)",
                outcome.problem());
        assertTrue(outcome.clients().isEmpty());
        assertEquals(1, kubelet.created.size());
        assertEquals(List.of(), kubelet.podNames());
    }

    @Test
    void aServerThatExitsBeforeItIsReadySaysWhyInOneLine() throws Exception {
        kubelet = new TestKubelet(server, client, new TestKubelet.Behaviour(TestKubelet.ServerStart.EXITS, -1, true));
        RunOutcome outcome = executor().run(TestRuns.run("exits", 1, 1, MINUTE, MINUTE), runDirectory);

        assertEquals("rpcbench-exits-server-0 did not get ready: it ended first: exit 2 (Error) on node-s0:"
                + " error: cannot bind 10.1.0.10:8080: address in use", outcome.problem());
        assertEquals(2, outcome.servers().get(0).exitCode());
        assertTrue(Files.readAllLines(outcome.servers().get(0).output()).contains("java started"));
        assertEquals(List.of(), kubelet.podNames());
    }

    @Test
    void aClientThatFailsIsOneClearLineAndTheServersStillStop() throws Exception {
        kubelet = new TestKubelet(server, client, new TestKubelet.Behaviour(TestKubelet.ServerStart.READY, 1, true));
        RunOutcome outcome = executor().run(TestRuns.run("fails", 1, 2, MINUTE, MINUTE), runDirectory);

        assertEquals("rpcbench-fails-client-1 failed: exit 1 (Error) on node-c1: error: the wire check failed:"
                + " server 10.1.0.10:8080 read hessian2, not kryo", outcome.problem());
        assertEquals(1, outcome.clients().get(1).exitCode());
        assertEquals(0, outcome.servers().get(0).exitCode());
        assertEquals(List.of(), kubelet.podNames());
    }

    @Test
    void aWireCheckThatReachedNoServerOfTheRunFailsIt() throws Exception {
        kubelet = new TestKubelet(server, client, new TestKubelet.Behaviour(TestKubelet.ServerStart.READY, -1, true,
                "10.96.0.1:8080"));
        RunOutcome outcome = executor().run(TestRuns.run("proxy", 1, 1, MINUTE, MINUTE), runDirectory);

        assertEquals("rpcbench-proxy-client-0's wire check reached 10.96.0.1:8080, which no server of the run bound"
                + " (10.1.0.10:8080)", outcome.problem());
        assertEquals(List.of(), kubelet.podNames());
    }

    @Test
    void anInterruptDeletesEveryPodOfTheRun() throws Exception {
        kubelet = new TestKubelet(server, client, new TestKubelet.Behaviour(TestKubelet.ServerStart.READY, -1, false));
        AtomicReference<RunOutcome> outcome = new AtomicReference<>();
        AtomicBoolean stillInterrupted = new AtomicBoolean();
        Thread run = new Thread(() -> {
            outcome.set(executor().run(TestRuns.run("stop", 1, 1, MINUTE, MINUTE), runDirectory));
            stillInterrupted.set(Thread.currentThread().isInterrupted());
        });
        run.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (kubelet.created.size() < 2 && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(20);
        }
        assertEquals(2, kubelet.created.size(), "the client pod was never created");
        run.interrupt();
        run.join(TimeUnit.SECONDS.toMillis(10));

        assertFalse(run.isAlive());
        assertNotNull(outcome.get());
        assertEquals(RunOutcome.INTERRUPTED, outcome.get().problem());
        assertTrue(stillInterrupted.get());
        assertEquals(List.of(), kubelet.podNames());
    }
}
