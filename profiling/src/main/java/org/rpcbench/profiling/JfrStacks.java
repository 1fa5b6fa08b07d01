package org.rpcbench.profiling;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * The CPU and allocation stacks of a JFR file, whether async-profiler or the JDK's Flight Recorder wrote it, and
 * which of them sampled: async-profiler states its version and engine (perf_events, or a timer where perf events are
 * not permitted) as settings in the file.
 *
 * @param engine     "async-profiler 4.6, perf_events", or "JDK Flight Recorder"
 * @param cpu        CPU samples per stack
 * @param allocation bytes allocated per stack, the allocated class as the leaf frame
 */
public record JfrStacks(String engine, FoldedStacks cpu, FoldedStacks allocation) {

    static final String FLIGHT_RECORDER = "JDK Flight Recorder";

    /**
     * Hidden classes (lambdas: {@code Foo$$Lambda$12/0x...} from the JDK, {@code Foo$$Lambda.0x...} from
     * async-profiler) and generated accessors are numbered per JVM; one name per site makes runs comparable.
     */
    private static final Pattern PER_JVM_NAME = Pattern.compile("(\\$\\$Lambda)\\$?\\d*([./]0x[0-9a-f]+)?"
            + "|(GeneratedMethodAccessor|GeneratedConstructorAccessor)\\d+|[./]0x[0-9a-f]{8,}");

    public static JfrStacks read(Path jfr) throws IOException {
        FoldedStacks cpu = new FoldedStacks();
        FoldedStacks tlabAllocations = new FoldedStacks();
        FoldedStacks sampledAllocations = new FoldedStacks();
        String version = null;
        String engine = null;
        try (RecordingFile file = new RecordingFile(jfr)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                switch (event.getEventType().getName()) {
                    case "jdk.ExecutionSample" -> cpu.add(frames(event.getStackTrace(), null), 1);
                    case "jdk.ObjectAllocationInNewTLAB" -> tlabAllocations.add(
                            frames(event.getStackTrace(), allocatedClass(event)), event.getLong("tlabSize"));
                    case "jdk.ObjectAllocationOutsideTLAB" -> tlabAllocations.add(
                            frames(event.getStackTrace(), allocatedClass(event)), event.getLong("allocationSize"));
                    case "jdk.ObjectAllocationSample" -> sampledAllocations.add(
                            frames(event.getStackTrace(), allocatedClass(event)), event.getLong("weight"));
                    case "jdk.ActiveSetting" -> {
                        String name = event.getString("name");
                        if ("engine".equals(name)) {
                            engine = event.getString("value");
                        } else if ("version".equals(name)) {
                            version = event.getString("value");
                        }
                    }
                    default -> {
                    }
                }
            }
        }
        // the JDK records both kinds of allocation event; its weighted samples are the ones meant for profiles
        FoldedStacks allocation = sampledAllocations.total() > 0 ? sampledAllocations : tlabAllocations;
        String sampledBy = engine == null ? FLIGHT_RECORDER
                : "async-profiler" + (version == null ? "" : " " + version) + ", " + engine;
        return new JfrStacks(sampledBy, cpu, allocation);
    }

    private static String allocatedClass(RecordedEvent event) {
        return event.getClass("objectClass") == null ? null : readable(event.getClass("objectClass").getName());
    }

    /** "byte[]" and "java.lang.String[][]" for the JVM's "[B" and "[[Ljava.lang.String;". */
    static String readable(String className) {
        int dimensions = 0;
        while (dimensions < className.length() && className.charAt(dimensions) == '[') {
            dimensions++;
        }
        if (dimensions == 0) {
            return className;
        }
        String element = className.substring(dimensions);
        String type = switch (element) {
            case "Z" -> "boolean";
            case "B" -> "byte";
            case "C" -> "char";
            case "S" -> "short";
            case "I" -> "int";
            case "J" -> "long";
            case "F" -> "float";
            case "D" -> "double";
            default -> element.startsWith("L") && element.endsWith(";")
                    ? element.substring(1, element.length() - 1) : element;
        };
        return type + "[]".repeat(dimensions);
    }

    /** The frames from the root to the leaf (JFR lists them leaf first), the allocated class after the leaf. */
    private static List<String> frames(RecordedStackTrace trace, String allocated) {
        List<String> frames = new ArrayList<>();
        if (trace == null) {
            return frames;
        }
        List<RecordedFrame> leafFirst = trace.getFrames();
        for (int i = leafFirst.size() - 1; i >= 0; i--) {
            RecordedFrame frame = leafFirst.get(i);
            if (frame.getMethod() == null) {
                continue;
            }
            // native and kernel frames have no class, only a symbol
            String type = frame.getMethod().getType() == null ? "" : frame.getMethod().getType().getName();
            frames.add(stable(type.isEmpty() ? frame.getMethod().getName() : type + "." + frame.getMethod().getName()));
        }
        if (allocated != null && !frames.isEmpty()) {
            frames.add(stable(allocated) + " (allocated)");
        }
        return frames;
    }

    static String stable(String frame) {
        return PER_JVM_NAME.matcher(frame).replaceAll("$1$3").replace(';', ':');
    }
}
