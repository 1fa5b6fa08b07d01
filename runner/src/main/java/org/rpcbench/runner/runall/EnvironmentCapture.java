package org.rpcbench.runner.runall;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.rpcbench.contract.JvmSettings;
import org.rpcbench.contract.RunRecord;
import org.rpcbench.runner.process.JvmOptions;
import org.rpcbench.runner.process.ShortCommand;

/**
 * Reads the machine, JDK and commit a run is measured with, for run.json. The libraries are added pair by pair from
 * what each pair's servers stated in their ready records: what ran, not what a pom asked for.
 */
final class EnvironmentCapture {

    private EnvironmentCapture() {
    }

    /**
     * The runner's machine and JDK, what the run set for each side's JVMs beyond them, and the JVM settings of its
     * matrix.
     */
    static RunRecord.Environment capture(Path root, JvmSettings servers, JvmSettings clients,
            List<JvmOptions.Setting> matrix) {
        Map<String, JvmSettings> serverMatrix = new LinkedHashMap<>();
        matrix.forEach(setting -> serverMatrix.put(setting.name(), setting.servers()));
        String status = git(root, "status", "--porcelain");
        return new RunRecord.Environment(git(root, "rev-parse", "HEAD"), status == null ? null : !status.isBlank(),
                System.getProperty("java.vendor"), System.getProperty("java.version"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"),
                System.getProperty("java.home"), describeOperatingSystem(), readCpuModel(),
                Runtime.getRuntime().availableProcessors(), readMemoryBytes(), new LinkedHashMap<>(),
                servers.given() ? servers : null, clients.given() ? clients : null,
                serverMatrix.isEmpty() ? null : serverMatrix);
    }

    /** git's trimmed output, or null where git or the repository is missing. */
    private static String git(Path root, String... args) {
        try {
            return ShortCommand.git(root, args).orElse(null);
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
}
