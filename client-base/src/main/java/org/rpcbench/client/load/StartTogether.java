package org.rpcbench.client.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Two clients on one machine that begin their load at one moment: the two sides of ab's duet, each started by its own
 * run-all, which know nothing of each other but a directory. Each marks the directory when its wire is proven, and
 * both begin once both marks are there, at the later mark's time and a margin, so that their phases (every one of a
 * fixed length) cover the same seconds. Begun as each became ready, their windows lay up to 4.2 s apart (0.9 s at the
 * median), and what one side measured while the other did something else went into the ratio the gate judges.
 * Unlike the {@code --lockstep} of a topology's consumers (JMH iterations, over TCP, one launcher) there is no host to
 * wait for: a file each.
 */
public final class StartTogether {

    /** The longest wait for the other client; then this one begins alone, as without a partner. */
    static final Duration LONGEST_WAIT = Duration.ofSeconds(60);
    /** After the later mark: time for both to see it and wake. */
    static final Duration MARGIN = Duration.ofMillis(250);
    private static final Duration POLL = Duration.ofMillis(10);
    private static final int CLIENTS = 2;

    private StartTogether() {
    }

    /**
     * Marks the directory as this client's and waits for the other's mark, then until the common start; what
     * happened, for the client's output.
     */
    public static String await(Path directory) throws IOException, InterruptedException {
        return await(directory, String.valueOf(ProcessHandle.current().pid()), LONGEST_WAIT);
    }

    static String await(Path directory, String name, Duration longestWait) throws IOException, InterruptedException {
        Files.createDirectories(directory);
        long marked = System.currentTimeMillis();
        // written whole, then moved into place: the other client never reads half a mark
        Path draft = Files.writeString(directory.resolve("." + name + ".draft"), String.valueOf(marked),
                StandardCharsets.UTF_8);
        Files.move(draft, directory.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        long deadline = System.nanoTime() + longestWait.toNanos();
        List<Long> marks = marks(directory);
        while (marks.size() < CLIENTS) {
            if (System.nanoTime() - deadline > 0) {
                return String.format(Locale.ROOT, "started alone: no other client marked %s within %d s", directory,
                        longestWait.toSeconds());
            }
            Thread.sleep(POLL.toMillis());
            marks = marks(directory);
        }
        long start = marks.stream().mapToLong(Long::longValue).max().orElseThrow() + MARGIN.toMillis();
        long wait = start - System.currentTimeMillis();
        if (wait > 0) {
            Thread.sleep(wait);
        }
        return String.format(Locale.ROOT, "started together with the other client of %s, %,d ms after this one"
                + " was ready", directory, start - marked);
    }

    /** The ready times the directory's marks hold. */
    private static List<Long> marks(Path directory) throws IOException {
        List<Long> marks = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.filter(f -> !f.getFileName().toString().startsWith(".")).toList()) {
                marks.add(Long.parseLong(Files.readString(file, StandardCharsets.UTF_8).trim()));
            }
        }
        return marks;
    }
}
