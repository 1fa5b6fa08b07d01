package org.rpcbench.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.JvmRole;
import org.rpcbench.contract.JvmSettings;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.RunRecord;
import org.rpcbench.contract.Stopped;
import org.rpcbench.runner.kubernetes.KubernetesOptions;
import org.rpcbench.runner.pair.PairRun;
import org.rpcbench.runner.pair.RunDirectory;
import org.rpcbench.runner.pair.Topology;
import org.rpcbench.runner.process.JvmLauncher;
import org.rpcbench.runner.process.RunningJvm;
import org.rpcbench.runner.process.Suite;
import org.rpcbench.runner.process.ZooKeeperProcess;

/**
 * The runner's pair run with its JVMs in pods, against fabric8's mock API server (CRUD mode, the pods' logs served
 * from the test), {@link TestKubelet} running the pods: a pair that passes, two providers through the run's
 * ZooKeeper in a pod of its own, a server that exits before it is ready, a client that fails, an abort; whatever
 * happens, no pod of the run is left once the executor is closed.
 */
@EnableKubernetesMockClient(crud = true)
class PodExecutorTest {

    private static final String PAIR = "dubbo-kryo";
    private static final KubernetesSerialization JSON = new KubernetesSerialization();

    KubernetesMockServer server;
    KubernetesClient client;

    @TempDir
    Path suite;
    @TempDir
    Path runDirectory;

    private final List<String> said = new CopyOnWriteArrayList<>();
    private TestKubelet kubelet;
    private PodExecutor executor;

    /** The client's jar where a build leaves it: the pair run copies it before it starts anything. */
    @BeforeEach
    void buildTheClient() throws IOException {
        Path jar = suite.resolve(PAIR + "-client/target/" + PAIR + "-client.jar");
        Files.createDirectories(jar.getParent());
        Files.writeString(jar, "");
    }

    @AfterEach
    void stopKubelet() throws InterruptedException {
        if (executor != null) {
            executor.close();
        }
        kubelet.close();
    }

    /** The pods' executor, on the mock API server, with the test's kubelet running its pods as they behave. */
    private JvmLauncher launcher(TestKubelet.Behaviour behaviour) throws IOException {
        kubelet = new TestKubelet(server, client, behaviour);
        KubernetesOptions.PodSettings pods = new KubernetesOptions.PodSettings(TestRuns.NAMESPACE, TestRuns.IMAGE, 2,
                TestRuns.SERVERS_ON_THEIR_POOL);
        executor = PodExecutor.open(client, pods, "t1", false, said::add);
        return new JvmLauncher(new Suite(suite), suite, JvmSettings.NONE, JvmSettings.NONE).withExecutor(executor);
    }

    private PairRun pairRun(TestKubelet.Behaviour behaviour) throws IOException {
        return pairRun(behaviour, Topology.SINGLE);
    }

    private PairRun pairRun(TestKubelet.Behaviour behaviour, Topology topology) throws IOException {
        return new PairRun(launcher(behaviour), new PairRun.Plan(PAIR, "127.0.0.1", 8080, null, topology,
                List.of("--threads", "1"), List.of(), null, Duration.ofMinutes(1), null, null, false),
                new RunDirectory(runDirectory, PAIR, topology, RunDirectory.JMH));
    }

    /** How many pods are in this phase (as the kubelet put them). */
    private long pods(String phase) {
        return client.pods().inNamespace(TestRuns.NAMESPACE).list().getItems().stream()
                .filter(pod -> pod.getStatus() != null && phase.equals(pod.getStatus().getPhase())).count();
    }

    private List<String> args(Pod pod) {
        return pod.getSpec().getContainers().get(0).getArgs();
    }

    @Test
    void aPairRunsItsServerThenItsClientInPodsCollectsEverythingAndLeavesNoPod() throws Exception {
        RunRecord.Pair pair = pairRun(TestKubelet.Behaviour.WELL).run(new PairRun.Listener() { });

        assertEquals(RunRecord.Pair.PASSED, pair.status(), pair.message());
        assertEquals("cluster " + client.getMasterUrl() + ", namespace rpcbench, image " + TestRuns.IMAGE
                + ", pods labelled rpcbench.org/run=t1", said.get(0));
        RunRecord.Provider provider = pair.providers().get(0);
        assertEquals("10.1.0.10", provider.ready().host());
        assertEquals(42L, provider.calls());
        assertEquals(new RunRecord.Machine("node-s0", TestKubelet.CPU_MODEL, 2), provider.machine());
        RunRecord.Consumer consumer = pair.consumers().get(0);
        assertEquals(0, consumer.exitCode());
        assertEquals(new RunRecord.Machine("node-c0", TestKubelet.CPU_MODEL, 2), consumer.machine());
        assertEquals("10.1.0.10:8080", consumer.proofs().get(0).server());
        // every file where the runner asked for it, as if the JVMs had run here
        assertEquals(TestKubelet.RESULT, Files.readString(runDirectory.resolve(PAIR + ".json")));
        assertEquals(42L, RecordFiles.read(runDirectory.resolve(PAIR + "-server.stop.json"), Stopped.class)
                .callsByWireFormat().get("kryo"));
        assertTrue(Files.readAllLines(runDirectory.resolve(PAIR + "-server.out")).contains("java started"));
        assertTrue(Files.readAllLines(runDirectory.resolve(PAIR + "-client.out")).contains("java started"));
        // the server binds its pod's address; its client is told the address the server's ready record states
        List<Pod> created = kubelet.created;
        assertEquals(List.of("server", "client"), created.stream()
                .map(pod -> pod.getMetadata().getLabels().get(PodManifests.ROLE_LABEL)).toList());
        assertEquals("$(RPCBENCH_POD_IP)", args(created.get(0)).get(args(created.get(0)).indexOf("--host") + 1));
        assertEquals("10.1.0.10", args(created.get(1)).get(args(created.get(1)).indexOf("--host") + 1));
        for (Pod pod : created) {
            ManifestValidationTest.strictlyRead(JSON.asJson(pod));
            assertTrue(pod.getMetadata().getName().startsWith(pod.getMetadata().getGenerateName()));
        }
        assertEquals(List.of(), kubelet.podNames());
    }

    @Test
    void twoProvidersRegisterAtZooKeepersPodAndTheirConsumerFindsThemThere() throws Exception {
        JvmLauncher launcher = launcher(TestKubelet.Behaviour.WELL);
        Topology twoByOne = new Topology(2, 1);
        RunRecord.Pair pair;
        String registry;
        try (ZooKeeperProcess zookeeper = ZooKeeperProcess.start(launcher, "127.0.0.1", runDirectory, said::add)) {
            registry = zookeeper.address();
            pair = new PairRun(launcher, new PairRun.Plan(PAIR, "127.0.0.1", 8080, registry, twoByOne,
                    List.of("--threads", "1"), List.of(), null, Duration.ofMinutes(1), null, null, false),
                    new RunDirectory(runDirectory, PAIR, twoByOne, RunDirectory.JMH)).run(new PairRun.Listener() { });
        }

        // ZooKeeper's address is its pod's, as its ready record states it
        assertEquals("zookeeper://10.3.0.10:" + TestKubelet.ZOOKEEPER_PORT, registry);
        assertTrue(said.contains("rpcbench zookeeper ready: " + registry + " data=/tmp/rpcbench-zookeeper1"
                + " log=files/0/zookeeper.log"), said.toString());
        assertEquals(RunRecord.Pair.PASSED, pair.status(), pair.message());
        // each provider bound its own pod's address, on its own node, and registered there
        for (int i = 0; i < 2; i++) {
            RunRecord.Provider provider = pair.providers().get(i);
            assertEquals("10.1.0." + (10 + i), provider.ready().host());
            assertEquals(8080 + i, provider.ready().port());
            assertEquals(registry, provider.ready().registry());
            assertEquals("node-s" + i, provider.machine().host());
        }
        List<Pod> created = kubelet.created;
        assertEquals(List.of("zookeeper", "server", "server", "client"), created.stream()
                .map(pod -> pod.getMetadata().getLabels().get(PodManifests.ROLE_LABEL)).toList());
        List<String> zookeeper = args(created.get(0));
        assertEquals("$(RPCBENCH_POD_IP)", zookeeper.get(zookeeper.indexOf("--host") + 1));
        for (Pod server : created.subList(1, 3)) {
            assertEquals("$(RPCBENCH_POD_IP)", args(server).get(args(server).indexOf("--host") + 1));
            assertEquals(registry, args(server).get(args(server).indexOf("--registry") + 1));
        }
        // the consumer finds the providers at the registry, not at an address of its own
        List<String> consumer = args(created.get(3));
        assertEquals(registry, consumer.get(consumer.indexOf("--registry") + 1));
        assertFalse(consumer.contains("--host"), consumer.toString());
        for (Pod pod : created) {
            ManifestValidationTest.strictlyRead(JSON.asJson(pod));
        }
        assertTrue(Files.readAllLines(runDirectory.resolve("zookeeper.out")).contains("java started"));
        executor.close();
        executor = null;
    }

    @Test
    void severalJmhConsumersStartOnceTheFirstHasSaidWhereTheyMeet() throws Exception {
        RunRecord.Pair pair = pairRun(TestKubelet.Behaviour.WELL, new Topology(1, 2)).run(new PairRun.Listener() { });

        assertEquals(RunRecord.Pair.PASSED, pair.status(), pair.message());
        assertEquals(2, pair.consumers().size());
        List<Pod> created = kubelet.created;
        assertEquals(List.of("server-0", "client-0", "client-1"), created.stream()
                .map(pod -> pod.getMetadata().getLabels().get(PodManifests.ROLE_LABEL) + "-"
                        + pod.getMetadata().getLabels().get(PodManifests.INDEX_LABEL)).toList());
        // the first hosts the meeting point on its pod's address and says where in a record the pod sends at once
        List<String> first = args(created.get(1));
        assertEquals("$(RPCBENCH_POD_IP)", first.get(first.indexOf("--lockstep-host") + 1));
        assertEquals(PodManifests.LOCKSTEP_RECORD, first.get(first.indexOf("--lockstep-file") + 1));
        assertEquals("2", first.get(first.indexOf("--lockstep-consumers") + 1));
        assertFalse(first.contains("--lockstep"));
        // the second is told the address only that record states: it was created after the record came
        List<String> second = args(created.get(2));
        assertEquals("10.2.0.10:" + TestKubelet.LOCKSTEP_PORT, second.get(second.indexOf("--lockstep") + 1));
        assertFalse(second.contains("--lockstep-host"));
        assertEquals("{\"host\":\"10.2.0.10\",\"port\":" + TestKubelet.LOCKSTEP_PORT + "}",
                Files.readString(runDirectory.resolve(PAIR + "-client1.lockstep.json")).replaceAll("\\s", ""));
        for (Pod pod : created) {
            ManifestValidationTest.strictlyRead(JSON.asJson(pod));
        }
        assertEquals(List.of(), kubelet.podNames());
    }

    @Test
    void aServerThatExitsBeforeItIsReadyFailsThePairInOneLine() throws Exception {
        RunRecord.Pair pair = pairRun(new TestKubelet.Behaviour(TestKubelet.ServerStart.EXITS, -1, true))
                .run(new PairRun.Listener() { });

        assertEquals(RunRecord.Pair.FAILED, pair.status());
        assertTrue(pair.message().matches("dubbo-kryo-server in pod rpcbench-t1-server-0-[\\w-]+ did not start:"
                + " exited 1 before it was ready: error: cannot bind 10.1.0.10:8080: address in use \\(.*\\)"),
                pair.message());
        assertEquals(1, kubelet.created.size());
        assertEquals(List.of(), kubelet.podNames());
    }

    @Test
    void aClientThatFailsFailsThePairAndTheServerStillStops() throws Exception {
        RunRecord.Pair pair = pairRun(new TestKubelet.Behaviour(TestKubelet.ServerStart.READY, 0, true))
                .run(new PairRun.Listener() { });

        assertEquals(RunRecord.Pair.FAILED, pair.status());
        assertTrue(pair.message().contains("-client-0-"), pair.message());
        assertTrue(pair.message().endsWith(" exited 1: see its output"), pair.message());
        assertEquals(42L, pair.providers().get(0).calls());
        assertEquals(List.of(), kubelet.podNames());
    }

    @Test
    void aPodThatNeverRanSaysWhereItStoodInItsOutput() throws Exception {
        JvmLauncher launcher = launcher(new TestKubelet.Behaviour(TestKubelet.ServerStart.UNSCHEDULABLE, -1, true));
        Path output = runDirectory.resolve("server.out");
        RunningJvm server = launcher.start("dubbo-kryo-server", JvmLauncher.Jvm.of("dubbo-kryo-server",
                JvmRole.SERVER, List.of("--host", executor.serverAddress(0))), output, line -> { });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (pods("Pending") != 1 && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(20);
        }
        server.close();

        assertFalse(server.isAlive());
        assertEquals(List.of("rpcbench: pod " + kubelet.created.get(0).getMetadata().getName() + " never ran: not"
                + " scheduled: " + TestKubelet.UNSCHEDULABLE), Files.readAllLines(output));
        assertEquals(List.of(), kubelet.podNames());
    }

    @Test
    void anAbortStopsThePairsPodsAndClosingTheExecutorLeavesNone() throws Exception {
        PairRun pairRun = pairRun(new TestKubelet.Behaviour(TestKubelet.ServerStart.READY, -1, false));
        AtomicReference<RunRecord.Pair> outcome = new AtomicReference<>();
        Thread run = new Thread(() -> {
            try {
                outcome.set(pairRun.run(new PairRun.Listener() { }));
            } catch (IOException | InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        run.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (pods("Running") < 2 && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(20);
        }
        assertEquals(2, pods("Running"), "the client pod never ran");
        pairRun.abort();
        run.join(TimeUnit.SECONDS.toMillis(10));

        assertFalse(run.isAlive());
        assertNotNull(outcome.get());
        assertEquals("interrupted", outcome.get().message());
        executor.close();
        executor = null;
        assertEquals(List.of(), kubelet.podNames());
    }
}
