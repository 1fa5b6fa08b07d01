package org.rpcbench.contract;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Refuses to start a run whose files would have nowhere to go, rather than failing it after the measurement. */
public final class DiskSpace {

    /** A result, its logs and records take a few MiB; a profile or a long soak's series, tens. */
    public static final long RUN_BYTES = 64L << 20;

    private DiskSpace() {
    }

    /**
     * Null when the disk that holds {@code directory} (or would, for one not made yet) has {@code bytes} free;
     * otherwise the one-line cause, naming the disk.
     */
    public static String shortage(Path directory, long bytes) {
        Path existing = directory.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return null;
        }
        try {
            FileStore store = Files.getFileStore(existing);
            long usable = store.getUsableSpace();
            if (usable >= bytes) {
                return null;
            }
            return String.format(Locale.ROOT, "the disk holding %s (%s) has %.1f MiB free; a run's files need %d MiB:"
                    + " free some space or write elsewhere", directory, store, usable / (double) (1L << 20),
                    bytes >> 20);
        } catch (IOException e) {
            return null; // a store the JVM cannot read: writing will say what is wrong
        }
    }
}
