package org.rpcbench.registry;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class EmbeddedZooKeeperTest {

    @Test
    void theRegistryCheckKnowsARealZooKeeperAgainAndAgain() {
        EmbeddedZooKeeper zookeeper = EmbeddedZooKeeper.start("127.0.0.1", 0);
        try {
            // each check opens a session and closes it: repeating it leaves nothing behind to refuse the next
            for (int i = 0; i < 3; i++) {
                zookeeper.address().checkReachable();
            }
        } finally {
            zookeeper.close();
        }
        assertFalse(Files.exists(zookeeper.dataDirectory()), "its data directory is removed");
    }
}
