package org.rpcbench.runner.runall;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * How long each pair is measured, as client options. {@code quick} is for a first look and smoke runs; {@code default}
 * is the client's own defaults (the README's figures); {@code nightly} adds a second fork, so the regression gate sees
 * the spread between JVMs and not only within one. Quick, default and nightly measure throughput and sample time
 * only: with a fixed thread count, average time is the sample mode's mean and costs a third of the run for no new
 * information.
 * {@code trial} is one trial of {@code ab}, short so that ab spends its time on fresh JVMs, where the variance lives;
 * run-all takes it too, to repeat a trial by hand.
 */
public enum RunLength {
    QUICK("1 x 5 s warmup, 3 x 1 s measurement, 1 fork, thrpt and sample",
            List.of("--warmupIterations", "1", "--warmupTime", "5", "--measurementIterations", "3",
                    "--measurementTime", "1", "--forks", "1", "--modes", "thrpt,sample"),
            "5 s warmup and 5 s measured per rate", List.of("--warmup", "5", "--duration", "5")),
    DEFAULT("the client's defaults: 6 x 5 s warmup, 30 x 1 s measurement (sample mode 10), 1 fork, thrpt and"
            + " sample", List.of(),
            "the client's defaults: 10 s warmup and 10 s measured per rate", List.of()),
    /** Two forks at the schedule the nightly matrix was sized for: the default's would not fit its runners' time. */
    NIGHTLY("3 x 5 s warmup, 5 x 2 s measurement, 2 forks, thrpt and sample",
            List.of("--warmupIterations", "3", "--warmupTime", "5", "--measurementIterations", "5",
                    "--measurementTime", "2", "--forks", "2", "--modes", "thrpt,sample"),
            "10 s warmup and 30 s measured per rate", List.of("--duration", "30")),
    /**
     * Measured briefly, since trials, not iterations, are what ab's verdict counts, but warmed long enough for the JIT
     * (here a fork's throughput still rose through 10 s of warmup; after 2 x 2 s its CPU per call was several times
     * the settled figure).
     */
    TRIAL("one ab trial: " + RunLength.TRIAL_SETTINGS,
            List.of("--warmupIterations", "2", "--warmupTime", "5", "--measurementIterations", "3",
                    "--measurementTime", "2", "--forks", "1", "--modes", "thrpt"),
            "one ab trial: " + RunLength.TRIAL_OPEN_LOOP_SETTINGS, List.of("--warmup", "6", "--duration", "20"));

    /** The trial's settings in words, for ab's help too (a constant, so an annotation may use it). */
    public static final String TRIAL_SETTINGS = "2 x 5 s warmup, 3 x 2 s measurement, 1 fork, thrpt";
    /**
     * The same for a trial at a fixed rate. Every call is warmed 6 s in a closed loop before the first is measured,
     * so each window opens half a minute into the JVM, past the JIT's climb here (10-26 s). Windows of 20 s: there
     * getUser's and listUser's server CPU per call spread between trials half as much as in 10-s windows (existUser's
     * and createUser's about as much), for a trial a third longer: four calls, both sides, in about five minutes.
     */
    public static final String TRIAL_OPEN_LOOP_SETTINGS = "6 s warmup per call in a closed loop, 6 s with nothing"
            + " sent, then each call 6 s at the rate (3 s after the first) and 20 s measured";

    private final String description;
    private final List<String> clientArgs;
    private final String openLoopDescription;
    private final List<String> openLoopArgs;

    RunLength(String description, List<String> clientArgs, String openLoopDescription, List<String> openLoopArgs) {
        this.description = description;
        this.clientArgs = clientArgs;
        this.openLoopDescription = openLoopDescription;
        this.openLoopArgs = openLoopArgs;
    }

    public String description() {
        return description;
    }

    /** What this length means for an open-loop run. */
    public String openLoopDescription() {
        return openLoopDescription;
    }

    /** The name users type: quick, default, nightly, trial. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RunLength of(String key) {
        return Stream.of(values()).filter(length -> length.key().equals(key)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("option length: '" + key + "' is not one of "
                        + Stream.of(values()).map(RunLength::key).collect(Collectors.joining(", "))));
    }

    /**
     * This length's client options followed by the user's own; an option the user gives replaces this length's
     * value for it (the client takes each option once).
     */
    public List<String> clientArgs(List<String> userArgs) {
        return merge(clientArgs, userArgs);
    }

    /** The same for an open-loop run: this length's warmup and measured time per rate, then the user's own. */
    public List<String> openLoopArgs(List<String> userArgs) {
        return merge(openLoopArgs, userArgs);
    }

    /** Option-value pairs of {@code lengthArgs} the user did not give, then the user's own. */
    public static List<String> merge(List<String> lengthArgs, List<String> userArgs) {
        List<String> merged = new ArrayList<>();
        for (int i = 0; i < lengthArgs.size(); i += 2) {
            if (!userArgs.contains(lengthArgs.get(i))) {
                merged.add(lengthArgs.get(i));
                merged.add(lengthArgs.get(i + 1));
            }
        }
        merged.addAll(userArgs);
        return merged;
    }
}
