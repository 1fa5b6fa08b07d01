package org.rpcbench.dubbo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rpcbench.api.UserService;
import org.rpcbench.api.UserServiceContract;
import org.rpcbench.client.wire.WireCheck;
import org.rpcbench.contract.RegistryAddress;
import org.rpcbench.contract.WireProof;
import org.rpcbench.registry.EmbeddedZooKeeper;
import org.rpcbench.server.BenchmarkServer;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.Target;

/**
 * A pair's real providers registered at a real (embedded) ZooKeeper and found there by the pair's real consumer:
 * every provider wire-checked at the address it binds (in every Dubbo pair's client module), a provider that comes
 * later seen by the consumer, a registry without providers and one unreachable. The last three are Dubbo's and the
 * registry's whatever the serializer: they run in one client module per protocol ({@code stack-level}, as
 * client-base's availability and open-loop tests).
 */
@Timeout(120)
class DubboRegistryPairTest {

    private static final String EXPECTED = System.getProperty("rpcbench.expected.serialization");
    private static final String STACK_LEVEL = "stack-level";

    private EmbeddedZooKeeper zookeeper;
    private final List<DubboServer> providers = new ArrayList<>();

    /** The rmi pair refuses a registry (DubboPairTest). */
    @BeforeAll
    static void aProtocolWithARegistry() {
        assumeFalse(DubboStack.isRmi(), "the rmi pair has no registry");
    }

    @BeforeEach
    void startZooKeeper() {
        zookeeper = EmbeddedZooKeeper.start("127.0.0.1", 0);
    }

    @AfterEach
    void stop() {
        providers.forEach(DubboServer::close);
        zookeeper.close();
        assertFalse(Files.exists(zookeeper.dataDirectory()), "the embedded ZooKeeper's data directory is removed");
    }

    private DubboServer startProvider() throws IOException {
        DubboServer provider = DubboServer.start(new ServerSettings("127.0.0.1", FreePorts.loopback(),
                zookeeper.address().toString()), BenchmarkServer.services());
        providers.add(provider);
        return provider;
    }

    private DubboConnection openConsumer() {
        return DubboConnection.open(registryTarget(zookeeper.address()));
    }

    private static Target registryTarget(RegistryAddress registry) {
        return new Target("127.0.0.1", 1, registry, 0, Target.DEFAULT_TIMEOUT_MILLIS);
    }

    private static void awaitTrue(String what, BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 200 && !condition.getAsBoolean(); i++) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
        assertTrue(condition.getAsBoolean(), what + " within 10 s");
    }

    @Test
    void theConsumerFindsAndWireChecksEveryRegisteredProviderAtItsBindAddress() throws IOException {
        DubboServer first = startProvider();
        DubboServer second = startProvider();
        assertEquals(zookeeper.address().toString(), first.registry());

        try (DubboConnection consumer = openConsumer()) {
            List<String> bound = List.of("127.0.0.1:" + first.port(), "127.0.0.1:" + second.port());
            assertEquals(bound.stream().sorted().toList(), consumer.providers());

            List<WireProof> proofs = WireCheck.verify(consumer);
            assertEquals(bound.stream().sorted().toList(), proofs.stream().map(WireProof::server).toList(),
                    "each provider reached at exactly the loopback address it binds, not the machine's");
            for (WireProof proof : proofs) {
                assertEquals(EXPECTED, proof.serverSerialization());
                assertEquals(EXPECTED, proof.wireSerialization());
            }
            UserService users = consumer.userService();
            for (int i = 0; i < 20; i++) {
                UserServiceContract.checkGetUser(i, users.getUser(i));
            }
        }
    }

    /** Going away is the fault run's part: two providers in one JVM share Dubbo's service repository. */
    @Test
    @Tag(STACK_LEVEL)
    void aProviderThatRegistersLaterIsPushedToTheConsumerAndChecked() throws IOException, InterruptedException {
        DubboServer first = startProvider();
        try (DubboConnection consumer = openConsumer()) {
            assertEquals(1, WireCheck.verify(consumer).size());

            DubboServer second = startProvider();
            awaitTrue("the second provider pushed to the consumer", () -> consumer.providers().size() == 2);
            assertEquals(List.of("127.0.0.1:" + first.port(), "127.0.0.1:" + second.port()).stream().sorted().toList(),
                    WireCheck.verify(consumer).stream().map(WireProof::server).toList());
        }
    }

    @Test
    @Tag(STACK_LEVEL)
    void aRegistryWithoutProvidersIsAClearErrorNotAHang() {
        long start = System.nanoTime();
        IllegalStateException error = assertThrows(IllegalStateException.class, this::openConsumer);
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(20), "Dubbo's reference check is bounded");
        assertTrue(error.getMessage().contains("no provider of the benchmark is registered at "
                + zookeeper.address()), error.getMessage());
    }

    @Test
    @Tag(STACK_LEVEL)
    void anUnreachableRegistryIsNamedWithinSeconds() throws IOException {
        RegistryAddress nowhere = new RegistryAddress("127.0.0.1", FreePorts.loopback());
        long start = System.nanoTime();
        IllegalStateException consumerError = assertThrows(IllegalStateException.class,
                () -> DubboConnection.open(registryTarget(nowhere)));
        IllegalStateException providerError = assertThrows(IllegalStateException.class,
                () -> DubboServer.start(new ServerSettings("127.0.0.1", FreePorts.loopback(), nowhere.toString()),
                        BenchmarkServer.services()));
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(15));
        for (IllegalStateException error : List.of(consumerError, providerError)) {
            assertTrue(error.getMessage().startsWith("ZooKeeper at " + nowhere + " is unreachable"),
                    error.getMessage());
        }
    }
}
