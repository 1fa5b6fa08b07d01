package org.rpcbench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.rpcbench.contract.JvmRole;
import org.rpcbench.contract.JvmSettings;
import picocli.CommandLine.Option;

/**
 * The JDK and flags a run gives each side beyond the suite's own, checked before anything starts by starting that
 * JVM once with them, so that a flag the JVM refuses is one line and exit 2 instead of a failed pair.
 */
final class JvmOptions {

    private static final Duration CHECK_TIMEOUT = Duration.ofSeconds(60);
    private static final Pattern JAVA_VERSION = Pattern.compile("^\\s*java\\.version = (\\S+)$", Pattern.MULTILINE);
    /** What the java launcher adds after the cause when it cannot start a JVM. */
    private static final Pattern LAUNCHER_EPILOGUE = Pattern.compile("Error: (Could not create the Java Virtual"
            + " Machine|A fatal exception has occurred).*");

    @Option(names = "--server-jvm-args", paramLabel = "flags", parameterConsumer = ModuleArguments.class,
            description = "more JVM flags for every server, after the suite's own, so that they win (a collector"
                    + " named here replaces the suite's G1), e.g. \"-XX:+UseZGC -XX:+ZGenerational\"")
    String serverJvmArgs = "";

    @Option(names = "--client-jvm-args", paramLabel = "flags", parameterConsumer = ModuleArguments.class,
            description = "the same for every client and its JMH forks")
    String clientJvmArgs = "";

    @Option(names = "--server-java", paramLabel = "jdk", description = "the home of the JDK the servers run on"
            + " (default: the one benchmark.sh runs on)")
    Path serverJava;

    @Option(names = "--client-java", paramLabel = "jdk", description = "the same for the clients and their forks")
    Path clientJava;

    /** The servers' settings, checked; {@link JvmSettings#NONE} when none were given. */
    JvmSettings servers() throws InterruptedException {
        return check("server", JvmRole.SERVER, serverJava, serverJvmArgs);
    }

    /** The clients' settings, checked as {@link #servers()}. */
    JvmSettings clients() throws InterruptedException {
        return check("client", JvmRole.CLIENT, clientJava, clientJvmArgs);
    }

    /**
     * Starts the side's JVM with its role's flags and these, asking only its version.
     *
     * @throws IllegalArgumentException naming the option, when the JDK is not there or the JVM refuses a flag
     */
    private static JvmSettings check(String side, JvmRole role, Path java, String flags)
            throws InterruptedException {
        List<String> args;
        try {
            args = ArgumentWords.split(flags);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option " + side + "-jvm-args: " + e.getMessage());
        }
        JvmSettings settings = new JvmSettings(java == null ? null : java.toAbsolutePath().normalize().toString(),
                null, args);
        if (!settings.given()) {
            return JvmSettings.NONE;
        }
        if (java != null && !Files.isExecutable(settings.javaLauncher())) {
            throw new IllegalArgumentException("option " + side + "-java: " + java + " has no bin/java: give a"
                    + " JDK's home");
        }
        List<String> command = new ArrayList<>(List.of(settings.javaLauncher().toString()));
        command.addAll(role.jvmArgs(args));
        command.addAll(List.of("-XshowSettings:properties", "-version"));
        Optional<ShortCommand.Outcome> outcome;
        try {
            outcome = ShortCommand.run(command, true, CHECK_TIMEOUT);
        } catch (IOException e) {
            throw new IllegalArgumentException("option " + side + "-java: " + settings.javaLauncher()
                    + " does not start: " + e.getMessage());
        }
        String option = "option " + (args.isEmpty() ? side + "-java" : side + "-jvm-args");
        if (outcome.isEmpty()) {
            throw new IllegalArgumentException(option + ": the " + side + " JVM did not answer -version within "
                    + CHECK_TIMEOUT.toSeconds() + " s");
        }
        if (!outcome.get().succeeded()) {
            throw new IllegalArgumentException(option + ": the " + side + " JVM refuses to start with them: "
                    + cause(outcome.get().output()));
        }
        Matcher version = JAVA_VERSION.matcher(outcome.get().output());
        return settings.withJavaVersion(version.find() ? version.group(1) : null);
    }

    /** The JVM's own words for why it did not start, on one line, without the launcher's epilogue. */
    private static String cause(String output) {
        String cause = output.lines().map(String::strip)
                .filter(line -> !line.isEmpty() && !LAUNCHER_EPILOGUE.matcher(line).matches())
                .collect(Collectors.joining(": "));
        return cause.isEmpty() ? "no reason given" : cause;
    }
}
