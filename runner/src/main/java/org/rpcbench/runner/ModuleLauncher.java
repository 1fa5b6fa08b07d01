package org.rpcbench.runner;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Starts a pair's server or client through benchmark.sh, so a matrix run launches modules exactly as a user does
 * (same JVM options, same jar copy), with the run's host and port and never a build: {@code RPCBENCH_NO_BUILD}
 * makes benchmark.sh use the jars built before the first pair started.
 */
record ModuleLauncher(Path root, String host, int port, Path runDirectory) {

    static final String NO_BUILD_VARIABLE = "RPCBENCH_NO_BUILD";

    /**
     * @param moduleArgs the module's own arguments (benchmark.sh -a)
     * @param resultFile a client's result file (benchmark.sh -f), or null
     */
    ChildProcess start(String module, List<String> moduleArgs, Path resultFile, Path outputFile,
            Predicate<String> awaited, Consumer<String> listener) throws IOException {
        List<String> command = new ArrayList<>(List.of(root.resolve("benchmark.sh").toString(),
                "-s", host, "-p", String.valueOf(port)));
        if (resultFile != null) {
            command.addAll(List.of("-f", resultFile.toString()));
        }
        if (!moduleArgs.isEmpty()) {
            command.addAll(List.of("-a", String.join(" ", moduleArgs)));
        }
        command.add(module);
        return ChildProcess.start(module, command, root, outputFile, awaited, listener,
                NO_BUILD_VARIABLE, "1");
    }
}
