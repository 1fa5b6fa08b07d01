package org.rpcbench.profiling;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Optional;

import one.profiler.AsyncProfiler;

/**
 * async-profiler's native library, taken out of its jar once per JVM and loaded here before anyone relies on it: a
 * platform the jar has no library for, or one that refuses to load it (another libc, a locked-down container), is
 * found out here, so callers fall back to the JDK's Flight Recorder instead of failing the run.
 */
public final class AsyncProfilerLibrary {

    private static Optional<Path> loaded;

    private AsyncProfilerLibrary() {
    }

    /** @return the library file, loaded and answering in this JVM, or empty when this platform cannot have it */
    public static synchronized Optional<Path> loadable() {
        if (loaded == null) {
            loaded = extractAndLoad();
        }
        return loaded;
    }

    /** @return the profiler, started nowhere yet; only when {@link #loadable()} is present */
    static AsyncProfiler profiler() {
        return AsyncProfiler.getInstance(loadable().orElseThrow().toString());
    }

    private static Optional<Path> extractAndLoad() {
        Optional<String> resource = resourceFor(System.getProperty("os.name"), System.getProperty("os.arch"));
        if (resource.isEmpty()) {
            return Optional.empty();
        }
        try (InputStream in = AsyncProfiler.class.getResourceAsStream("/" + resource.get())) {
            if (in == null) {
                return Optional.empty();
            }
            Path file = Files.createTempFile("libasyncProfiler", ".so");
            file.toFile().deleteOnExit();
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            AsyncProfiler.getInstance(file.toString()).getVersion();
            return Optional.of(file);
        } catch (IOException | LinkageError | IllegalStateException e) {
            return Optional.empty();
        }
    }

    /** The library's place in the jar for an {@code os.name} and {@code os.arch}, when the jar has one. */
    static Optional<String> resourceFor(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT);
        String arch = osArch.toLowerCase(Locale.ROOT);
        if (os.contains("linux")) {
            if (arch.equals("amd64") || arch.equals("x86_64")) {
                return Optional.of("linux-x64/libasyncProfiler.so");
            }
            if (arch.equals("aarch64") || arch.equals("arm64")) {
                return Optional.of("linux-arm64/libasyncProfiler.so");
            }
            return Optional.empty();
        }
        return os.contains("mac") ? Optional.of("macos/libasyncProfiler.so") : Optional.empty();
    }
}
