package org.rpcbench.client.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

import org.rpcbench.contract.JvmRole;
import org.rpcbench.contract.JvmSettings;
import org.rpcbench.contract.RunFiles;
import org.rpcbench.stack.Stacks;
import org.rpcbench.stack.Target;

/**
 * The command line of JMH's forked JVMs, and the CPU they spent. They are set explicitly rather than inherited from the
 * launching JVM, so that a fork gets what the benchmark needs and nothing else (no profiling flags meant for the
 * launcher).
 */
public final class ForkJvm {

    /** Set in every fork, so that a benchmark knows it runs in a process of its own (JMH's forks may be 0). */
    private static final String FORK_PROPERTY = "rpcbench.fork";
    /** Linux's USER_HZ, the unit of /proc's CPU times: 100 on every architecture it exports to user space. */
    private static final long NANOS_PER_TICK = TimeUnit.SECONDS.toNanos(1) / 100;
    /** The client's {@code --inject-cost}, which the forks' benchmarks pay (UserServiceBenchmark). */
    public static final String INJECT_COST_PROPERTY = "rpcbench.injectCost";

    private ForkJvm() {
    }

    static List<String> args(Target target, Path logFile) {
        // the flags the run added for the client side (JvmSettings), after the fork's own
        List<String> args = new ArrayList<>(JvmRole.FORK.jvmArgs(JvmSettings.forkArgs()));
        target.systemProperties().forEach((name, value) -> args.add("-D" + name + "=" + value));
        args.add("-D" + RunFiles.LOG_FILE_PROPERTY + "=" + logFile.toAbsolutePath());
        args.add("-D" + FORK_PROPERTY + "=true");
        for (String inherited : List.of(Stacks.CLIENT_STACK_PROPERTY, Lockstep.ADDRESS_PROPERTY,
                Lockstep.CONSUMER_PROPERTY, INJECT_COST_PROPERTY)) {
            String value = System.getProperty(inherited);
            if (value != null) {
                args.add("-D" + inherited + "=" + value);
            }
        }
        return args;
    }

    /** Whether this JVM is one of JMH's forks, which ends after its trial. */
    public static boolean inFork() {
        return Boolean.getBoolean(FORK_PROPERTY);
    }

    /** The CPU time of this process's children that have ended (JMH's forks), from /proc/self/stat; Linux only. */
    static OptionalLong cpuNanos() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // the fields after the command's closing parenthesis start at field 3; cutime is 16, cstime 17
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return OptionalLong.of((Long.parseLong(fields[13]) + Long.parseLong(fields[14])) * NANOS_PER_TICK);
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }
}
