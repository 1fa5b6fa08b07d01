package org.rpcbench.profiling;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.ParseException;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;

import one.profiler.AsyncProfiler;

/**
 * CPU and allocation samples of this JVM into one JFR file, from now until {@link #close()}: async-profiler where it
 * loads (no safepoint bias, native frames), the JDK's Flight Recorder with its "profile" settings otherwise. Either
 * file is read by {@link JfrStacks}, which also tells which engine sampled.
 */
public final class ProfileRecording implements AutoCloseable {

    /** Sampling interval of allocations: one sample per this many bytes, cheap enough to leave on while measuring. */
    static final String ALLOCATION_INTERVAL = "512k";

    private final Path file;
    private final AsyncProfiler asyncProfiler;
    private final Recording flightRecording;

    private ProfileRecording(Path file, AsyncProfiler asyncProfiler, Recording flightRecording) {
        this.file = file;
        this.asyncProfiler = asyncProfiler;
        this.flightRecording = flightRecording;
    }

    /** Starts recording into {@code file} (a JFR file, written as it goes and complete once closed). */
    public static ProfileRecording start(Path file) throws IOException {
        Path target = file.toAbsolutePath();
        if (target.toString().contains(",")) {
            // async-profiler's command line separates its options by commas
            throw new IllegalArgumentException("a profile's file name cannot contain a comma: " + target);
        }
        if (target.getParent() != null) {
            Files.createDirectories(target.getParent());
        }
        if (AsyncProfilerLibrary.loadable().isPresent()) {
            AsyncProfiler profiler = AsyncProfilerLibrary.profiler();
            profiler.execute("start,event=cpu,alloc=" + ALLOCATION_INTERVAL + ",jfr,file=" + target);
            return new ProfileRecording(target, profiler, null);
        }
        return startFlightRecorder(target);
    }

    /** The fallback, on its own for its test. */
    static ProfileRecording startFlightRecorder(Path target) throws IOException {
        try {
            Recording recording = new Recording(Configuration.getConfiguration("profile"));
            recording.setDestination(target);
            recording.start();
            return new ProfileRecording(target, null, recording);
        } catch (ParseException e) {
            throw new IOException("the JDK's profile settings would not load", e);
        }
    }

    /** @return what records, for the console: "async-profiler 4.6" or "JDK Flight Recorder" */
    public String tool() {
        return asyncProfiler != null ? "async-profiler " + asyncProfiler.getVersion() : JfrStacks.FLIGHT_RECORDER;
    }

    public Path file() {
        return file;
    }

    /** Stops sampling; the file is complete when this returns. */
    @Override
    public void close() throws IOException {
        if (asyncProfiler != null) {
            asyncProfiler.execute("stop");
        } else {
            flightRecording.stop();
            flightRecording.close();
        }
    }
}
