package org.rpcbench.profiling;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A flame graph as one HTML file that needs nothing else to open: the stacks are inside, each frame name once, and a
 * small script draws them (root at the top), zooms on a click and finds frames by a regular expression. Given a
 * baseline, frames are coloured by how their share of the whole changed: red grew, blue shrank.
 */
final class FlameGraphPage {

    private FlameGraphPage() {
    }

    static void write(Path file, String title, String subtitle, String unit, FoldedStacks stacks) throws IOException {
        write(file, title, subtitle, unit, stacks, null);
    }

    /** @param baseline stacks to compare with, or null; scaled to the same total, so shares compare */
    static void write(Path file, String title, String subtitle, String unit, FoldedStacks stacks,
            FoldedStacks baseline) throws IOException {
        String page = template()
                .replace("@TITLE@", html(title))
                .replace("@SUBTITLE@", html(subtitle))
                .replace("@DATA@", data(unit, stacks, baseline));
        Files.writeString(file, page, StandardCharsets.UTF_8);
    }

    private static String data(String unit, FoldedStacks stacks, FoldedStacks baseline) {
        Map<String, Integer> ids = new HashMap<>();
        StringBuilder names = new StringBuilder();
        StringBuilder rows = new StringBuilder();
        Map<String, long[]> weights = new TreeMap<>();
        stacks.weights().forEach((stack, weight) -> weights.put(stack, new long[] {weight, 0}));
        if (baseline != null && baseline.total() > 0) {
            double scale = (double) stacks.total() / baseline.total();
            baseline.weights().forEach((stack, weight) -> weights.computeIfAbsent(stack, s -> new long[2])[1] =
                    Math.round(weight * scale));
        }
        for (Map.Entry<String, long[]> stack : weights.entrySet()) {
            rows.append(rows.length() == 0 ? "" : ",").append('[').append(stack.getValue()[0]).append(',')
                    .append(stack.getValue()[1]);
            for (String frame : List.of(stack.getKey().split(";"))) {
                Integer id = ids.get(frame);
                if (id == null) {
                    id = ids.size();
                    ids.put(frame, id);
                    names.append(names.length() == 0 ? "" : ",").append(json(frame));
                }
                rows.append(',').append(id);
            }
            rows.append(']');
        }
        return "{\"unit\":" + json(unit) + ",\"diff\":" + (baseline != null) + ",\"names\":[" + names
                + "],\"stacks\":[" + rows + "]}";
    }

    /** A JSON string that is also safe inside a script element. */
    static String json(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == 0x2028 || c == 0x2029) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    private static String html(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String template() throws IOException {
        try (InputStream in = FlameGraphPage.class.getResourceAsStream("flamegraph.html")) {
            if (in == null) {
                throw new IOException("flamegraph.html is missing from the profiling jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
