package org.rpcbench.runner;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The machine, JDK, commit and library versions a run was measured with. The library versions are read from a
 * server jar's embedded Maven metadata: what actually ran, not what a pom asked for.
 */
record RunEnvironment(String gitCommit, Boolean gitDirty, String javaVendor, String javaVersion, String javaVm,
        String javaHome, String os, String cpuModel, int cores, Long memoryBytes, String dubbo,
        Map<String, String> libraries) {

    /** groupId/artifactId in a jar's META-INF/maven, and the name a report shows. */
    private static final Map<String, String> LIBRARIES = orderedMap(
            "org.apache.dubbo/hessian-lite", "hessian-lite",
            "com.esotericsoftware/kryo", "kryo",
            "de.ruedigermoeller/fst", "fst",
            "org.apache.dubbo.extensions/dubbo-serialization-kryo", "dubbo-serialization-kryo",
            "org.apache.dubbo.extensions/dubbo-serialization-fst", "dubbo-serialization-fst",
            "io.netty/netty-transport", "netty",
            "org.springframework/spring-context", "spring");

    static RunEnvironment capture(Path root, List<Path> serverJars) {
        Map<String, String> versions = new HashMap<>();
        serverJars.forEach(jar -> mavenVersions(jar).forEach(versions::putIfAbsent));
        Map<String, String> libraries = new LinkedHashMap<>();
        LIBRARIES.forEach((artifact, name) -> {
            if (versions.containsKey(artifact)) {
                libraries.put(name, versions.get(artifact));
            }
        });
        String status = git(root, "status", "--porcelain");
        return new RunEnvironment(git(root, "rev-parse", "HEAD"), status == null ? null : !status.isBlank(),
                System.getProperty("java.vendor"), System.getProperty("java.version"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"),
                System.getProperty("java.home"), describeOperatingSystem(), readCpuModel(),
                Runtime.getRuntime().availableProcessors(), readMemoryBytes(), versions.get("org.apache.dubbo/dubbo"),
                libraries);
    }

    /** groupId/artifactId to version, for every library a shaded jar embeds. */
    private static Map<String, String> mavenVersions(Path jar) {
        Map<String, String> versions = new HashMap<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            for (JarEntry entry : Collections.list(file.entries())) {
                String name = entry.getName();
                if (name.startsWith("META-INF/maven/") && name.endsWith("/pom.properties")) {
                    Properties properties = new Properties();
                    try (InputStream in = file.getInputStream(entry)) {
                        properties.load(in);
                    }
                    versions.put(properties.getProperty("groupId") + "/" + properties.getProperty("artifactId"),
                            properties.getProperty("version"));
                }
            }
        } catch (IOException e) {
            // a jar that cannot be read contributes no versions; the run itself will report the jar
        }
        return versions;
    }

    /** The command's trimmed output, or null where git or the repository is missing. */
    private static String git(Path root, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", root.toString()));
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            boolean exited = process.waitFor(10, TimeUnit.SECONDS);
            return exited && process.exitValue() == 0 ? output : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static String describeOperatingSystem() {
        String kernel = System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch");
        String release = firstValue(Path.of("/etc/os-release"), "PRETTY_NAME=");
        return release == null ? kernel : release.replace("\"", "") + ", " + kernel;
    }

    private static String readCpuModel() {
        String model = firstValue(Path.of("/proc/cpuinfo"), "model name");
        return model == null ? System.getProperty("os.arch") : model.substring(model.indexOf(':') + 1).strip();
    }

    private static Long readMemoryBytes() {
        if (ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize();
        }
        return null;
    }

    /** The rest of the first line that starts with {@code prefix}, or null. */
    private static String firstValue(Path file, String prefix) {
        try (var lines = Files.lines(file)) {
            return lines.filter(line -> line.startsWith(prefix)).findFirst()
                    .map(line -> line.substring(prefix.endsWith("=") ? prefix.length() : 0)).orElse(null);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static Map<String, String> orderedMap(String... keysAndValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }
}
