package org.rpcbench.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class JvmRoleTest {

    @Test
    void everyJvmGetsTheBuildsOneListOfOpens() {
        assertEquals(List.of(
                "--add-opens=java.base/java.lang=ALL-UNNAMED",
                "--add-opens=java.base/java.util=ALL-UNNAMED",
                "--add-opens=java.base/java.math=ALL-UNNAMED",
                "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
                "--add-opens=java.base/java.net=ALL-UNNAMED",
                "--add-opens=java.base/java.text=ALL-UNNAMED",
                "--add-opens=java.base/java.time=ALL-UNNAMED",
                "--add-opens=java.sql/java.sql=ALL-UNNAMED"), JvmRole.addOpens());
        for (JvmRole role : JvmRole.values()) {
            assertTrue(role.jvmArgs().containsAll(JvmRole.addOpens()), role.name());
            assertTrue(role.jvmArgs().contains("-XX:+UseG1GC"), role.name() + ": G1 even on one CPU");
        }
    }

    @Test
    void serversAndForksGetAFixedHeap() {
        assertTrue(JvmRole.SERVER.jvmArgs().containsAll(List.of("-Xms1g", "-Xmx1g")));
        assertTrue(JvmRole.FORK.jvmArgs().containsAll(List.of("-Xms1g", "-Xmx1g")));
        assertTrue(JvmRole.CLIENT.jvmArgs().contains("-Xmx512m"));
    }

    @Test
    void eachRoleSaysTheMostHeapItTakes() {
        assertEquals(1L << 30, JvmRole.SERVER.maxHeapBytes());
        assertEquals(512L << 20, JvmRole.CLIENT.maxHeapBytes());
        assertEquals(0, JvmRole.TOOL.maxHeapBytes());
    }
}
