package org.rpcbench.contract;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/** Where a server or client run puts its files, and how they are named. */
public final class RunFiles {

    /** slf4j-simple's log file; the stacks (Dubbo, Netty, ZooKeeper) log through SLF4J. */
    public static final String LOG_FILE_PROPERTY = "org.slf4j.simpleLogger.logFile";

    private static final DateTimeFormatter UTC_STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'");

    private RunFiles() {
    }

    /** The module a runnable jar was built as (its Implementation-Title), or the fallback outside such a jar. */
    public static String moduleName(Class<?> mainClass, String fallback) {
        String title = mainClass.getPackage().getImplementationTitle();
        return title == null ? fallback : title;
    }

    /** The current UTC time as it appears in file names, e.g. 20261122T004641Z. */
    public static String utcStamp() {
        return UTC_STAMP.format(ZonedDateTime.now(ZoneOffset.UTC));
    }

    /**
     * A new result file in {@code directory}, {@code <stem>-<UTC time>.<extension>}, or with {@code -2}, {@code -3},
     * ... after the time when a run started in the same second has it: reserved by creating its log file
     * ({@code <result>.log}) exclusively, so that two runs never share a result, and no result file exists until
     * the run writes it whole.
     */
    public static Path newResultFile(Path directory, String stem, String extension) throws IOException {
        Path absolute = directory.toAbsolutePath();
        Files.createDirectories(absolute);
        String stamped = stem + "-" + utcStamp();
        for (int attempt = 1; ; attempt++) {
            Path result = absolute.resolve(stamped + (attempt == 1 ? "" : "-" + attempt) + "." + extension);
            try {
                Files.createFile(result.resolveSibling(result.getFileName() + ".log"));
                return result;
            } catch (FileAlreadyExistsException e) {
                // a run that started in the same second has this name: the next one
            }
        }
    }

    /**
     * Sends the stack's logging to a file, so that its stack traces stay out of the console and JMH's report. Must
     * run before the stack logs its first line.
     */
    public static Path logTo(Path logFile) throws IOException {
        Path absolute = logFile.toAbsolutePath();
        Files.createDirectories(absolute.getParent());
        System.setProperty(LOG_FILE_PROPERTY, absolute.toString());
        return absolute;
    }
}
