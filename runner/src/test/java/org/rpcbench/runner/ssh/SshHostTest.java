package org.rpcbench.runner.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class SshHostTest {

    @Test
    void javaFeatureOfEachVersionLine() {
        assertEquals(17, SshHost.javaFeature("openjdk version \"17.0.15\" 2025-04-15"));
        assertEquals(21, SshHost.javaFeature("openjdk version \"21\" 2023-09-19"));
        assertEquals(25, SshHost.javaFeature("java version \"25-ea\" 2025-09-16"));
        assertEquals(8, SshHost.javaFeature("java version \"1.8.0_402\""));
        assertEquals(0, SshHost.javaFeature("bash: java: command not found"));
    }

    @Test
    void quotingKeepsEveryWordWholeForAPosixShell() {
        assertEquals("'plain'", SshHost.quote("plain"));
        assertEquals("'it'\\''s $HOME'", SshHost.quote("it's $HOME"));
    }

    @Test
    void aFileHereIsTheSamePathUnderTheRunsFilesThereAndTheOptionsAreBatchOnly() {
        SshHost.SshClient client = new SshHost.SshClient(Path.of("/keys/id"), Path.of("/keys/known"),
                Path.of("/tmp/control"));
        SshHost host = new SshHost("bench@10.0.0.2", client, "run-1");
        assertEquals("10.0.0.2", host.address());
        List<String> options = client.options();
        for (String option : List.of("BatchMode=yes", "StrictHostKeyChecking=yes", "ConnectTimeout=10",
                "ServerAliveInterval=5", "ServerAliveCountMax=3", "ControlPath=/tmp/control/%C",
                "UserKnownHostsFile=/keys/known", "IdentitiesOnly=yes")) {
            assertEquals(true, options.contains(option), option);
        }
        assertEquals("/keys/id", options.get(options.indexOf("-i") + 1));
    }
}
