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
 * where one is given, prefixes the command with {@code taskset -c}. A run may give the servers and the clients a JDK
 * of their own and more flags; a client hands its flags on to its JMH forks, which run on its JDK.
 *
 * @param suite the modules and their jars
 * @param workingDirectory where the JVMs run: their relative paths (results/, logs/) resolve from here
 * @param servers what servers get beyond the suite's own flags
 * @param clients the same for clients and their forks
 * @param executor where the JVMs run: here, or on other hosts
 */
public record JvmLauncher(Suite suite, Path workingDirectory, JvmSettings servers, JvmSettings clients,
        JvmExecutor executor) {

    JvmLauncher(Suite suite, Path workingDirectory) {
        this(suite, workingDirectory, JvmSettings.NONE, JvmSettings.NONE);
    }

    public JvmLauncher(Suite suite, Path workingDirectory, JvmSettings servers, JvmSettings clients) {
        this(suite, workingDirectory, servers, clients, JvmExecutor.LOCAL);
    }

    /**
     * One JVM to start: a module's main (or {@code mainClass} in its jar), in a role, with its arguments, on a list
     * of CPUs where that is not null.
     */
    public record Jvm(String module, String mainClass, JvmRole role, List<String> args, String cpus) {

        public static Jvm of(String module, JvmRole role, List<String> args) {
            return of(module, null, role, args);
        }

        public static Jvm of(String module, String mainClass, JvmRole role, List<String> args) {
            return new Jvm(module, mainClass, role, args, null);
        }

        public Jvm onCpus(String cpuList) {
            return new Jvm(module, mainClass, role, args, cpuList);
        }
    }

    /** The same launcher, its servers run with these settings instead. */
    public JvmLauncher withServers(JvmSettings settings) {
        return new JvmLauncher(suite, workingDirectory, settings, clients, executor);
    }

    /** The same launcher, its JVMs run by this executor. */
    public JvmLauncher withExecutor(JvmExecutor where) {
        return new JvmLauncher(suite, workingDirectory, servers, clients, where);
    }

    /** What a JVM of this role runs on beyond the suite's own flags. */
    public JvmSettings settings(JvmRole role) {
        return switch (role) {
            case SERVER -> servers;
            case CLIENT -> clients;
            default -> JvmSettings.NONE;
        };
    }

    /** The command line of a JVM here. */
    List<String> command(Jvm jvm) {
        return command(jvm, settings(jvm.role()).javaLauncher().toString(), suite.runnableJar(jvm.module()).toString(),
                true);
    }

    /**
     * The command line of a JVM wherever it runs: on its CPUs, started by {@code java} from {@code jar};
     * {@code watched} when it runs where it can see this runner's pid, and so stops when the runner is gone.
     */
    public List<String> command(Jvm jvm, String java, String jar, boolean watched) {
        List<String> command = new ArrayList<>();
        if (jvm.cpus() != null) {
            command.addAll(CpuPinning.tasksetPrefix(jvm.cpus()));
        }
        JvmSettings settings = settings(jvm.role());
        command.add(java);
        command.addAll(jvm.role().jvmArgs(settings.args()));
        if (jvm.role() == JvmRole.CLIENT && !settings.args().isEmpty()) {
            command.add(settings.forkArgsFlag());
        }
        if (watched) {
            command.add(LauncherWatch.flag());
        }
        if (jvm.mainClass() == null) {
            command.addAll(List.of("-jar", jar));
        } else {
            command.addAll(List.of("-cp", jar, jvm.mainClass()));
        }
        command.addAll(jvm.args());
        return command;
    }

    /** Starts it, the first of its role, with its output to a file (or none) and to a listener. */
    public RunningJvm start(String name, Jvm jvm, Path outputFile, Consumer<String> listener) throws IOException {
        return start(name, jvm, 0, outputFile, listener);
    }

    /** Starts instance {@code instance} (from 0) of its role, where the executor places it. */
    public RunningJvm start(String name, Jvm jvm, int instance, Path outputFile, Consumer<String> listener)
            throws IOException {
        return executor.start(this, name, jvm, instance, outputFile, listener);
    }

    /** Starts it on this terminal, its output and input the runner's own. */
    public Process startInForeground(Jvm jvm) throws IOException {
        return new ProcessBuilder(command(jvm)).directory(workingDirectory.toFile()).inheritIO().start();
    }
}
