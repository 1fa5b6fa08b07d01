package org.rpcbench.stack;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.URL;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.jar.Manifest;
import java.util.stream.Collectors;

/**
 * The versions a stack states: its own, those of the libraries its module declares (a pom's
 * {@code benchmark.libraries}, which the runnable jar's manifest carries as {@value #MANIFEST_ATTRIBUTE}), and
 * Java's, read from the Maven metadata the jar embeds: what runs, not what a pom asked for.
 */
public final class Versions {

    public static final String MANIFEST_ATTRIBUTE = "Rpcbench-Libraries";

    private Versions() {
    }

    /**
     * The stack's artifacts ({@code groupId:artifactId}), then the module's declared ones, then Java; by artifactId.
     * An artifact whose metadata is not on the class path (a test run outside the jar) is left out.
     */
    public static Map<String, String> of(String... stackArtifacts) {
        Map<String, String> versions = new LinkedHashMap<>();
        for (String artifact : stackArtifacts) {
            add(versions, artifact);
        }
        for (String artifact : declaredLibraries()) {
            add(versions, artifact);
        }
        versions.put("java", java());
        versions.put("gc", collector());
        return versions;
    }

    /**
     * The collector this JVM runs, named from its collector beans (G1, ZGC, Parallel, Serial, Shenandoah): what a
     * run's added flags chose, as the JVM took them.
     */
    public static String collector() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(bean -> bean.getName().split(" ")[0])
                .map(word -> switch (word) {
                    case "PS" -> "Parallel";
                    case "Copy", "MarkSweepCompact" -> "Serial";
                    default -> word;
                })
                .distinct().collect(Collectors.joining("+"));
    }

    /** The JDK's vendor and exact version, e.g. "Eclipse Adoptium 25+36-LTS". */
    public static String java() {
        return System.getProperty("java.vendor") + " " + Runtime.version();
    }

    private static void add(Map<String, String> versions, String artifact) {
        String[] parts = artifact.split(":");
        String resource = "META-INF/maven/" + parts[0] + "/" + parts[1] + "/pom.properties";
        try (InputStream in = Versions.class.getClassLoader().getResourceAsStream(resource)) {
            if (in != null) {
                Properties properties = new Properties();
                properties.load(in);
                versions.put(parts[1], properties.getProperty("version"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String[] declaredLibraries() {
        try {
            for (URL url : Collections.list(Versions.class.getClassLoader().getResources("META-INF/MANIFEST.MF"))) {
                try (InputStream in = url.openStream()) {
                    String declared = new Manifest(in).getMainAttributes().getValue(MANIFEST_ATTRIBUTE);
                    if (declared != null && !declared.isBlank()) {
                        return declared.trim().split("\\s+");
                    }
                }
            }
            return new String[0];
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
