package org.rpcbench.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** A server module's thread model file, read as the ceiling and gRPC read theirs. */
class ProviderThreadsTest {

    @Test
    void noFileIsDubbosProviderDefault() {
        ProviderThreads threads = ProviderThreads.load("provider-threads/none.properties");
        assertEquals(new ProviderThreads("all", 200), threads);
        assertEquals(Map.of("dispatcher", "all", "threads", "200", "iothreads",
                String.valueOf(ProviderThreads.IO_THREADS)), threads.details());
    }

    @Test
    void aFileSetsTheDispatcherAndThePool() {
        assertEquals(new ProviderThreads("all", 64), ProviderThreads.load("provider-threads/pool.properties"));
        ProviderThreads direct = ProviderThreads.load("provider-threads/direct.properties");
        assertEquals(new ProviderThreads("direct", 0), direct, "direct: no pool, whatever threads says");
        assertEquals("0", direct.details().get("threads"));
    }

    @Test
    void aValueItCannotUseIsRefusedNamingTheFile() {
        assertEquals("provider-threads/bad-dispatcher.properties: dispatcher 'message' is not all or direct",
                assertThrows(IllegalArgumentException.class,
                        () -> ProviderThreads.load("provider-threads/bad-dispatcher.properties")).getMessage());
        assertEquals("provider-threads/bad-threads.properties: threads 'many' is not a positive number",
                assertThrows(IllegalArgumentException.class,
                        () -> ProviderThreads.load("provider-threads/bad-threads.properties")).getMessage());
    }
}
