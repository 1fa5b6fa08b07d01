package org.rpcbench.runner.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.rpcbench.contract.JvmRole;
import org.rpcbench.contract.JvmSettings;
import org.rpcbench.runner.arguments.ArgumentWords;
import org.rpcbench.runner.arguments.ModuleArguments;
import picocli.CommandLine.Option;

/**
 * The JDK and flags a run gives each side beyond the suite's own, checked before anything starts by starting that
 * JVM once with them, so that a flag the JVM refuses is one line and exit 2 instead of a failed pair.
 */
public final class JvmOptions {

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

    /** How an error names these options: "" for run-all's and ab's own, "candidate-" for ab's candidate's. */
    private String optionPrefix = "";

    /** Between a pair and its JVM setting in the name of a matrix run's results. */
    public static final String AT = "@";
    private static final Pattern SETTING = Pattern.compile("([a-z0-9][a-z0-9.-]*)=(.*)");

    /** A named JVM setting of a matrix run: what its servers run with, the run's own server settings included. */
    public record Setting(String name, JvmSettings servers) {
    }

    /** Whether any of these options was given. */
    public boolean given() {
        return !serverJvmArgs.isEmpty() || !clientJvmArgs.isEmpty() || serverJava != null || clientJava != null;
    }

    /**
     * These options with a candidate's over them, as ab runs its candidate: a JDK given replaces this one, flags
     * given follow these, so that they win; an error names the candidate's options.
     */
    public JvmOptions withCandidates(Path candidateServerJava, Path candidateClientJava, String moreServerJvmArgs,
            String moreClientJvmArgs) {
        words("candidate-server-jvm-args", moreServerJvmArgs);
        words("candidate-client-jvm-args", moreClientJvmArgs);
        JvmOptions candidate = new JvmOptions();
        candidate.optionPrefix = "candidate-";
        candidate.serverJava = candidateServerJava != null ? candidateServerJava : serverJava;
        candidate.clientJava = candidateClientJava != null ? candidateClientJava : clientJava;
        candidate.serverJvmArgs = (serverJvmArgs + " " + moreServerJvmArgs).strip();
        candidate.clientJvmArgs = (clientJvmArgs + " " + moreClientJvmArgs).strip();
        return candidate;
    }

    /** The options as given, to pass on to another launcher (a run-all of an ab side). */
    public List<String> args() {
        List<String> args = new ArrayList<>();
        if (!serverJvmArgs.isEmpty()) {
            args.addAll(List.of("--server-jvm-args", serverJvmArgs));
        }
        if (!clientJvmArgs.isEmpty()) {
            args.addAll(List.of("--client-jvm-args", clientJvmArgs));
        }
        if (serverJava != null) {
            args.addAll(List.of("--server-java", serverJava.toAbsolutePath().normalize().toString()));
        }
        if (clientJava != null) {
            args.addAll(List.of("--client-java", clientJava.toAbsolutePath().normalize().toString()));
        }
        return args;
    }

    /** The servers' settings, checked; {@link JvmSettings#NONE} when none were given. */
    public JvmSettings servers() throws InterruptedException {
        return check("option " + optionPrefix + "server-java", "option " + optionPrefix + "server-jvm-args",
                JvmRole.SERVER, serverJava, words("server-jvm-args", serverJvmArgs));
    }

    /** The clients' settings, checked as {@link #servers()}. */
    public JvmSettings clients() throws InterruptedException {
        return check("option " + optionPrefix + "client-java", "option " + optionPrefix + "client-jvm-args",
                JvmRole.CLIENT, clientJava, words("client-jvm-args", clientJvmArgs));
    }

    /**
     * A matrix's settings ({@code name=flags} each) in the order given, each checked with the run's own server flags
     * before them; empty when none was given.
     */
    public List<Setting> matrix(List<String> matrix) throws InterruptedException {
        List<Setting> settings = new ArrayList<>();
        List<String> base = words("server-jvm-args", serverJvmArgs);
        for (String given : matrix) {
            Matcher setting = SETTING.matcher(given);
            if (!setting.matches()) {
                throw new IllegalArgumentException("option jvm-matrix: '" + given + "' is not name=flags (a name"
                        + " of lower-case letters, digits, dots and dashes)");
            }
            String name = setting.group(1);
            if (settings.stream().anyMatch(known -> known.name().equals(name))) {
                throw new IllegalArgumentException("option jvm-matrix: the setting " + name + " is given twice");
            }
            List<String> flags = new ArrayList<>(base);
            flags.addAll(words("jvm-matrix", setting.group(2)));
            settings.add(new Setting(name, check("option server-java", "option jvm-matrix: " + name,
                    JvmRole.SERVER, serverJava, flags)));
        }
        return settings;
    }

    private static List<String> words(String option, String flags) {
        try {
            return ArgumentWords.split(flags);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option " + option + ": " + e.getMessage());
        }
    }

    /**
     * Starts the side's JVM with its role's flags and these, asking only its version.
     *
     * @param javaOption how an error names the JDK given
     * @param argsOption  how an error names the flags given
     * @throws IllegalArgumentException naming the option, when the JDK is not there or the JVM refuses a flag
     */
    private static JvmSettings check(String javaOption, String argsOption, JvmRole role, Path java,
            List<String> args) throws InterruptedException {
        String side = role.name().toLowerCase(Locale.ROOT);
        JvmSettings settings = new JvmSettings(java == null ? null : java.toAbsolutePath().normalize().toString(),
                null, args);
        if (!settings.given()) {
            return JvmSettings.NONE;
        }
        if (java != null && !Files.isExecutable(settings.javaLauncher())) {
            throw new IllegalArgumentException(javaOption + ": " + java + " has no bin/java: give a JDK's home");
        }
        List<String> command = new ArrayList<>(List.of(settings.javaLauncher().toString()));
        command.addAll(role.jvmArgs(args));
        command.addAll(List.of("-XshowSettings:properties", "-version"));
        Optional<ShortCommand.Outcome> outcome;
        try {
            outcome = ShortCommand.run(command, true, CHECK_TIMEOUT);
        } catch (IOException e) {
            throw new IllegalArgumentException(javaOption + ": " + settings.javaLauncher() + " does not start: "
                    + e.getMessage());
        }
        String named = args.isEmpty() ? javaOption : argsOption;
        if (outcome.isEmpty()) {
            throw new IllegalArgumentException(named + ": the " + side + " JVM did not answer -version within "
                    + CHECK_TIMEOUT.toSeconds() + " s");
        }
        if (!outcome.get().succeeded()) {
            throw new IllegalArgumentException(named + ": the " + side + " JVM refuses to start with them: "
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
