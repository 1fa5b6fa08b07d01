package org.rpcbench.contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * How the records of this package travel between processes: as JSON files, written whole or not at all (a reader
 * never sees half a file) and read with unknown fields ignored, so a file written by a newer or older version loads.
 */
public final class RecordFiles {

    public static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private RecordFiles() {
    }

    /**
     * Makes Jackson's first write and read of a record (about 0.2 s here) in the background, while the caller starts
     * its stack or waits for another process, so that it does not delay a ready record.
     */
    public static void warmUp() {
        Thread warmUp = new Thread(() -> {
            try {
                JSON.readValue(JSON.writeValueAsBytes(Stopped.failed(ExitCode.OK, "warm-up")), Stopped.class);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, "record-files-warm-up");
        warmUp.setDaemon(true);
        warmUp.start();
    }

    /** Writes to a temporary file beside {@code file}, then moves it into place in one step. */
    public static void write(Path file, Object record) {
        Path absolute = file.toAbsolutePath();
        try {
            Files.createDirectories(absolute.getParent());
            Path partial = Files.createTempFile(absolute.getParent(), "." + absolute.getFileName(), ".partial");
            try {
                JSON.writeValue(partial.toFile(), record);
                move(partial, absolute);
            } finally {
                Files.deleteIfExists(partial);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Moves a finished file into place atomically where the file system can, else by a plain replace. */
    public static void move(Path source, Path target) throws IOException {
        try {
            Files.move(source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(source, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** @throws UncheckedIOException when the file is missing or is not a record of this type */
    public static <T> T read(Path file, Class<T> type) {
        try {
            return JSON.readValue(file.toFile(), type);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** The record, or empty while the file does not exist. */
    public static <T> Optional<T> readIfPresent(Path file, Class<T> type) {
        return Files.isRegularFile(file) ? Optional.of(read(file, type)) : Optional.empty();
    }
}
