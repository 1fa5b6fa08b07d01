package org.rpcbench.client.server;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.rpcbench.contract.WireProof;
import org.rpcbench.stack.ServerSample;

class ServerLoadTest {

    private static final String SERVER = "127.0.0.1:8080";

    private static WireProof served(long calls) {
        return new WireProof("dubbo", "dubbo", "kryo", "dubbo", "kryo", "kryo", SERVER, "127.0.0.1:50000", Map.of(),
                Map.of("kryo", calls), 0, Map.of(), Map.of());
    }

    private static ServerSample sample(double cpuSeconds, double seconds) {
        return new ServerSample((long) (cpuSeconds * 1e9), 0, 0, (long) (seconds * 1e9), 2, "", Map.of());
    }

    @Test
    void theClientsCpuPerCallIsOverItsOwnCallsNotEveryConsumersTheServerServed() {
        // two consumers of the provider: it served 2,000,000 calls, this client made 1,000,000 of them
        String load = ServerLoad.describe(Map.of(SERVER, sample(0, 0)), Map.of(SERVER, sample(40, 100)),
                List.of(served(0)), List.of(served(2_000_000)), OptionalLong.of(50_000_000_000L), 1_000_000);

        assertTrue(load.contains("server: 40.0 s of CPU in 100.0 s (20% of its 2 cores), 2,000,000 calls, 20.0 µs per"
                + " call"), load);
        assertTrue(load.contains("client: 50.0 s of CPU in its JMH forks, 1,000,000 calls, 50.0 µs per call"), load);
    }

    @Test
    void withoutForksOrCallsTheClientLineIsLeftOut() {
        for (String load : List.of(
                ServerLoad.describe(Map.of(SERVER, sample(0, 0)), Map.of(SERVER, sample(40, 100)), List.of(served(0)),
                        List.of(served(1_000)), OptionalLong.empty(), 1_000),
                ServerLoad.describe(Map.of(SERVER, sample(0, 0)), Map.of(SERVER, sample(40, 100)), List.of(served(0)),
                        List.of(served(1_000)), OptionalLong.of(1), 0))) {
            assertFalse(load.contains("client:"), load);
        }
    }
}
