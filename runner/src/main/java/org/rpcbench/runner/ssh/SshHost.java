package org.rpcbench.runner.ssh;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.RunRecord;
import org.rpcbench.runner.process.ShortCommand;

/**
 * One host, reached with OpenSSH's own client: one authenticated connection (a control master) that every command,
 * copy and JVM of the run shares, so that starting a JVM or reading a record costs no new handshake and a host that
 * vanishes is noticed once, by the connection's keep-alives, for all of them. Its directory for the run holds the
 * suite's jars, and under {@code files} each file a JVM names, at its absolute path here.
 */
final class SshHost {

    /** The oldest Java the suite's jars run on. */
    static final int JAVA_FEATURE = 17;
    static final int CONNECT_TIMEOUT_SECONDS = 10;
    /** Keep-alives every 5 s, three unanswered: a host gone is noticed within 15 s. */
    private static final int ALIVE_INTERVAL_SECONDS = 5;
    private static final int ALIVE_COUNT = 3;
    private static final Duration COMMAND_TIMEOUT = Duration.ofMinutes(2);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(CONNECT_TIMEOUT_SECONDS + 20);
    /** Exit status of the probe when no java is on the host's PATH. */
    private static final int NO_JAVA = 3;
    /** Prints java's version line, the CPU model (or nothing), the CPUs online and the login directory. */
    private static final String PROBE = "command -v java >/dev/null 2>&1 || exit " + NO_JAVA + "; "
            + "java -version 2>&1 | head -n 1; "
            + "sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1; "
            + "getconf _NPROCESSORS_ONLN; pwd";

    private final String target;
    private final SshClient client;
    private final String runName;
    private final Set<String> jars = new HashSet<>();
    private boolean connected;
    private String runDirectory;
    private RunRecord.Machine machine;

    /**
     * @param target {@code user@address} or {@code address}
     * @param runName the run's directory there, under {@code .rpcbench} in the login directory
     */
    SshHost(String target, SshClient client, String runName) {
        this.target = target;
        this.client = client;
        this.runName = runName;
    }

    /** The host's settings for OpenSSH: where the keys and the known hosts are, the connection shared and kept. */
    record SshClient(Path identity, Path knownHosts, Path controlDirectory) {

        List<String> options() {
            List<String> options = new ArrayList<>(List.of("-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=yes",
                    "-o", "ConnectTimeout=" + CONNECT_TIMEOUT_SECONDS,
                    "-o", "ServerAliveInterval=" + ALIVE_INTERVAL_SECONDS, "-o", "ServerAliveCountMax=" + ALIVE_COUNT,
                    "-o", "ControlPath=" + controlDirectory.resolve("%C"), "-o", "LogLevel=ERROR"));
            if (identity != null) {
                options.addAll(List.of("-o", "IdentitiesOnly=yes", "-i", identity.toString()));
            }
            if (knownHosts != null) {
                options.addAll(List.of("-o", "UserKnownHostsFile=" + knownHosts));
            }
            return options;
        }
    }

    String target() {
        return target;
    }

    /** The address the host is reached at: what its servers bind. */
    String address() {
        return target.substring(target.indexOf('@') + 1);
    }

    RunRecord.Machine machine() {
        return machine;
    }

    /**
     * Opens the shared connection and reads what the host is: a key refused, an unknown host key or a host that
     * does not answer, and a host without Java {@value #JAVA_FEATURE}+, each end here with one line.
     */
    void connect() throws SshException, IOException, InterruptedException {
        Path log = client.controlDirectory().resolve(address() + ".log");
        List<String> master = new ArrayList<>(List.of("ssh", "-M", "-f", "-N", "-o", "ControlMaster=yes",
                "-o", "ControlPersist=no"));
        master.addAll(client.options());
        master.add(target);
        // -f: ssh returns once authenticated, the connection going on in the background; its words go to a file,
        // since the background connection keeps its standard error open
        Process process = new ProcessBuilder(master).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        process.getOutputStream().close();
        if (!process.waitFor(CONNECT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new SshException(target + " did not answer ssh within " + CONNECT_TIMEOUT.toSeconds() + " s");
        }
        if (process.exitValue() != 0) {
            throw new SshException("cannot reach " + target + " over ssh: " + lastLine(log));
        }
        connected = true;
        ShortCommand.Outcome probe = run(PROBE);
        if (probe.exitStatus() == NO_JAVA) {
            throw new SshException(target + " has no java on its PATH for ssh sessions: install a JDK "
                    + JAVA_FEATURE + " or later there");
        }
        List<String> lines = probe.output().lines().toList();
        if (!probe.succeeded() || lines.size() < 3 || !lines.get(lines.size() - 1).startsWith("/")) {
            throw new SshException(target + " did not say what it is: " + probe.output().replace('\n', ' '));
        }
        int feature = javaFeature(lines.get(0));
        if (feature < JAVA_FEATURE) {
            throw new SshException(target + " runs " + lines.get(0) + "; the suite needs Java " + JAVA_FEATURE
                    + " or later on the PATH of its ssh sessions");
        }
        String model = lines.size() > 3 ? lines.get(1).strip() : null;
        machine = new RunRecord.Machine(target, model, Integer.parseInt(lines.get(lines.size() - 2).strip()));
        runDirectory = lines.get(lines.size() - 1).strip() + "/.rpcbench/" + runName;
        run("mkdir -p " + quote(runDirectory + "/jars") + " " + quote(runDirectory + "/files"));
    }

    /** The feature release in {@code java -version}'s first line ("17" of "17.0.9", "8" of "1.8.0"); 0: none. */
    static int javaFeature(String versionLine) {
        int start = versionLine.indexOf('"');
        int end = versionLine.indexOf('"', start + 1);
        if (start < 0 || end < 0) {
            return 0;
        }
        String[] parts = versionLine.substring(start + 1, end).split("[.+-]");
        try {
            int first = Integer.parseInt(parts[0]);
            return first == 1 && parts.length > 1 ? Integer.parseInt(parts[1]) : first;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The path there of a file the runner names here: under the run's directory, at the same absolute path. */
    String mirror(Path local) {
        return runDirectory + "/files" + local.toAbsolutePath().normalize();
    }

    /** The module's jar there, copied on first use. */
    synchronized String jar(String module, Path local) throws IOException, InterruptedException {
        String remote = runDirectory + "/jars/" + module + ".jar";
        if (!jars.contains(module)) {
            copy(List.of(local.toString(), target + ":" + remote), "copy " + local.getFileName() + " to");
            jars.add(module);
        }
        return remote;
    }

    /** Copies a file or a directory a JVM wrote there to the same path here. */
    void fetch(String remote, Path local) throws IOException, InterruptedException {
        Files.createDirectories(local.toAbsolutePath().getParent());
        copy(List.of("-r", target + ":" + remote, local.toString()), "copy " + local.getFileName() + " from");
    }

    private void copy(List<String> what, String doing) throws IOException, InterruptedException {
        List<String> scp = new ArrayList<>(List.of("scp", "-q", "-p", "-o", "ControlMaster=no"));
        scp.addAll(client.options());
        scp.addAll(what);
        Optional<ShortCommand.Outcome> outcome = ShortCommand.run(scp, true, COMMAND_TIMEOUT);
        if (outcome.isEmpty() || !outcome.get().succeeded()) {
            throw new IOException("cannot " + doing + " " + target + ": "
                    + outcome.map(ShortCommand.Outcome::output).orElse("no answer within "
                    + COMMAND_TIMEOUT.toSeconds() + " s"));
        }
    }

    /**
     * A file a running JVM wrote there, copied here (into place in one step) when it is there; false when it is not
     * yet, or the host does not answer.
     */
    boolean fetchIfPresent(String remote, Path local) throws IOException, InterruptedException {
        Optional<ShortCommand.Outcome> outcome = ShortCommand.run(command("cat " + quote(remote) + " 2>/dev/null"),
                false, COMMAND_TIMEOUT);
        if (outcome.isEmpty() || !outcome.get().succeeded() || outcome.get().output().isEmpty()) {
            return false;
        }
        Path partial = local.resolveSibling(local.getFileName() + ".partial");
        Files.writeString(partial, outcome.get().output(), StandardCharsets.UTF_8);
        RecordFiles.move(partial, local);
        return true;
    }

    /** Runs a short shell command there, its output and errors together. */
    ShortCommand.Outcome run(String shell) throws IOException, InterruptedException {
        return ShortCommand.run(command(shell), true, COMMAND_TIMEOUT)
                .orElse(new ShortCommand.Outcome(-1, "no answer within " + COMMAND_TIMEOUT.toSeconds() + " s"));
    }

    /** The ssh command line that runs {@code shell} there over the shared connection. */
    List<String> command(String shell) {
        List<String> ssh = new ArrayList<>(List.of("ssh", "-o", "ControlMaster=no"));
        ssh.addAll(client.options());
        ssh.addAll(List.of(target, shell));
        return ssh;
    }

    /** Removes the run's directory there and closes the shared connection (whatever still used it ends). */
    void close() throws InterruptedException {
        if (!connected) {
            return;
        }
        try {
            if (runDirectory != null) {
                run("rm -rf " + quote(runDirectory));
            }
            List<String> exit = new ArrayList<>(List.of("ssh", "-O", "exit"));
            exit.addAll(client.options());
            exit.add(target);
            ShortCommand.run(exit, true, Duration.ofSeconds(CONNECT_TIMEOUT_SECONDS));
        } catch (IOException e) {
            // ssh itself is gone: there is no connection left to close
        }
    }

    /** One word for a POSIX shell, whatever it holds. */
    static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    private static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log).stream().filter(line -> !line.isBlank()).toList();
            return lines.isEmpty() ? "ssh exited without a word" : lines.get(lines.size() - 1).strip();
        } catch (IOException e) {
            return "ssh failed (" + e.getMessage() + ")";
        }
    }
}
