package org.rpcbench.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
    void addedFlagsComeLastAndACollectorNamedThereReplacesG1() {
        List<String> zgc = JvmRole.SERVER.jvmArgs(List.of("-XX:+UseZGC", "-Xmx2g"));
        assertFalse(zgc.contains("-XX:+UseG1GC"), "two collectors would stop the JVM");
        assertEquals(List.of("-Xms1g", "-Xmx1g", "-XX:+UseZGC", "-Xmx2g"), zgc.subList(zgc.size() - 4, zgc.size()),
                "the role's heap, then the added flags, which win");
        List<String> more = JvmRole.FORK.jvmArgs(List.of("-XX:+AlwaysPreTouch"));
        assertTrue(more.contains("-XX:+UseG1GC"));
        assertEquals("-XX:+AlwaysPreTouch", more.get(more.size() - 1));
        assertEquals(JvmRole.CLIENT.jvmArgs(), JvmRole.CLIENT.jvmArgs(List.of()));
    }

    @Test
    void aClientsAddedFlagsReachItsForksWholeThroughAProperty() {
        JvmSettings settings = new JvmSettings(null, null, List.of("-XX:+UseParallelGC", "-Dname=two words"));
        String flag = settings.forkArgsFlag();
        assertTrue(flag.startsWith("-D" + JvmSettings.FORK_ARGS_PROPERTY + "="), flag);
        String previous = System.getProperty(JvmSettings.FORK_ARGS_PROPERTY);
        try {
            assertEquals(List.of(), JvmSettings.forkArgs(), "none handed on");
            System.setProperty(JvmSettings.FORK_ARGS_PROPERTY, flag.substring(flag.indexOf('=') + 1));
            assertEquals(settings.args(), JvmSettings.forkArgs());
        } finally {
            if (previous == null) {
                System.clearProperty(JvmSettings.FORK_ARGS_PROPERTY);
            } else {
                System.setProperty(JvmSettings.FORK_ARGS_PROPERTY, previous);
            }
        }
    }

    @Test
    void eachRoleSaysTheMostHeapItTakes() {
        assertEquals(1L << 30, JvmRole.SERVER.maxHeapBytes());
        assertEquals(512L << 20, JvmRole.CLIENT.maxHeapBytes());
        assertEquals(0, JvmRole.TOOL.maxHeapBytes());
    }
}
