package org.rpcbench.runner.placement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.rpcbench.contract.Hosts;
import org.rpcbench.runner.kubernetes.KubernetesCluster;
import org.rpcbench.runner.kubernetes.KubernetesOptions;
import org.rpcbench.runner.process.JvmExecutor;
import org.rpcbench.runner.ssh.SshException;
import org.rpcbench.runner.ssh.SshExecutor;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Where a pair's or a run's JVMs run: here (the default), on hosts reached over SSH, servers on the server hosts
 * and clients on the client hosts, or in pods on Kubernetes (with the pods' own options). One mixin, so that a pair
 * and run-all take the same options and open their executor the same way.
 */
public final class Placement {

    static final String LOCAL = "local";
    static final String SSH = "ssh";
    static final String KUBERNETES = "k8s";
    // the options' names, also as ab passes them on to its run-alls
    private static final String ON = "--on";
    private static final String SERVER_HOSTS = "--server-hosts";
    private static final String CLIENT_HOSTS = "--client-hosts";
    private static final String SSH_IDENTITY = "--ssh-identity";
    private static final String SSH_KNOWN_HOSTS = "--ssh-known-hosts";

    @Option(names = ON, paramLabel = "where", description = "local (default): every JVM on this machine; ssh:"
            + " the servers on --server-hosts and the clients on --client-hosts, over OpenSSH's ssh and scp; k8s:"
            + " each JVM in a pod of its own on the current kubeconfig's cluster, a client never on a server's node")
    String on = LOCAL;

    @Option(names = SERVER_HOSTS, split = ",", paramLabel = "host", description = "with --on ssh: the hosts"
            + " the servers run on, as user@address or address; each server binds its host's address")
    List<String> serverHosts = new ArrayList<>();

    @Option(names = CLIENT_HOSTS, split = ",", paramLabel = "host", description = "with --on ssh: the hosts"
            + " the clients run on; client i runs on host i (round-robin), as server i does")
    List<String> clientHosts = new ArrayList<>();

    @Option(names = SSH_IDENTITY, paramLabel = "file", description = "with --on ssh: the private key to log in"
            + " with (default: ssh's own, from ~/.ssh and its config)")
    Path identity;

    @Option(names = SSH_KNOWN_HOSTS, paramLabel = "file", description = "with --on ssh: the known-hosts file"
            + " that holds every host's key (default: ssh's own); an unknown host key is refused")
    Path knownHosts;

    @Mixin
    KubernetesOptions pods = new KubernetesOptions();

    /** Whether the JVMs run on SSH hosts. */
    public boolean ssh() {
        return SSH.equals(on);
    }

    /** Whether the JVMs run in pods on Kubernetes. */
    public boolean kubernetes() {
        return KUBERNETES.equals(on);
    }

    /** What --on says, for the messages of what it refuses. */
    public String on() {
        return on;
    }

    /**
     * Checks the options together before anything starts.
     *
     * @throws IllegalArgumentException naming the option and what is wrong
     */
    public void check() {
        if (!LOCAL.equals(on) && !SSH.equals(on) && !KUBERNETES.equals(on)) {
            throw new IllegalArgumentException("option --on: '" + on + "' is not local, ssh or k8s");
        }
        pods.check(kubernetes());
        if (!ssh()) {
            if (!serverHosts.isEmpty() || !clientHosts.isEmpty() || identity != null || knownHosts != null) {
                throw new IllegalArgumentException("options --server-hosts, --client-hosts, --ssh-identity and"
                        + " --ssh-known-hosts apply with --on ssh");
            }
            return;
        }
        if (serverHosts.isEmpty() || clientHosts.isEmpty()) {
            throw new IllegalArgumentException("option --on ssh: give the hosts with --server-hosts and"
                    + " --client-hosts");
        }
        List<String> all = new ArrayList<>(serverHosts);
        all.addAll(clientHosts);
        for (String target : all) {
            checkTarget(target);
        }
        if (identity != null && !Files.isReadable(identity)) {
            throw new IllegalArgumentException("option --ssh-identity: cannot read " + identity);
        }
        if (knownHosts != null && !Files.isReadable(knownHosts)) {
            throw new IllegalArgumentException("option --ssh-known-hosts: cannot read " + knownHosts);
        }
    }

    /** {@code user@address} or {@code address}: the address resolves, the user is a plain login name. */
    static void checkTarget(String target) {
        int at = target.indexOf('@');
        if (at >= 0 && !target.substring(0, at).matches("[A-Za-z_][A-Za-z0-9._-]*")) {
            throw new IllegalArgumentException("host '" + target + "' is not user@address or address");
        }
        try {
            Hosts.check(target.substring(at + 1));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("host '" + target + "': " + e.getMessage());
        }
    }

    /**
     * The SSH hosts' options as given, as run-all takes them (its files as absolute paths, for a run-all started
     * elsewhere); none when the JVMs run here.
     *
     * @throws IllegalStateException with --on k8s, whose options are not passed on
     */
    public List<String> sshArgs() {
        if (kubernetes()) {
            throw new IllegalStateException("--on k8s is not passed on to a run-all");
        }
        if (!ssh()) {
            return List.of();
        }
        List<String> args = new ArrayList<>(List.of(ON, SSH, SERVER_HOSTS, String.join(",", serverHosts),
                CLIENT_HOSTS, String.join(",", clientHosts)));
        if (identity != null) {
            args.addAll(List.of(SSH_IDENTITY, identity.toAbsolutePath().toString()));
        }
        if (knownHosts != null) {
            args.addAll(List.of(SSH_KNOWN_HOSTS, knownHosts.toAbsolutePath().toString()));
        }
        return args;
    }

    /** Whether any JVM runs elsewhere than on this machine. */
    public boolean remote() {
        return ssh() || kubernetes();
    }

    /**
     * Opens the run's executor: this machine's, the SSH hosts (connected and checked, see {@link SshExecutor#open})
     * or the cluster's pods, saying where on {@code out}.
     *
     * @param runId names the run's directory on each SSH host
     * @throws IOException one line: a host or a cluster that cannot be used
     */
    public JvmExecutor.Session open(String runId, KubernetesCluster cluster, Consumer<String> out)
            throws IOException, InterruptedException {
        if (kubernetes()) {
            return cluster.open(pods.settings(), out);
        }
        if (!ssh()) {
            return JvmExecutor.LOCAL;
        }
        try {
            return SshExecutor.open(serverHosts, clientHosts, identity, knownHosts, runId, out);
        } catch (SshException e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
