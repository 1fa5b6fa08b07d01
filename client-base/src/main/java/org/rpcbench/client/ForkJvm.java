package org.rpcbench.client;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.rpcbench.contract.JvmRole;
import org.rpcbench.contract.JvmSettings;
import org.rpcbench.contract.RunFiles;
import org.rpcbench.stack.Stacks;
import org.rpcbench.stack.Target;

/**
 * The command line of JMH's forked JVMs. They are set explicitly rather than inherited from the launching JVM, so
 * that a fork gets what the benchmark needs and nothing else (no profiling flags meant for the launcher).
 */
final class ForkJvm {

    /** Set in every fork, so that a benchmark knows it runs in a process of its own (JMH's forks may be 0). */
    private static final String FORK_PROPERTY = "rpcbench.fork";
    /** The client's {@code --inject-cost}, which the forks' benchmarks pay ({@link UserServiceBenchmark}). */
    static final String INJECT_COST_PROPERTY = "rpcbench.injectCost";

    private ForkJvm() {
    }

    static List<String> args(Target target, Path logFile) {
        // the flags the run added for the client side (JvmSettings), after the fork's own
        List<String> args = new ArrayList<>(JvmRole.FORK.jvmArgs(JvmSettings.forkArgs()));
        target.systemProperties().forEach((name, value) -> args.add("-D" + name + "=" + value));
        args.add("-D" + RunFiles.LOG_FILE_PROPERTY + "=" + logFile.toAbsolutePath());
        args.add("-D" + FORK_PROPERTY + "=true");
        for (String inherited : List.of(Stacks.CLIENT_STACK_PROPERTY, Lockstep.DIRECTORY_PROPERTY,
                Lockstep.CONSUMERS_PROPERTY, Lockstep.CLIENT_PROPERTY, INJECT_COST_PROPERTY)) {
            String value = System.getProperty(inherited);
            if (value != null) {
                args.add("-D" + inherited + "=" + value);
            }
        }
        return args;
    }

    /** Whether this JVM is one of JMH's forks, which ends after its trial. */
    static boolean inFork() {
        return Boolean.getBoolean(FORK_PROPERTY);
    }
}
