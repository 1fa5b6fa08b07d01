package org.rpcbench.client.jmh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The consumers of a topology run, each a client with forks of its own, meeting before every iteration (warmup ones
 * included) so that their iterations run, and are measured, at once. Without it they drift apart by their forks'
 * start-ups, and a consumer that finishes a benchmark first runs the next alone. An arrival is a file
 * {@code <directory>/<n>/<client>}, n counting the client's iterations over all its forks and {@code <client>} its
 * launcher's pid; the iteration starts once n's directory holds every consumer's arrival. The wait is bounded: a
 * consumer missing for {@link #WAIT} (it failed or was stopped) ends the lockstep for the rest of the run, the others
 * go on alone, and the merge of their results keeps only what they measured at once.
 */
public final class Lockstep {

    static final String DIRECTORY_PROPERTY = "rpcbench.lockstep.directory";
    static final String CONSUMERS_PROPERTY = "rpcbench.lockstep.consumers";
    static final String CLIENT_PROPERTY = "rpcbench.lockstep.client";
    static final Duration WAIT = Duration.ofSeconds(60);
    /** Written by the consumer that waited in vain: nobody waits any more. */
    static final String ENDED = "ended";
    private static final long POLL_MILLIS = 2;

    private static Lockstep inThisJvm;

    private final Path directory;
    private final int consumers;
    private final String client;
    private final Duration wait;
    /** This client's iterations before this JVM's first; -1 until it meets the others first. */
    private long iteration = -1;

    Lockstep(Path directory, int consumers, String client, Duration wait) {
        this.directory = directory;
        this.consumers = consumers;
        this.client = client;
        this.wait = wait;
    }

    /** What a fork needs to meet the other consumers as its launcher would. */
    static Map<String, String> systemProperties(Path directory, int consumers) {
        return Map.of(DIRECTORY_PROPERTY, directory.toAbsolutePath().toString(),
                CONSUMERS_PROPERTY, String.valueOf(consumers),
                CLIENT_PROPERTY, String.valueOf(ProcessHandle.current().pid()));
    }

    /** Meets the other consumers before an iteration, when this JVM was told to; at once otherwise. */
    public static void beforeIteration() {
        Lockstep lockstep;
        synchronized (Lockstep.class) {
            String directory = System.getProperty(DIRECTORY_PROPERTY);
            if (inThisJvm == null && directory != null) {
                inThisJvm = new Lockstep(Path.of(directory), Integer.getInteger(CONSUMERS_PROPERTY),
                        System.getProperty(CLIENT_PROPERTY), WAIT);
            }
            lockstep = inThisJvm;
        }
        if (lockstep != null) {
            lockstep.meet();
        }
    }

    /** Arrives at this client's next iteration and waits, boundedly, for every other consumer to arrive there. */
    void meet() {
        try {
            if (iteration < 0) {
                iteration = arrivedBefore();
            }
            iteration++;
            Path meeting = Files.createDirectories(directory.resolve(String.valueOf(iteration)));
            try {
                Files.createFile(meeting.resolve(client));
            } catch (FileAlreadyExistsException e) {
                throw new IllegalStateException("two clients meet in " + directory + " as " + client);
            }
            long deadline = System.nanoTime() + wait.toNanos();
            while (!Files.exists(directory.resolve(ENDED)) && arrived(meeting) < consumers) {
                if (System.nanoTime() > deadline) {
                    end(meeting);
                    return;
                }
                Thread.sleep(POLL_MILLIS);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the consumers' lockstep in " + directory + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The iterations this client arrived at in earlier forks. */
    private long arrivedBefore() throws IOException {
        try (Stream<Path> meetings = Files.list(directory)) {
            return meetings.filter(meeting -> Files.exists(meeting.resolve(client))).count();
        }
    }

    private static long arrived(Path meeting) throws IOException {
        try (Stream<Path> arrivals = Files.list(meeting)) {
            return arrivals.count();
        }
    }

    private void end(Path meeting) throws IOException {
        try {
            Files.createFile(directory.resolve(ENDED));
        } catch (FileAlreadyExistsException e) {
            return;
        }
        System.err.println("lockstep ended: " + arrived(meeting) + " of " + consumers + " consumers arrived at"
                + " iteration " + iteration + " within " + wait.toSeconds() + " s; the consumers go on unsynchronised,"
                + " and the merge keeps only what they measured at once");
    }
}
