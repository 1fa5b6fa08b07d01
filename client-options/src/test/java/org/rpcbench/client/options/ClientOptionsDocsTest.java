package org.rpcbench.client.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The docs' client options are the client's, read from its --help: none documented that the client lacks, none the
 * client has undocumented.
 */
class ClientOptionsDocsTest {

    private static final Path DOCS = Path.of("..", "docs");
    private static final Pattern OPTION = Pattern.compile("`(--[A-Za-z][A-Za-z-]*)");
    /** An option's row in picocli's usage: indented, an optional short name, the long name. */
    private static final Pattern HELP_OPTION = Pattern.compile("(?m)^ +(?:-[A-Za-z], )?(--[A-Za-z][A-Za-z-]*)");

    /** Each option's long name, from the client's own --help. */
    private static Set<String> clientOptions() {
        ByteArrayOutputStream help = new ByteArrayOutputStream();
        ClientOptions.printHelp(new PrintStream(help, true, StandardCharsets.UTF_8));
        Set<String> options = new TreeSet<>();
        Matcher matcher = HELP_OPTION.matcher(help.toString(StandardCharsets.UTF_8));
        while (matcher.find()) {
            options.add(matcher.group(1));
        }
        assertTrue(options.contains("--threads"), "no options read from the help: " + help);
        return options;
    }

    private static Set<String> optionsIn(String text) {
        Set<String> options = new TreeSet<>();
        Matcher matcher = OPTION.matcher(text);
        while (matcher.find()) {
            options.add(matcher.group(1));
        }
        return options;
    }

    /** The rows of running.md's "Client options" table, up to the next heading. */
    private static String clientOptionsTable() throws IOException {
        String running = Files.readString(DOCS.resolve("running.md"));
        int start = running.indexOf("## Client options");
        assertTrue(start >= 0, "running.md has no '## Client options' section");
        int end = running.indexOf("\n## ", start + 1);
        return running.substring(start, end < 0 ? running.length() : end).lines()
                .filter(line -> line.startsWith("| `--"))
                .collect(Collectors.joining("\n"));
    }

    @Test
    void everyOptionInTheTableIsTheClients() throws IOException {
        Set<String> unknown = optionsIn(clientOptionsTable());
        unknown.removeAll(clientOptions());
        assertEquals(Set.of(), unknown, "running.md's client options table names options the client does not have");
    }

    @Test
    void everyOptionOfTheClientIsDocumented() throws IOException {
        Set<String> documented = new TreeSet<>();
        try (Stream<Path> docs = Files.list(DOCS)) {
            for (Path doc : docs.filter(path -> path.toString().endsWith(".md")).toList()) {
                documented.addAll(optionsIn(Files.readString(doc)));
            }
        }
        Set<String> undocumented = clientOptions();
        undocumented.removeAll(documented);
        undocumented.remove("--help"); // running.md names it as `-a --help`
        assertEquals(Set.of(), undocumented, "client options no page of docs/ names");
    }
}
