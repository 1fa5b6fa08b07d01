package org.rpcbench.contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * One figure of one night in the benchmark history: a JSON line in a file the nightly workflow keeps, appended
 * after every run and read whole by the change-point check. A line cut in half (a full disk, a killed job) is
 * skipped on reading.
 *
 * @param time    when the run that measured it started (ISO-8601)
 * @param commit  the commit measured; null when unknown
 * @param machine the machine it ran on, its CPU model and cores ({@link #machine(RunRecord.Environment)}): figures
 *                of two machines are two series, never one; null when unknown (lines written before it was kept)
 * @param metric  {@link AbVerdict#SCORE} or a {@link CallCost} label
 * @param value   the run's figure: its mean over an A/B run's trials, or a run's score
 * @param error   how far the figure could move by chance within its run (a run's noise, as its report takes it);
 *                null where the run gave none (an A/B run's means, lines written before it was kept)
 */
public record HistoryEntry(String time, String commit, String machine, String pair, String benchmark, String mode,
        int threads, SortedMap<String, String> params, String metric, String unit, double value, Double error) {

    private static final ObjectWriter LINE = RecordFiles.JSON.writer().without(SerializationFeature.INDENT_OUTPUT);

    /** When the run that measured it started; the epoch for a time that cannot be read, so that it sorts first. */
    public Instant instant() {
        try {
            return Instant.parse(time);
        } catch (DateTimeParseException | NullPointerException e) {
            return Instant.EPOCH;
        }
    }

    /** A machine as the history tells machines apart: its CPU model and core count; null when unknown. */
    public static String machine(RunRecord.Environment environment) {
        if (environment == null || environment.cpuModel() == null || environment.cpuModel().isBlank()) {
            return null;
        }
        return environment.cpuModel().trim() + ", " + environment.cores() + " cores";
    }

    /** Appends the entries to the file (created when missing), one line each. */
    public static void append(Path file, List<HistoryEntry> entries) {
        StringBuilder lines = new StringBuilder();
        try {
            for (HistoryEntry entry : entries) {
                lines.append(LINE.writeValueAsString(entry)).append('\n');
            }
            Path absolute = file.toAbsolutePath();
            Files.createDirectories(absolute.getParent());
            Files.writeString(absolute, lines, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Every whole line of the file, in the order written. */
    public static List<HistoryEntry> read(Path file) {
        List<HistoryEntry> entries = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                try {
                    entries.add(RecordFiles.JSON.readValue(line, HistoryEntry.class));
                } catch (JsonProcessingException e) {
                    // a line cut short when the writer was stopped: the lines before it stand
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        return entries;
    }
}
