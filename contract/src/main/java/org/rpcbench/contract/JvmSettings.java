package org.rpcbench.contract;

import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * What a run sets for one side's JVMs (the servers, or the clients with their JMH forks) beyond the suite's own
 * flags: a JDK of its own and more flags, added after the role's so that they win. Recorded in run.json with the
 * version the JDK stated.
 *
 * @param javaHome    the JDK's home; null: the runner's own
 * @param javaVersion the java.version that JDK states with these flags; null until checked
 * @param args        flags after the role's own, each a word as given
 */
public record JvmSettings(String javaHome, String javaVersion, List<String> args) {

    /** The runner's own JDK, no flags added. */
    public static final JvmSettings NONE = new JvmSettings(null, null, List.of());
    /**
     * The system property that hands a client's added flags on to its JMH forks, which JMH starts with the client's
     * JDK: the flags as a JSON array, so that a word keeps its spaces.
     */
    public static final String FORK_ARGS_PROPERTY = "rpcbench.forkJvmArgs";

    public JvmSettings {
        args = List.copyOf(args);
    }

    /** Whether this adds anything to what the suite's JVMs run with. */
    public boolean given() {
        return javaHome != null || !args.isEmpty();
    }

    /** The java launcher: the JDK's, else the one this process runs on. */
    public Path javaLauncher() {
        return Path.of(javaHome != null ? javaHome : System.getProperty("java.home"), "bin", "java");
    }

    public JvmSettings withJavaVersion(String version) {
        return new JvmSettings(javaHome, version, args);
    }

    /** The {@link #FORK_ARGS_PROPERTY} flag that carries these flags to a client's forks. */
    public String forkArgsFlag() {
        try {
            return "-D" + FORK_ARGS_PROPERTY + "="
                    + RecordFiles.JSON.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(args);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a list of strings did not serialize", e);
        }
    }

    /** The flags a client was handed for its forks in {@link #FORK_ARGS_PROPERTY}; none when it was not. */
    public static List<String> forkArgs() {
        String json = System.getProperty(FORK_ARGS_PROPERTY);
        try {
            return json == null ? List.of() : List.of(RecordFiles.JSON.readValue(json, String[].class));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(FORK_ARGS_PROPERTY + " is not a JSON array of flags: " + json, e);
        }
    }
}
