package org.rpcbench.kubernetes;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.rpcbench.contract.OptionNames;

/**
 * The runner's file arguments as a pod's JVM takes them, and where each file the pod sends back goes. The ready and
 * stop records are the pod's own ({@link PodManifests#READY_RECORD}, which its entry script sends as soon as it
 * exists), and so is the address of the lockstep a client hosts ({@link PodManifests#LOCKSTEP_RECORD}, sent as
 * soon too); every other absolute path becomes {@code files/<n>/<name>} in the pod's run directory; a relative path
 * stays as it is, resolving there as it does here in the runner's working directory.
 */
final class PodFiles {

    private final List<String> args = new ArrayList<>();
    /** A name in the pod's run directory, and the path here that it stands for. */
    private final Map<String, Path> local = new LinkedHashMap<>();
    private final Path workingDirectory;
    /** The records the pod sends as soon as they exist, by their path here. */
    private final Map<Path, String> early = new LinkedHashMap<>();

    PodFiles(List<String> runnerArgs, Path workingDirectory) {
        this.workingDirectory = workingDirectory.toAbsolutePath().normalize();
        for (int i = 0; i < runnerArgs.size(); i++) {
            String arg = runnerArgs.get(i);
            boolean record = arg.equals(OptionNames.READY_FILE) || arg.equals(OptionNames.STOP_FILE);
            if (record && i + 1 < runnerArgs.size()) {
                Path file = Path.of(runnerArgs.get(++i));
                if (arg.equals(OptionNames.READY_FILE)) {
                    early.put(file, PodManifests.READY_RECORD);
                    local.put(PodManifests.READY_RECORD, file);
                } else {
                    local.put(PodManifests.STOP_RECORD, file);
                }
            } else if (arg.equals(OptionNames.LOCKSTEP_FILE) && i + 1 < runnerArgs.size()) {
                Path file = Path.of(runnerArgs.get(++i));
                early.put(file, PodManifests.LOCKSTEP_RECORD);
                local.put(PodManifests.LOCKSTEP_RECORD, file);
                args.addAll(List.of(arg, PodManifests.LOCKSTEP_RECORD));
            } else if (arg.startsWith("/")) {
                Path file = Path.of(arg);
                String name = "files/" + local.size() + "/" + file.getFileName();
                local.put(name, file);
                args.add(name);
            } else {
                args.add(arg);
            }
        }
    }

    /** The JVM's arguments in the pod, without the records the pod adds itself. */
    List<String> args() {
        return args;
    }

    /** The name in the pod's run directory of a record it sends as soon as it exists, written here at {@code file}. */
    Optional<String> sentEarly(Path file) {
        return Optional.ofNullable(early.get(file));
    }

    /**
     * Where a file the pod sent goes here: under the path its name stands for, or the working directory; null for a
     * name that would lead outside them.
     */
    Path local(String sent) {
        for (Map.Entry<String, Path> file : local.entrySet()) {
            if (sent.equals(file.getKey())) {
                return file.getValue();
            }
            if (sent.startsWith(file.getKey() + "/")) {
                return inside(file.getValue(), sent.substring(file.getKey().length() + 1));
            }
        }
        return inside(workingDirectory, sent);
    }

    private static Path inside(Path directory, String name) {
        Path target = directory.resolve(name).normalize();
        return target.startsWith(directory.normalize()) ? target : null;
    }
}
