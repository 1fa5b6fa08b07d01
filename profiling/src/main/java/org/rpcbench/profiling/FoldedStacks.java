package org.rpcbench.profiling;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Weighted call stacks in the folded form flame graph tools share (Brendan Gregg's flamegraph.pl, speedscope,
 * async-profiler's converter): one line per distinct stack, frames from the root to the leaf joined by ';', a space,
 * then the weight (samples, or bytes allocated).
 */
public final class FoldedStacks {

    private final Map<String, Long> weights = new HashMap<>();
    private long total;

    public void add(List<String> framesFromRoot, long weight) {
        add(String.join(";", framesFromRoot), weight);
    }

    void add(String stack, long weight) {
        if (weight <= 0 || stack.isEmpty()) {
            return;
        }
        weights.merge(stack, weight, Long::sum);
        total += weight;
    }

    public long total() {
        return total;
    }

    /** @return stack (frames joined by ';') to weight */
    public Map<String, Long> weights() {
        return Collections.unmodifiableMap(weights);
    }

    public void write(Path file) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (Map.Entry<String, Long> stack : new TreeMap<>(weights).entrySet()) {
                out.write(stack.getKey());
                out.write(' ');
                out.write(Long.toString(stack.getValue()));
                out.write('\n');
            }
        }
    }

    /** Reads a folded file; a line without a weight after its last space is an error, naming the line. */
    public static FoldedStacks read(Path file) throws IOException {
        FoldedStacks stacks = new FoldedStacks();
        int number = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            number++;
            if (line.isBlank()) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            try {
                stacks.add(line.substring(0, Math.max(space, 0)), Long.parseLong(line.substring(space + 1).trim()));
            } catch (NumberFormatException e) {
                throw new IOException(file + " line " + number + ": not 'frame;frame;... weight'");
            }
        }
        return stacks;
    }
}
