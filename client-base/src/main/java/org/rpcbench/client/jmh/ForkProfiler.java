package org.rpcbench.client.jmh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.IterationType;
import org.rpcbench.profiling.ProfileRecording;

/**
 * CPU and allocation samples of a fork's measured iterations (warmup left out) into
 * {@code <dir>/<benchmark>/fork-<n>.jfr}: async-profiler where it loads, the JDK's Flight Recorder otherwise. JMH's
 * own async profiler cannot drive async-profiler 4 (its native methods are gone from the library), so the fork
 * drives it through async-profiler's own Java API, as the server does.
 */
public final class ForkProfiler implements InternalProfiler {

    private final Path directory;
    private ProfileRecording recording;
    private int measured;

    /** @param directory where the recordings go: JMH hands a profiler its options as one string */
    public ForkProfiler(String directory) {
        this.directory = Path.of(directory);
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmark, IterationParams iteration) {
        if (iteration.getType() == IterationType.MEASUREMENT && recording == null && measured == 0) {
            try {
                recording = ProfileRecording.start(nextFile(directory.resolve(name(benchmark))));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmark, IterationParams iteration,
            IterationResult result) {
        if (iteration.getType() == IterationType.MEASUREMENT && ++measured == iteration.getCount()
                && recording != null) {
            try {
                recording.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            recording = null;
        }
        return List.of();
    }

    @Override
    public String getDescription() {
        return "CPU and allocation samples of the measured iterations (async-profiler, or JFR where it cannot load)";
    }

    /** The benchmark's id without its package: {@code UserBenchmark.getUser-Throughput}, its parameters after. */
    static String name(BenchmarkParams benchmark) {
        String id = benchmark.id();
        String method = benchmark.getBenchmark();
        int simpleName = method.lastIndexOf('.', method.lastIndexOf('.') - 1) + 1;
        return id.substring(simpleName).replaceAll("[^A-Za-z0-9._=-]", "_");
    }

    /** fork-1.jfr, fork-2.jfr, ...: forks run one after the other, each takes the first number not taken. */
    private static Path nextFile(Path benchmarkDirectory) throws IOException {
        Files.createDirectories(benchmarkDirectory);
        for (int fork = 1; ; fork++) {
            Path file = benchmarkDirectory.resolve("fork-" + fork + ".jfr");
            if (!Files.exists(file)) {
                return file;
            }
        }
    }
}
