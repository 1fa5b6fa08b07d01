package org.rpcbench.runner.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The suite's directory as the runner sees it: its pairs (a {@code <pair>-server} and a {@code <pair>-client}
 * module, whatever their stack), and the runnable jar each module builds. Every JVM starts from a copy of its jar,
 * so a build never rewrites a jar under a running JVM.
 */
public final class Suite {

    private static final String SERVER = "-server";
    private static final String CLIENT = "-client";

    private final Path root;
    private final Map<String, Path> copies = new HashMap<>();

    public Suite(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    public Path root() {
        return root;
    }

    /** Every pair: a server and a client module side by side, sorted by name. */
    public List<String> pairs() {
        try (Stream<Path> children = Files.list(root)) {
            return children.map(path -> path.getFileName().toString())
                    .filter(name -> name.endsWith(SERVER) && isModule(name))
                    .map(name -> name.substring(0, name.length() - SERVER.length()))
                    .filter(pair -> isModule(pair + CLIENT))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + root + ": " + e.getMessage(), e);
        }
    }

    /** Every pair's server and client modules, servers first. */
    public List<String> pairModules() {
        return Stream.concat(pairs().stream().map(pair -> pair + SERVER), pairs().stream().map(pair -> pair + CLIENT))
                .toList();
    }

    private boolean isModule(String name) {
        return Files.isRegularFile(root.resolve(name).resolve("pom.xml"));
    }

    public static boolean isServer(String module) {
        return module.endsWith(SERVER);
    }

    public static boolean isClient(String module) {
        return module.endsWith(CLIENT);
    }

    /** The jar to start a module's JVMs from: a copy of its build, made once per module and runner. */
    public synchronized Path runnableJar(String module) {
        Path copy = copies.get(module);
        if (copy == null) {
            copy = copyOf(module);
            copies.put(module, copy);
        }
        return copy;
    }

    /**
     * Copies {@code <module>/target/<module>.jar} to {@code target/run/<module>.<pid>.jar}, removed when this
     * runner exits; copies left by runners that are gone are removed first.
     */
    private Path copyOf(String module) {
        Path built = root.resolve(module).resolve("target").resolve(module + ".jar");
        if (!Files.isRegularFile(built)) {
            throw new IllegalStateException(root.relativize(built) + " is missing: benchmark.sh builds it");
        }
        Path runDirectory = built.resolveSibling("run");
        try {
            Files.createDirectories(runDirectory);
            try (Stream<Path> stale = Files.list(runDirectory)) {
                for (Path old : stale.toList()) {
                    String name = old.getFileName().toString();
                    String pid = name.substring(name.lastIndexOf('.', name.length() - ".jar".length() - 1) + 1,
                            name.length() - ".jar".length());
                    if (pid.chars().allMatch(Character::isDigit) && !pid.isEmpty()
                            && ProcessHandle.of(Long.parseLong(pid)).isEmpty()) {
                        Files.deleteIfExists(old);
                    }
                }
            }
            Path copy = runDirectory.resolve(module + "." + ProcessHandle.current().pid() + ".jar");
            Files.copy(built, copy, StandardCopyOption.REPLACE_EXISTING);
            copy.toFile().deleteOnExit();
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + built + ": " + e.getMessage(), e);
        }
    }
}
