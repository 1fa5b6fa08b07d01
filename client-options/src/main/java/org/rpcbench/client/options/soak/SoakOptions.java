package org.rpcbench.client.options.soak;

import static java.util.Objects.requireNonNullElse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.rpcbench.client.options.values.OpenLoopCall;
import org.rpcbench.contract.Durations;
import org.rpcbench.contract.JvmSeriesFeed;
import org.rpcbench.contract.OptionNames;
import org.rpcbench.contract.SoakReport;
import picocli.CommandLine.Option;

/** A soak's options: a stability run with both JVMs sampled and judged. */
public final class SoakOptions {

    /** The seed's stability calls: a 5K string, a person, a map of 3 persons. */
    private static final List<String> SOAK_CALLS = List.of("echo:5k", "echo:person", "echo:personMap");
    private static final String SOAK_CALLS_TEXT = "echo:5k,echo:person,echo:personMap";
    private static final int SOAK_THREADS = 20;

    @Option(names = OptionNames.SOAK, required = true, paramLabel = "time", description = "call the seed's"
            + " stability calls mixed (each thread going round them) for this long, e.g. 10m or 50h, at --threads"
            + " threads (default 20 here), every answer checked and failures counted; sample this JVM and the"
            + " interval's calls every --sample-every; then judge this JVM and each --server-samples series"
            + " after the warmup (live set growth, full GCs, threads, open files, errors, a fall in throughput)"
            + " and exit 1 when a limit is broken")
    String length;

    @Option(names = "--soak-warmup", paramLabel = "time", description = "left out of the verdict (default: a"
            + " tenth of --soak, from 20s to 10m)")
    String warmup;

    @Option(names = "--soak-calls", split = ",", paramLabel = "c[,c...]", description = "the calls mixed:"
            + " existUser, createUser, getUser, listUser or echo:<payload> (default: "
            + SOAK_CALLS_TEXT + ", the seed's 5K string, person and map of 3 persons)")
    List<String> calls;

    @Option(names = "--payload-schedule", paramLabel = "random:min-max:time", description = "the seed's"
            + " high-pressure run: the string echo's size drawn anew (log-uniformly, a fixed seed) every interval,"
            + " e.g. random:20b-200k:10m (sizes in b, k or m; a soak shorter than ten intervals changes it every"
            + " tenth of its length)")
    String payloadSchedule;

    @Option(names = OptionNames.JVM_SAMPLES, paramLabel = "file", description = "this JVM's samples, a JSON"
            + " line each, flushed as taken (default: the result file's name + .jvm.jsonl)")
    Path jvmSamples;

    @Option(names = OptionNames.SAMPLE_EVERY, paramLabel = "time", description = "the interval (default: 5s)")
    String sampleEvery;

    @Option(names = OptionNames.SERVER_SAMPLES, split = ",", paramLabel = "source[,source...]",
            description = "servers' series to judge with this JVM's: each a server's --jvm-samples file on this"
                    + " machine, or the address it serves it at (http://..., in its ready record and output)")
    List<String> serverSamples;

    @Option(names = OptionNames.LIVE_SET_EVERY, paramLabel = "time", description = "how often a sample also"
            + " measures the live set, the heap after a full GC it asks for (default: a tenth of --soak, from 5s"
            + " to 10m); the same should be given to the servers")
    String liveSetEvery;

    @Option(names = "--max-live-set-growth", paramLabel = "MB/h", description = "the live set's fitted growth"
            + " (default: 4, the seed's 200 MB of old generation in 50 h)")
    Double liveSetMbPerHour;

    @Option(names = "--live-set-noise", paramLabel = "MB", description = "growth over the window below this is"
            + " not judged (default: 8)")
    Double liveSetNoiseMb;

    @Option(names = "--max-full-gcs", paramLabel = "n", description = "full GCs after the warmup (default: 0)")
    Long fullGcs;

    @Option(names = "--max-thread-growth", paramLabel = "n", description = "threads gained (default: 5)")
    Long threadGrowth;

    @Option(names = "--max-open-file-growth", paramLabel = "n", description = "open files gained (default: 5)")
    Long openFileGrowth;

    @Option(names = "--max-errors", paramLabel = "n", description = "failed or wrong calls (default: 0)")
    Long errors;

    @Option(names = "--max-fall", paramLabel = "%", description = "how much lower calls/s in the window's last"
            + " tenth may be than in its first (default: 20)")
    Double fallPercent;

    /**
     * The settings these options give, checked.
     *
     * @param threads the levels {@code --threads} gives: a soak runs one
     * @param threadsGiven whether {@code --threads} was given: a soak's own default is {@value #SOAK_THREADS}
     * @throws IllegalArgumentException naming the option when a value is bad
     */
    public SoakSettings settings(List<Integer> threads, boolean threadsGiven) {
        if (threads.size() > 1) {
            throw new IllegalArgumentException("option threads: a soak runs one thread count, not a list");
        }
        Duration soak = duration("soak", length);
        Duration warmupLength = warmup != null ? duration("soak-warmup", warmup)
                : Duration.ofMillis(Math.min(Math.max(soak.toMillis() / 10, 20_000), 600_000));
        if (warmupLength.compareTo(soak) >= 0) {
            throw new IllegalArgumentException("option soak-warmup: " + Durations.format(warmupLength) + " leaves"
                    + " nothing of the " + Durations.format(soak) + " soak to judge");
        }
        Duration every = sampleEvery == null ? Duration.ofSeconds(5) : duration("sample-every", sampleEvery);
        if (every.compareTo(soak) >= 0) {
            throw new IllegalArgumentException("option sample-every: " + Durations.format(every) + " is not shorter"
                    + " than the " + Durations.format(soak) + " soak");
        }
        Duration liveSet = liveSetEvery != null ? duration("live-set-every", liveSetEvery)
                : SoakReport.liveSetEvery(soak);
        List<OpenLoopCall> mixed;
        try {
            mixed = (calls == null ? SOAK_CALLS : calls).stream().map(OpenLoopCall::of).toList();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option soak-calls: " + e.getMessage());
        }
        SoakReport.Limits defaults = SoakReport.Limits.DEFAULT;
        SoakReport.Limits limits = new SoakReport.Limits(
                notNegative("max-live-set-growth", requireNonNullElse(liveSetMbPerHour, defaults.liveSetMbPerHour())),
                notNegative("live-set-noise", requireNonNullElse(liveSetNoiseMb, defaults.liveSetNoiseMb())),
                (long) notNegative("max-full-gcs", requireNonNullElse(fullGcs, defaults.fullGcs())),
                (long) notNegative("max-thread-growth", requireNonNullElse(threadGrowth, defaults.threadGrowth())),
                (long) notNegative("max-open-file-growth",
                        requireNonNullElse(openFileGrowth, defaults.openFileGrowth())),
                (long) notNegative("max-errors", requireNonNullElse(errors, defaults.errors())),
                notNegative("max-fall", requireNonNullElse(fallPercent, defaults.fallPercent())));
        List<String> servers = serverSamples == null ? List.of() : serverSamples;
        for (String source : servers) {
            if (!JvmSeriesFeed.isAddress(source) && !Files.isRegularFile(Path.of(source))) {
                throw new IllegalArgumentException("option server-samples: " + source + " is not a file (a server"
                        + " writes it with " + OptionNames.JVM_SAMPLES + ") nor a server's http:// address");
            }
        }
        PayloadSizes payloads = null;
        if (payloadSchedule != null) {
            try {
                payloads = PayloadSizes.parse(payloadSchedule, soak);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("option payload-schedule: " + e.getMessage());
            }
            if (mixed.stream().noneMatch(OpenLoopCall::echoesAString)) {
                throw new IllegalArgumentException("option payload-schedule: the soak's calls echo no string to vary"
                        + " (give --soak-calls with an echo:<size> such as echo:5k)");
            }
        }
        return new SoakSettings(soak, warmupLength, every, liveSet, mixed,
                threadsGiven ? threads.get(0) : SOAK_THREADS, jvmSamples, servers, limits, payloads);
    }

    private static Duration duration(String option, String text) {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option " + option + ": " + e.getMessage());
        }
    }

    private static double notNegative(String option, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("option " + option + ": " + value + " is not a limit (0 or more)");
        }
        return value;
    }
}
