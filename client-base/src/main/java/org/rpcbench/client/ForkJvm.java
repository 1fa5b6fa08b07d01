package org.rpcbench.client;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.rpcbench.contract.JvmRole;
import org.rpcbench.contract.RunFiles;
import org.rpcbench.stack.Target;

/**
 * The command line of JMH's forked JVMs. They are set explicitly rather than inherited from the launching JVM, so
 * that a fork gets what the benchmark needs and nothing else (no profiling flags meant for the launcher).
 */
final class ForkJvm {

    private ForkJvm() {
    }

    static List<String> args(Target target, Path logFile) {
        List<String> args = new ArrayList<>(JvmRole.FORK.jvmArgs());
        target.systemProperties().forEach((name, value) -> args.add("-D" + name + "=" + value));
        args.add("-D" + RunFiles.LOG_FILE_PROPERTY + "=" + logFile.toAbsolutePath());
        return args;
    }
}
