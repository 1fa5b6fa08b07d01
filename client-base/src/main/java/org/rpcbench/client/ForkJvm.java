package org.rpcbench.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.rpcbench.dubbo.Endpoint;
import org.rpcbench.launch.RunFiles;

/**
 * The command line of JMH's forked JVMs. They are set explicitly rather than inherited from the launching JVM, so
 * that a fork gets what the benchmark needs and nothing else (no profiling flags meant for the launcher).
 */
final class ForkJvm {

    private ForkJvm() {
    }

    static List<String> args(Endpoint endpoint, int connections, Path logFile) {
        List<String> args = new ArrayList<>(addOpens());
        args.add("-Xms1g");
        args.add("-Xmx1g");
        Map<String, String> placeholders = endpoint.properties();
        for (String property : List.of(Endpoint.HOST_PROPERTY, Endpoint.PORT_PROPERTY, Endpoint.REGISTRY_PROPERTY)) {
            args.add("-D" + property + "=" + placeholders.get(property));
        }
        args.add("-D" + ConsumerContext.CONNECTIONS_PROPERTY + "=" + connections);
        args.add("-D" + RunFiles.LOG_FILE_PROPERTY + "=" + logFile.toAbsolutePath());
        return args;
    }

    /** The build's one list of packages the serializers need opened (the parent pom's jdk.add-opens). */
    static List<String> addOpens() {
        try (InputStream in = ForkJvm.class.getResourceAsStream("add-opens.txt")) {
            if (in == null) {
                throw new IllegalStateException("add-opens.txt is missing from the client's class path");
            }
            String packages = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            return Arrays.stream(packages.split("\\s+"))
                    .map(modulePackage -> "--add-opens=" + modulePackage + "=ALL-UNNAMED")
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
