package org.rpcbench.runner.process;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.rpcbench.contract.JvmRole;
import org.rpcbench.contract.JvmSettings;
import org.rpcbench.contract.LauncherWatch;

/**
 * Starts the suite's JVMs: the flags of the role, then the module's jar and its arguments, every argument as it is
 * (never through a shell). Each JVM is told this runner's pid, and stops when the runner is gone. A CPU list,
 * where one is given, prefixes the command with {@code taskset -c}; a network namespace with {@code ip netns exec},
 * so the same runner drives a pair across two emulated hosts. A run may give the servers and the clients a JDK of
 * their own and more flags; a client hands its flags on to its JMH forks, which run on its JDK.
 *
 * @param suite the modules and their jars
 * @param workingDirectory where the JVMs run: their relative paths (results/, logs/) resolve from here
 * @param servers what servers get beyond the suite's own flags
 * @param clients the same for clients and their forks
 */
public record JvmLauncher(Suite suite, Path workingDirectory, JvmSettings servers, JvmSettings clients) {

    JvmLauncher(Suite suite, Path workingDirectory) {
        this(suite, workingDirectory, JvmSettings.NONE, JvmSettings.NONE);
    }

    /**
     * One JVM to start: a module's main (or {@code mainClass} in its jar), in a role, with its arguments, in a
     * network namespace and on a list of CPUs where these are not null.
     */
    public record Jvm(String module, String mainClass, JvmRole role, List<String> args, String netns, String cpus) {

        public static Jvm of(String module, JvmRole role, List<String> args) {
            return of(module, null, role, args);
        }

        public static Jvm of(String module, String mainClass, JvmRole role, List<String> args) {
            return new Jvm(module, mainClass, role, args, null, null);
        }

        public Jvm inNamespace(String namespace) {
            return new Jvm(module, mainClass, role, args, namespace, cpus);
        }

        public Jvm onCpus(String cpuList) {
            return new Jvm(module, mainClass, role, args, netns, cpuList);
        }
    }

    /** The same launcher, its servers run with these settings instead. */
    public JvmLauncher withServers(JvmSettings settings) {
        return new JvmLauncher(suite, workingDirectory, settings, clients);
    }

    /** The command line of a JVM. */
    List<String> command(Jvm jvm) {
        List<String> command = new ArrayList<>();
        if (jvm.cpus() != null) {
            command.addAll(CpuPinning.tasksetPrefix(jvm.cpus()));
        }
        if (jvm.netns() != null) {
            command.addAll(List.of("ip", "netns", "exec", jvm.netns()));
        }
        JvmSettings settings = switch (jvm.role()) {
            case SERVER -> servers;
            case CLIENT -> clients;
            default -> JvmSettings.NONE;
        };
        command.add(settings.javaLauncher().toString());
        command.addAll(jvm.role().jvmArgs(settings.args()));
        if (jvm.role() == JvmRole.CLIENT && !settings.args().isEmpty()) {
            command.add(settings.forkArgsFlag());
        }
        command.add(LauncherWatch.flag());
        Path jar = suite.runnableJar(jvm.module());
        if (jvm.mainClass() == null) {
            command.addAll(List.of("-jar", jar.toString()));
        } else {
            command.addAll(List.of("-cp", jar.toString(), jvm.mainClass()));
        }
        command.addAll(jvm.args());
        return command;
    }

    /** Starts it with its output to a file (or none) and to a listener. */
    public ChildProcess start(String name, Jvm jvm, Path outputFile, Consumer<String> listener) throws IOException {
        return ChildProcess.start(name, command(jvm), workingDirectory, outputFile, listener);
    }

    /** Starts it on this terminal, its output and input the runner's own. */
    public Process startInForeground(Jvm jvm) throws IOException {
        return new ProcessBuilder(command(jvm)).directory(workingDirectory.toFile()).inheritIO().start();
    }
}
