package org.rpcbench.client.jmh;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * JMH's console output as a user reads it: every line goes to JMH's log beside the result, and the console gets
 * all of it but the stack traces after a failed iteration (one per benchmark thread: 32 by default). It notes which
 * benchmark and mode were running when the first failure came, and when, for the one line that names the cause.
 */
final class JmhConsole extends OutputStream {

    /** Where a run's first failure came. */
    record Failure(String benchmark, String mode, Instant at) {
    }

    private final PrintStream console;
    private final OutputStream log;
    private final Path logFile;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private boolean inStackTraces;
    private String benchmark = "a benchmark";
    private String mode = "";
    private Failure firstFailure;

    JmhConsole(PrintStream console, Path logFile) throws IOException {
        this.console = console;
        this.logFile = logFile;
        this.log = Files.newOutputStream(logFile);
    }

    @Override
    public synchronized void write(int b) throws IOException {
        log.write(b);
        line.write(b);
        if (b == '\n') {
            emit(line.toString(StandardCharsets.UTF_8));
            line.reset();
        }
    }

    private void emit(String text) {
        if (text.startsWith("# Benchmark: ")) {
            benchmark = text.substring(text.lastIndexOf('.', text.lastIndexOf('.') - 1) + 1).strip();
        } else if (text.startsWith("# Benchmark mode: ")) {
            mode = text.substring("# Benchmark mode: ".length(), text.indexOf(',') < 0 ? text.strip().length()
                    : text.indexOf(','));
        }
        if (inStackTraces && (text.startsWith("#") || text.startsWith("Iteration") || text.startsWith("Result")
                || text.startsWith("Benchmark "))) {
            inStackTraces = false;
        }
        if (!inStackTraces) {
            console.print(text);
        }
        if (text.contains("<failure>")) {
            inStackTraces = true;
            if (firstFailure == null) {
                firstFailure = new Failure(benchmark, mode, Instant.now());
            }
            console.println("  (the failure's stack traces: " + logFile + ")");
        }
    }

    /** The first failure's benchmark, mode and time; null when none failed. */
    synchronized Failure firstFailure() {
        return firstFailure;
    }

    @Override
    public synchronized void flush() throws IOException {
        log.flush();
        console.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        if (line.size() > 0) {
            emit(line.toString(StandardCharsets.UTF_8));
            line.reset();
        }
        log.close();
    }
}
