package org.rpcbench.contract;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The JVMs the suite starts and the flags each gets: one place for heap sizes and for the packages the serializers
 * need opened (the parent pom's {@code jdk.add-opens}, which also becomes the runnable jars' Add-Opens entry).
 */
public enum JvmRole {

    /** A provider: a fixed heap, so a GC resize never lands in a measurement. */
    SERVER("-Xms1g", "-Xmx1g"),
    /** A client's launcher JVM: it wire-checks and runs JMH, which measures in forks. */
    CLIENT("-Xmx512m"),
    /** A JMH fork: the measured consumer; 1M echoes at 10 threads hold about 40 MiB in flight. */
    FORK("-Xms1g", "-Xmx1g"),
    /** The embedded ZooKeeper of a run. */
    ZOOKEEPER("-Xmx256m"),
    /** A short-lived tool such as registry-latency: the JVM's defaults. */
    TOOL;

    /**
     * G1 always: a JVM that sees one CPU (pinned with taskset) would pick the serial collector, so a pinned run
     * would change the collector as well as the placement.
     */
    private static final String COLLECTOR = "-XX:+UseG1GC";
    /** A flag that chooses the collector: -XX:+UseZGC, -XX:+UseParallelGC, -XX:+UseShenandoahGC and the rest. */
    private static final Pattern COLLECTOR_CHOICE = Pattern.compile("-XX:\\+Use\\w*GC");

    private final List<String> heap;

    JvmRole(String... heap) {
        this.heap = List.of(heap);
    }

    /** Heap flags, the collector and the opens every JVM of the suite gets. */
    public List<String> jvmArgs() {
        return jvmArgs(List.of());
    }

    /**
     * The role's flags, then those added: later flags win in the JVM, except that naming two collectors is an
     * error, so the role's collector goes when the added flags choose one.
     */
    public List<String> jvmArgs(List<String> added) {
        List<String> args = new ArrayList<>(addOpens());
        if (added.stream().noneMatch(flag -> COLLECTOR_CHOICE.matcher(flag).matches())) {
            args.add(COLLECTOR);
        }
        args.addAll(heap);
        args.addAll(added);
        return args;
    }

    /** The most heap this role's JVM takes (its -Xmx), or 0 where the JVM's default decides. */
    public long maxHeapBytes() {
        return heap.stream()
                .filter(flag -> flag.startsWith("-Xmx"))
                .mapToLong(flag -> {
                    String size = flag.substring(4);
                    long number = Long.parseLong(size.substring(0, size.length() - 1));
                    return switch (size.charAt(size.length() - 1)) {
                        case 'g' -> number << 30;
                        case 'm' -> number << 20;
                        default -> throw new IllegalStateException("heap flag " + flag + " has no g or m");
                    };
                })
                .findFirst().orElse(0);
    }

    /** The build's one list of packages the serializers reflect into, as {@code --add-opens} flags. */
    public static List<String> addOpens() {
        try (InputStream in = JvmRole.class.getResourceAsStream("add-opens.txt")) {
            if (in == null) {
                throw new IllegalStateException("add-opens.txt is missing from the class path");
            }
            String packages = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            return Arrays.stream(packages.split("\\s+"))
                    .map(modulePackage -> "--add-opens=" + modulePackage + "=ALL-UNNAMED")
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
