package org.rpcbench.client.pair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rpcbench.api.UserService;
import org.rpcbench.api.UserServiceContract;
import org.rpcbench.client.ConsumerContext;
import org.rpcbench.dubbo.Endpoint;
import org.rpcbench.dubbo.ProbeReport;
import org.rpcbench.registry.EmbeddedZooKeeper;
import org.rpcbench.registry.RegistryAddress;
import org.rpcbench.server.ProviderContext;

/**
 * A pair's real providers registered at a real (embedded) ZooKeeper and found there by the pair's real consumer:
 * every provider wire-checked at the address it binds, a provider that comes later seen by the consumer.
 */
@Timeout(120)
class RegistryEndToEndTest {

    private static final String EXPECTED = System.getProperty("rpcbench.expected.serialization");

    private EmbeddedZooKeeper zookeeper;
    private final List<ProviderContext> providers = new ArrayList<>();

    @BeforeEach
    void startZooKeeper() {
        zookeeper = EmbeddedZooKeeper.start("127.0.0.1", 0);
    }

    @AfterEach
    void stop() {
        providers.forEach(ProviderContext::close);
        zookeeper.close();
        assertFalse(Files.exists(zookeeper.dataDirectory()), "the embedded ZooKeeper's data directory is removed");
    }

    private ProviderContext startProvider() throws IOException {
        ProviderContext provider = ProviderContext.start(new Endpoint("127.0.0.1", freePort(), zookeeper.address()));
        providers.add(provider);
        return provider;
    }

    private ConsumerContext openConsumer() {
        return ConsumerContext.open(new Endpoint("127.0.0.1", 1, zookeeper.address()));
    }

    private static int freePort() throws IOException {
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return free.getLocalPort();
        }
    }

    private static void awaitTrue(String what, BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 200 && !condition.getAsBoolean(); i++) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
        assertTrue(condition.getAsBoolean(), what + " within 10 s");
    }

    @Test
    void theConsumerFindsAndWireChecksEveryRegisteredProviderAtItsBindAddress() throws IOException {
        ProviderContext first = startProvider();
        ProviderContext second = startProvider();
        assertTrue(first.readyLine().contains("registry=" + zookeeper.address()), first.readyLine());

        try (ConsumerContext consumer = openConsumer()) {
            List<String> bound = List.of("127.0.0.1:" + first.port(), "127.0.0.1:" + second.port());
            assertEquals(bound.stream().sorted().toList(), consumer.providers());

            List<ProbeReport> reports = consumer.verify();
            assertEquals(bound.stream().sorted().toList(),
                    reports.stream().map(ProbeReport::getServerAddress).toList(),
                    "each provider reached at exactly the loopback address it binds, not the machine's");
            for (ProbeReport report : reports) {
                assertEquals(EXPECTED, report.getSerialization());
                assertEquals(EXPECTED, report.getWireSerialization());
            }
            UserService users = consumer.userService();
            for (int i = 0; i < 20; i++) {
                UserServiceContract.checkGetUser(i, users.getUser(i));
            }
        }
    }

    /** Going away is the fault run's part: two providers in one JVM share Dubbo's service repository. */
    @Test
    void aProviderThatRegistersLaterIsPushedToTheConsumerAndChecked() throws IOException, InterruptedException {
        ProviderContext first = startProvider();
        try (ConsumerContext consumer = openConsumer()) {
            assertEquals(1, consumer.verify().size());

            ProviderContext second = startProvider();
            awaitTrue("the second provider pushed to the consumer", () -> consumer.providers().size() == 2);
            assertEquals(List.of("127.0.0.1:" + first.port(), "127.0.0.1:" + second.port()).stream().sorted().toList(),
                    consumer.verify().stream().map(ProbeReport::getServerAddress).toList());
        }
    }

    @Test
    void aRegistryWithoutProvidersIsAClearErrorNotAHang() {
        long start = System.nanoTime();
        IllegalStateException error = assertThrows(IllegalStateException.class, this::openConsumer);
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(20), "Dubbo's reference check is bounded");
        assertTrue(error.getMessage().contains("no provider of the benchmark is registered at "
                + zookeeper.address()), error.getMessage());
    }

    @Test
    void anUnreachableRegistryIsNamedWithinSeconds() throws IOException {
        RegistryAddress nowhere = new RegistryAddress("127.0.0.1", freePort());
        long start = System.nanoTime();
        IllegalStateException consumerError = assertThrows(IllegalStateException.class,
                () -> ConsumerContext.open(new Endpoint("127.0.0.1", 1, nowhere)));
        IllegalStateException providerError = assertThrows(IllegalStateException.class,
                () -> ProviderContext.start(new Endpoint("127.0.0.1", freePort(), nowhere)));
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(15));
        for (IllegalStateException error : List.of(consumerError, providerError)) {
            assertTrue(error.getMessage().startsWith("ZooKeeper at " + nowhere + " is unreachable"),
                    error.getMessage());
        }
    }
}
