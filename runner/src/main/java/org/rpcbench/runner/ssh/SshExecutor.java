package org.rpcbench.runner.ssh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.rpcbench.contract.JvmRole;
import org.rpcbench.contract.JvmSettings;
import org.rpcbench.contract.RunRecord;
import org.rpcbench.runner.process.ChildProcess;
import org.rpcbench.runner.process.JvmExecutor;
import org.rpcbench.runner.process.JvmLauncher;
import org.rpcbench.runner.process.RunningJvm;

/**
 * The JVMs on hosts reached over SSH: servers on the server hosts and clients on the client hosts, instance i of a
 * role on host i (round-robin); the run's embedded ZooKeeper on the first server host. Each JVM runs under a small
 * shell wrapper there that stops it (its whole process group: a client's JMH forks too) when the runner says so on
 * ssh's input, and when that input ends: the runner stopped, ssh killed or the connection lost. A remote pid file
 * would leave a JVM running whenever the runner could not reach the host again to use it; the wrapper needs nothing
 * from the runner to stop.
 */
public final class SshExecutor implements JvmExecutor.Session {

    /**
     * Run from the run's directory there: $1 the working directory, then the JVM's command. Lines on the input are
     * signals for the JVM's group; at the input's end, TERM, then KILL after 20 s.
     */
    private static final String WRAPPER = String.join("\n",
            "cd \"$1\" || exit 125",
            "shift",
            "exec 3<&0",
            "setsid \"$@\" </dev/null 2>&1 &",
            "jvm=$!",
            "(",
            "  while read -r signal; do kill -s \"$signal\" -- \"-$jvm\" 2>/dev/null; done",
            "  kill -s TERM -- \"-$jvm\" 2>/dev/null",
            "  tries=0",
            "  while kill -0 -- \"-$jvm\" 2>/dev/null && [ \"$tries\" -lt 40 ]; do sleep 0.5; tries=$((tries + 1));"
                    + " done",
            "  kill -s KILL -- \"-$jvm\" 2>/dev/null",
            ") <&3 >/dev/null 2>&1 &",
            "watcher=$!",
            "exec 3<&-",
            "wait \"$jvm\"",
            "status=$?",
            "kill \"$watcher\" 2>/dev/null",
            "kill -s KILL -- \"-$jvm\" 2>/dev/null",
            "exit \"$status\"");

    private final Map<String, SshHost> hosts;
    private final List<SshHost> servers;
    private final List<SshHost> clients;
    private final Path controlDirectory;

    private SshExecutor(Map<String, SshHost> hosts, List<SshHost> servers, List<SshHost> clients,
            Path controlDirectory) {
        this.hosts = hosts;
        this.servers = servers;
        this.clients = clients;
        this.controlDirectory = controlDirectory;
    }

    /**
     * Connects to every host (each once, whatever its roles), checks its Java and reads what it is, saying each on
     * {@code out}; a host that cannot be used closes what was opened and is the exception's one line.
     *
     * @param runId names the run's directory on each host
     */
    public static SshExecutor open(List<String> serverHosts, List<String> clientHosts, Path identity,
            Path knownHosts, String runId, Consumer<String> out) throws SshException, IOException,
            InterruptedException {
        Path control = Files.createTempDirectory("rpcbench-ssh-");
        SshHost.SshClient client = new SshHost.SshClient(identity, knownHosts, control);
        Map<String, SshHost> hosts = new LinkedHashMap<>();
        for (String target : new LinkedHashSet<>(concat(serverHosts, clientHosts))) {
            String address = target.substring(target.indexOf('@') + 1);
            hosts.put(target, new SshHost(target, client, runId + "-" + address));
        }
        SshExecutor executor = new SshExecutor(hosts, serverHosts.stream().map(hosts::get).toList(),
                clientHosts.stream().map(hosts::get).toList(), control);
        try {
            for (SshHost host : hosts.values()) {
                host.connect();
                RunRecord.Machine machine = host.machine();
                out.accept("host " + host.target() + ": " + (machine.cpuModel() == null ? "" : machine.cpuModel()
                        + ", ") + machine.cores() + " cores");
            }
        } catch (SshException | IOException | InterruptedException | RuntimeException e) {
            executor.close();
            throw e;
        }
        return executor;
    }

    private static List<String> concat(List<String> first, List<String> second) {
        List<String> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    private SshHost host(JvmRole role, int instance) {
        List<SshHost> of = switch (role) {
            case SERVER -> servers;
            // the run's registry beside its first provider: a host the providers and the consumers already reach
            case ZOOKEEPER -> servers.subList(0, 1);
            case CLIENT -> clients;
            default -> throw new IllegalArgumentException("a " + role + " JVM does not run on the SSH hosts");
        };
        return of.get(instance % of.size());
    }

    @Override
    public RunningJvm start(JvmLauncher launcher, String name, JvmLauncher.Jvm jvm, int instance, Path outputFile,
            Consumer<String> listener) throws IOException {
        SshHost host = host(jvm.role(), instance);
        try {
            // every absolute path the JVM is given is a file of the run: the same path under the run's files there
            Map<Path, String> files = new LinkedHashMap<>();
            List<String> args = new ArrayList<>();
            for (String arg : jvm.args()) {
                if (arg.startsWith("/")) {
                    Path local = Path.of(arg);
                    files.put(local, host.mirror(local));
                    args.add(host.mirror(local));
                } else {
                    args.add(arg);
                }
            }
            String workingDirectory = host.mirror(launcher.workingDirectory());
            StringBuilder directories = new StringBuilder("mkdir -p ").append(SshHost.quote(workingDirectory));
            files.forEach((local, remote) -> directories.append(' ').append(SshHost.quote(Files.isDirectory(local)
                    ? remote : remote.substring(0, remote.lastIndexOf('/')))));
            var made = host.run(directories.toString());
            if (!made.succeeded()) {
                throw new IOException("cannot make the run's directories on " + host.target() + ": " + made.output());
            }
            String jar = host.jar(jvm.module(), launcher.suite().runnableJar(jvm.module()));
            JvmSettings settings = launcher.settings(jvm.role());
            String java = settings.javaHome() == null ? "java" : settings.javaLauncher().toString();
            List<String> command = launcher.command(new JvmLauncher.Jvm(jvm.module(), jvm.mainClass(), jvm.role(),
                    args, jvm.cpus()), java, jar, false);
            StringBuilder shell = new StringBuilder("exec sh -c ").append(SshHost.quote(WRAPPER))
                    .append(" rpcbench-jvm ").append(SshHost.quote(workingDirectory));
            for (String word : command) {
                shell.append(' ').append(SshHost.quote(word));
            }
            ChildProcess ssh = ChildProcess.start(name + " on " + host.target(), host.command(shell.toString()),
                    launcher.workingDirectory(), outputFile, listener);
            return new RemoteJvm(host, ssh, files);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting " + name + " on " + host.target(), e);
        }
    }

    @Override
    public String serverAddress(int instance) {
        return host(JvmRole.SERVER, instance).address();
    }

    @Override
    public String clientAddress(int instance) {
        return host(JvmRole.CLIENT, instance).address();
    }

    @Override
    public RunRecord.Machine machine(JvmRole role, int instance) {
        return host(role, instance).machine();
    }

    /** Every host's run directory removed and its connection closed, whatever still ran there stopped with it. */
    @Override
    public void close() throws InterruptedException {
        for (SshHost host : hosts.values()) {
            host.close();
        }
        try (Stream<Path> paths = Files.walk(controlDirectory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            // a temporary directory of a few bytes: the OS's to clean
        }
    }
}
