package org.rpcbench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's and docs' prose within 120 columns, as checkstyle.xml holds the Java, so that no commit exists only
 * to rewrap. A table's row, a fenced block and a link's address cannot break, and do not count.
 */
class DocsFormatTest {

    private static final Path ROOT = Path.of("..");
    private static final int MAX_COLUMNS = 120;
    private static final Pattern LINK_ADDRESS = Pattern.compile("]\\([^)\\s]*\\)");

    /** "docs/running.md:12 (131 columns)" for each prose line of the page longer than the limit. */
    static List<String> overlong(Path page, String name) throws IOException {
        List<String> over = new ArrayList<>();
        boolean fenced = false;
        List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String text = line.strip();
            if (text.startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced || text.startsWith("|")) {
                continue;
            }
            String counted = LINK_ADDRESS.matcher(line).replaceAll("]()");
            int columns = counted.codePointCount(0, counted.length());
            if (columns > MAX_COLUMNS) {
                over.add(name + ":" + (i + 1) + " (" + columns + " columns)");
            }
        }
        return over;
    }

    @Test
    void theDocsProseIsWithin120Columns() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
            docs.filter(path -> path.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        List<String> over = new ArrayList<>();
        for (Path page : pages) {
            over.addAll(overlong(page, ROOT.relativize(page).toString()));
        }
        assertEquals(List.of(), over, "lines over " + MAX_COLUMNS + " columns: rewrap them");
    }

    @Test
    void onlyProseCounts(@TempDir Path directory) throws IOException {
        String word = "word ";
        Path page = directory.resolve("page.md");
        Files.writeString(page, String.join("\n",
                "short prose",
                word.repeat(25),
                "| " + word.repeat(30) + "|",
                "```",
                word.repeat(30),
                "```",
                "see [there](" + "x".repeat(150) + ") and µ",
                "µ".repeat(121)), StandardCharsets.UTF_8);

        assertEquals(List.of("page.md:2 (125 columns)", "page.md:8 (121 columns)"), overlong(page, "page.md"));
    }
}
