package org.rpcbench.runner.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.rpcbench.runner.process.JvmExecutor;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

class PlacementTest {

    @Command
    static final class Holder {
        @Mixin
        Placement hosts = new Placement();
    }

    private static Placement parse(String... args) {
        Holder holder = new Holder();
        new CommandLine(holder).parseArgs(args);
        return holder.hosts;
    }

    private static String refusal(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> parse(args).check()).getMessage();
    }

    @Test
    void localIsTheDefaultAndOpensThisMachinesExecutor() throws Exception {
        Placement local = parse();
        local.check();
        assertFalse(local.remote());
        assertSame(JvmExecutor.LOCAL, local.open("run", (settings, out) -> {
            throw new AssertionError("no cluster is opened for a local run");
        }, line -> { }));
    }

    @Test
    void sshTakesServerAndClientHostsRoundRobin() {
        Placement ssh = parse("--on", "ssh", "--server-hosts", "bench@127.0.0.1", "--client-hosts",
                "127.0.0.2,bench@127.0.0.3");
        ssh.check();
        assertTrue(ssh.ssh());
        assertEquals(List.of("--on", "ssh", "--server-hosts", "bench@127.0.0.1", "--client-hosts",
                "127.0.0.2,bench@127.0.0.3"), ssh.sshArgs());
    }

    @Test
    void theSshOptionsArePassedOnAsRunAllTakesThemWithTheirFilesAbsolute() {
        assertEquals(List.of(), parse().sshArgs());
        Placement ssh = parse("--on", "ssh", "--server-hosts", "bench@127.0.0.1", "--client-hosts",
                "127.0.0.2,127.0.0.3", "--ssh-known-hosts", "known_hosts");
        assertEquals(List.of("--on", "ssh", "--server-hosts", "bench@127.0.0.1", "--client-hosts",
                "127.0.0.2,127.0.0.3", "--ssh-known-hosts", Path.of("known_hosts").toAbsolutePath().toString()),
                ssh.sshArgs());
        Placement passedOn = parse(ssh.sshArgs().toArray(String[]::new));
        assertEquals(ssh.sshArgs(), passedOn.sshArgs(), "read back the same");
        assertThrows(IllegalStateException.class, () -> parse("--on", "k8s", "--image", "rpcbench:1").sshArgs());
    }

    @Test
    void badCombinationsAreOneLineNamingTheOption() {
        assertEquals("option --on: 'k8' is not local, ssh or k8s", refusal("--on", "k8"));
        assertEquals("option --on ssh: give the hosts with --server-hosts and --client-hosts",
                refusal("--on", "ssh", "--server-hosts", "127.0.0.1"));
        assertEquals("options --server-hosts, --client-hosts, --ssh-identity and --ssh-known-hosts apply with --on"
                + " ssh", refusal("--client-hosts", "127.0.0.1"));
        assertEquals("host 'bad user@127.0.0.1' is not user@address or address",
                refusal("--on", "ssh", "--server-hosts", "bad user@127.0.0.1", "--client-hosts", "127.0.0.1"));
        assertEquals("host '127.0.0.1:22': '127.0.0.1:22' is not a host: give the port with -p",
                refusal("--on", "ssh", "--server-hosts", "127.0.0.1", "--client-hosts", "127.0.0.1:22"));
        assertEquals("option --ssh-identity: cannot read /nonexistent/key", refusal("--on", "ssh", "--server-hosts",
                "127.0.0.1", "--client-hosts", "127.0.0.1", "--ssh-identity", "/nonexistent/key"));
        assertEquals("options --namespace, --image, --pod-cpus, --server-node-selector and --client-node-selector"
                + " apply with --on k8s", refusal("--image", "rpcbench:1"));
        assertEquals("option --on k8s: give the suite's image with --image", refusal("--on", "k8s"));
    }
}
