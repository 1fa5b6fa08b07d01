package org.rpcbench.runner;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Starts the suite's modules through benchmark.sh, so a matrix run launches them exactly as a user does (same JVM
 * options, same jar copy), with the run's host, registry and ports, and never a build: {@code RPCBENCH_NO_BUILD}
 * makes benchmark.sh use the jars built before the first pair started.
 *
 * @param registry a registry address for servers and clients ({@code zookeeper://host:port}), or null: direct
 */
record ModuleLauncher(Path root, String host, String registry, Path runDirectory) {

    static final String NO_BUILD_VARIABLE = "RPCBENCH_NO_BUILD";

    ModuleLauncher withRegistry(String address) {
        return new ModuleLauncher(root, host, address, runDirectory);
    }

    /**
     * @param port the server's port (a client's target when there is no registry); 0 for none
     * @param moduleArgs the module's own arguments (benchmark.sh -a)
     * @param resultFile a client's result file (benchmark.sh -f), or null
     */
    ChildProcess start(String module, int port, List<String> moduleArgs, Path resultFile, Path outputFile,
            Predicate<String> awaited, Consumer<String> listener) throws IOException {
        List<String> command = new ArrayList<>(List.of(root.resolve("benchmark.sh").toString(), "-s", host));
        if (port > 0) {
            command.addAll(List.of("-p", String.valueOf(port)));
        }
        if (registry != null) {
            command.addAll(List.of("-r", registry));
        }
        if (resultFile != null) {
            command.addAll(List.of("-f", resultFile.toString()));
        }
        if (!moduleArgs.isEmpty()) {
            command.addAll(List.of("-a", String.join(" ", moduleArgs)));
        }
        command.add(module);
        return ChildProcess.start(module, command, root, outputFile, awaited, listener, NO_BUILD_VARIABLE, "1");
    }
}
