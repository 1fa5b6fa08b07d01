package org.rpcbench.profiling;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Where the time (or the allocation) went differently between two profiles of the same JVM: each frame's share of
 * all samples in A and in B, inclusive (the frame anywhere on the stack) and self (the frame at the leaf), ranked by
 * how much the inclusive share moved, and a flame graph of B coloured by that move. Shares, not sample counts, are
 * compared, so runs of different lengths compare.
 */
public final class FlameDiff {

    /**
     * @param frame     the frame's name
     * @param inclusive share of all samples with the frame on the stack, before and after (0..1)
     * @param self      share of all samples with the frame at the leaf, before and after (0..1)
     */
    public record FrameChange(String frame, double inclusiveBefore, double inclusiveAfter, double selfBefore,
            double selfAfter) {

        public double inclusiveChange() {
            return inclusiveAfter - inclusiveBefore;
        }
    }

    private FlameDiff() {
    }

    /**
     * The profiles a path holds, by the name that matches them across runs: a run directory's every folded file by
     * its path in the directory; a JFR file's as {@code cpu} and {@code alloc}; a folded file's by its kind
     * ({@code cpu}, {@code alloc}, else {@code stacks}).
     */
    public static Map<String, FoldedStacks> profiles(Path path) throws IOException {
        Map<String, FoldedStacks> profiles = new TreeMap<>();
        if (Files.isDirectory(path)) {
            for (Path file : FlameGraphs.filesUnder(path, FlameGraphs.FOLDED)) {
                profiles.put(path.relativize(file).toString(), FoldedStacks.read(file));
            }
        } else if (path.toString().endsWith(FlameGraphs.RECORDING)) {
            JfrStacks stacks = JfrStacks.read(path);
            profiles.put(FlameGraphs.CPU, stacks.cpu());
            profiles.put(FlameGraphs.ALLOCATION, stacks.allocation());
        } else if (Files.isRegularFile(path)) {
            profiles.put(kind(path.toString()), FoldedStacks.read(path));
        } else {
            throw new IOException(path + " is neither a run directory, a JFR file nor a folded stacks file");
        }
        return profiles;
    }

    /** @return {@code cpu}, {@code alloc} or {@code stacks}: what a profile's name says it weighs */
    public static String kind(String name) {
        for (String kind : List.of(FlameGraphs.CPU, FlameGraphs.ALLOCATION)) {
            if (name.equals(kind) || name.endsWith("." + kind + FlameGraphs.FOLDED)) {
                return kind;
            }
        }
        return "stacks";
    }

    /** @return what a profile of this kind weighs, for the page */
    public static String unit(String kind) {
        return FlameGraphs.ALLOCATION.equals(kind(kind)) ? "bytes" : "samples";
    }

    /** @return every frame of either profile, the largest inclusive moves first */
    public static List<FrameChange> changes(FoldedStacks before, FoldedStacks after) {
        Map<String, double[]> shares = new HashMap<>();
        addShares(before, shares, 0);
        addShares(after, shares, 1);
        List<FrameChange> changes = new ArrayList<>();
        shares.forEach((frame, s) -> changes.add(new FrameChange(frame, s[0], s[1], s[2], s[3])));
        changes.sort(Comparator.comparingDouble((FrameChange c) -> -Math.abs(c.inclusiveChange()))
                .thenComparing(FrameChange::frame));
        return changes;
    }

    /** shares[frame] = {inclusive before, inclusive after, self before, self after} */
    private static void addShares(FoldedStacks stacks, Map<String, double[]> shares, int side) {
        if (stacks.total() == 0) {
            return;
        }
        stacks.weights().forEach((stack, weight) -> {
            double share = (double) weight / stacks.total();
            String[] frames = stack.split(";");
            Set<String> counted = new HashSet<>();
            for (String frame : frames) {
                // a recursive frame counts once per stack, or its inclusive share could pass 100%
                if (counted.add(frame)) {
                    shares.computeIfAbsent(frame, f -> new double[4])[side] += share;
                }
            }
            shares.computeIfAbsent(frames[frames.length - 1], f -> new double[4])[2 + side] += share;
        });
    }

    /** A Markdown table of the {@code rows} largest moves. */
    public static String table(List<FrameChange> changes, int rows) {
        StringBuilder out = new StringBuilder(
                "| frame | inclusive A | inclusive B | change | self A | self B |\n|---|---:|---:|---:|---:|---:|\n");
        for (FrameChange change : changes.subList(0, Math.min(rows, changes.size()))) {
            out.append("| `").append(change.frame().replace("|", "\\|")).append("` | ")
                    .append(percent(change.inclusiveBefore())).append(" | ").append(percent(change.inclusiveAfter()))
                    .append(" | ").append(String.format("%+.2f", 100 * change.inclusiveChange())).append(" pt | ")
                    .append(percent(change.selfBefore())).append(" | ").append(percent(change.selfAfter()))
                    .append(" |\n");
        }
        return out.toString();
    }

    /**
     * The flame graph of {@code after}, each frame red where its share grew since {@code before}, blue where it
     * shrank.
     */
    public static void writePage(Path file, String title, String unit, FoldedStacks before, FoldedStacks after)
            throws IOException {
        FlameGraphPage.write(file, title, "width: B; colour: the frame's share of all " + unit
                + " in B against A (red grew, blue shrank)", unit, after, before);
    }

    private static String percent(double share) {
        return String.format("%.2f%%", 100 * share);
    }
}
