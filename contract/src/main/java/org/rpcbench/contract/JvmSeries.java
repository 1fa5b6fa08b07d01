package org.rpcbench.contract;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * A soak's time series of one JVM: {@link JvmSample}s as JSON lines, each appended and flushed when taken, so that a
 * run cut short by a killed process or a full disk keeps every sample written before; the reader skips a last line
 * cut in half.
 */
public final class JvmSeries implements AutoCloseable {

    private static final ObjectWriter LINE = RecordFiles.JSON.writer()
            .without(SerializationFeature.INDENT_OUTPUT);

    private final Path file;
    private final OutputStream out;

    private JvmSeries(Path file, OutputStream out) {
        this.file = file;
        this.out = out;
    }

    /** Starts a new series (an existing file is replaced). */
    public static JvmSeries create(Path file) {
        try {
            Path absolute = file.toAbsolutePath();
            Files.createDirectories(absolute.getParent());
            return new JvmSeries(absolute, Files.newOutputStream(absolute, StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Appends one sample and flushes it to the file. */
    public synchronized void append(JvmSample sample) {
        try {
            out.write((LINE.writeValueAsString(sample) + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    public Path file() {
        return file;
    }

    @Override
    public synchronized void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Every whole sample in the file, in order; a last line cut in half (the writer was killed in mid-write) is left
     * out.
     *
     * @throws UncheckedIOException when the file cannot be read, or a line before the last is not a sample
     */
    public static List<JvmSample> read(Path file) {
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(reader);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** The samples of a series as its lines come, the same way as {@link #read(Path)}. */
    static List<JvmSample> read(BufferedReader reader) throws IOException {
        List<JvmSample> samples = new ArrayList<>();
        String line;
        String pending = null;
        while ((line = reader.readLine()) != null) {
            if (pending != null) {
                samples.add(RecordFiles.JSON.readValue(pending, JvmSample.class));
            }
            pending = line.isBlank() ? null : line;
        }
        if (pending != null) {
            try {
                samples.add(RecordFiles.JSON.readValue(pending, JvmSample.class));
            } catch (JsonProcessingException e) {
                // the writer was stopped in the middle of its last line
            }
        }
        return samples;
    }
}
