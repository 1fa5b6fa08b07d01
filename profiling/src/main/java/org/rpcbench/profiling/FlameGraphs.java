package org.rpcbench.profiling;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.rpcbench.contract.RunRecord;

/** JFR recordings turned into folded stacks and flame graphs, written beside each recording. */
public final class FlameGraphs {

    static final String CPU = "cpu";
    static final String ALLOCATION = "alloc";
    static final String FOLDED = ".folded";
    static final String PAGE = ".html";
    static final String RECORDING = ".jfr";

    private FlameGraphs() {
    }

    /**
     * Converts {@code x.jfr} into {@code x.cpu.folded}, {@code x.cpu.html}, {@code x.alloc.folded} and
     * {@code x.alloc.html} beside it.
     *
     * @param jvm  what the recording profiled, for the titles and the record
     * @param name how the record names a file (relative to the run directory)
     */
    public static RunRecord.Profile convert(Path jfr, String jvm, Function<Path, String> name)
            throws IOException {
        JfrStacks stacks = JfrStacks.read(jfr);
        String base = jfr.getFileName().toString().replaceFirst(Pattern.quote(RECORDING) + "$", "");
        Path cpuPage = jfr.resolveSibling(base + "." + CPU + PAGE);
        Path allocationPage = jfr.resolveSibling(base + "." + ALLOCATION + PAGE);
        stacks.cpu().write(jfr.resolveSibling(base + "." + CPU + FOLDED));
        stacks.allocation().write(jfr.resolveSibling(base + "." + ALLOCATION + FOLDED));
        FlameGraphPage.write(cpuPage, "CPU: " + jvm, stacks.cpu().total() + " samples by " + stacks.engine()
                + " from " + jfr.getFileName(), "samples", stacks.cpu());
        FlameGraphPage.write(allocationPage, "Allocation: " + jvm, megabytes(stacks.allocation().total())
                + " MB allocated, sampled by " + stacks.engine() + " from " + jfr.getFileName(), "bytes",
                stacks.allocation());
        return new RunRecord.Profile(jvm, name.apply(jfr), stacks.engine(), stacks.cpu().total(),
                stacks.allocation().total(), name.apply(cpuPage), name.apply(allocationPage), null);
    }

    /**
     * Every JFR recording under {@code directory}, converted, in path order.
     *
     * @param jvmOf names the JVM a recording profiled, from its path
     */
    public static List<RunRecord.Profile> convertAll(Path directory, Function<Path, String> jvmOf,
            Function<Path, String> name) throws IOException {
        List<RunRecord.Profile> profiles = new ArrayList<>();
        if (!Files.isDirectory(directory)) {
            return profiles;
        }
        for (Path recording : filesUnder(directory, RECORDING)) {
            profiles.add(convert(recording, jvmOf.apply(recording), name));
        }
        return profiles;
    }

    /** The files under {@code directory} whose names end so, at any depth, in path order. */
    static List<Path> filesUnder(Path directory, String suffix) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(file -> file.toString().endsWith(suffix)).sorted().toList();
        }
    }

    private static String megabytes(long bytes) {
        return String.format("%,.1f", bytes / 1e6);
    }
}
