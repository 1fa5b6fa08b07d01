package org.rpcbench.client.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rpcbench.contract.OpenLoopReport;
import org.rpcbench.contract.SoakReport;
import org.rpcbench.stack.Target;

class ClientOptionsTest {

    @Test
    void defaultsAre30sWarmup20OneSecondIterationsThroughputAndSample32ThreadsAndOneForkToJson() {
        ClientOptions options = ClientOptions.parse();
        assertEquals(new Target("127.0.0.1", 8080), options.target());
        assertEquals(32, options.runs().get(0).threads());
        assertEquals(1, options.forks());
        assertEquals(6, options.warmupIterations());
        assertEquals(JmhTime.seconds(5), options.warmupTime());
        assertEquals(20, options.measurementIterations());
        assertEquals(JmhTime.seconds(1), options.measurementTime());
        assertEquals(List.of("thrpt", "sample"), options.modes());
        assertEquals("json", options.resultFormat());
        assertNull(options.resultFile(), "a new file under results/ when the run starts");
    }

    @Test
    void theCommunitySuitesOptionNamesAreTakenAsTheyAre() {
        ClientOptions options = ClientOptions.parse("--warmupIterations", "1", "--warmupTime", "500ms",
                "--measurementIterations", "4", "--measurementTime", "10", "--forks", "2", "--threads", "8",
                "--resultFormat", "csv", "-f", "out/x.csv", "--host", "10.0.0.2", "--port", "9090");
        assertEquals(1, options.warmupIterations());
        assertEquals(new JmhTime(500, TimeUnit.MILLISECONDS), options.warmupTime());
        assertEquals(4, options.measurementIterations());
        assertEquals(JmhTime.seconds(10), options.measurementTime());
        assertEquals(2, options.forks());
        assertEquals(8, options.runs().get(0).threads());
        assertEquals("csv", options.resultFormat());
        assertEquals(Path.of("out/x.csv"), options.resultFile());
        assertEquals(new Target("10.0.0.2", 9090), options.target());
    }

    @Test
    void upstreamRestoresTheLongRunsButExplicitOptionsWin() {
        ClientOptions options = ClientOptions.parse("--upstream", "--measurementIterations", "5");
        assertEquals(3, options.warmupIterations());
        assertEquals(JmhTime.seconds(10), options.warmupTime());
        assertEquals(5, options.measurementIterations());
        assertEquals(JmhTime.seconds(10), options.measurementTime());
        assertEquals(List.of(), options.modes(), "each benchmark's own three, as the community client runs");
    }

    @Test
    void availabilityTakesATimeAndOneThreadCount() {
        ClientOptions options = ClientOptions.parse("--availability", "1500ms", "--threads", "4",
                "--connections", "2");
        assertEquals(Duration.ofMillis(1500), options.availabilityTime());
        assertEquals(4, options.availabilityThreads());
        assertEquals(2, options.connections());
        assertEquals(Duration.ofSeconds(30), ClientOptions.parse("--availability", "30")
                .availabilityTime());
        assertNull(ClientOptions.parse().availabilityTime());
    }

    @ParameterizedTest
    @CsvSource({
        "--measurementTime,1,option measurementTime: a JMH option, and --availability runs no JMH",
        "--forks,2,option forks: a JMH option",
        "--preset,motan,option preset: a JMH option",
        "--resultFormat,csv,option resultFormat: a JMH option",
        "--scenario,echo,option scenario: a JMH option",
        "--threads,'1,8',option threads: --availability runs one thread count",
        "--availability,500ms,option availability: 500 ms is shorter than the 1 s a recovery needs",
    })
    void availabilityRefusesWhatOnlyJmhUses(String option, String value, String expected) throws IOException {
        assertUsageError(expected, "--availability".equals(option) ? new String[] {option, value}
                : new String[] {"--availability", "5", option, value});
    }

    /** The options are refused, the message starting with the one expected (the client prints it as its error). */
    private static void assertUsageError(String expected, String... args) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> ClientOptions.parse(args));
        assertTrue(error.getMessage().startsWith(expected), error.getMessage());
    }

    @Test
    void theOpenLoopLoadTakesARateWithTimesArrivalsAndCalls() {
        OpenLoopSettings settings = ClientOptions.parse("--rate", "2500", "--threads", "64", "--warmup", "2",
                "--duration", "500ms", "--arrival", "poisson").openLoopSettings();
        assertEquals(new OpenLoopSettings(2500.0, null, null, "poisson", Duration.ofSeconds(2),
                Duration.ofMillis(500), 64, 5000), settings);
        ClientOptions defaults = ClientOptions.parse("--rate", "100");
        assertEquals(new OpenLoopSettings(100.0, null, null, "fixed", Duration.ofSeconds(10),
                Duration.ofSeconds(10), 32, 5000), defaults.openLoopSettings());
        OpenLoopSettings sweep = ClientOptions.parse("--rate-sweep", "25,50,100", "--slo", "p99.9=2ms")
                .openLoopSettings();
        assertEquals(List.of(25, 50, 100), sweep.sweepPercents());
        assertNull(sweep.rate());
        assertEquals(new OpenLoopReport.Slo(99.9, 2), sweep.slo());
        assertEquals(List.of("existUser", "createUser", "getUser", "listUser"),
                defaults.openLoopCalls().stream().map(OpenLoopCall::name).toList());
        assertEquals(List.of("getUser", "echo:1k"), ClientOptions.parse("--rate", "100", "--calls", "getUser,echo:1k")
                .openLoopCalls().stream().map(OpenLoopCall::name).toList());
        assertNull(ClientOptions.parse().openLoopSettings());
    }

    @ParameterizedTest
    @CsvSource({
        "--forks,2,option forks: a JMH option, and --rate runs no JMH",
        "--availability,5,option availability: an availability option, and --rate runs the open-loop load instead",
        "--threads,'1,8',option threads: the open loop runs one thread count",
        "--rate,0,option rate: 0.0 is not a positive rate",
        "--rate,1e12,'option rate: 1,000,000,000,000 calls/s is beyond what the load generator schedules: at most"
            + " 10,000,000, a call due every 100 ns'",
        "--rate-sweep,'50,25',option rate: the open-loop load takes --rate or --rate-sweep, one of the two",
        "--slo,p99=5ms,option slo: a bound judges a sweep's steps: give --rate-sweep",
        "--arrival,bursty,option arrival: 'bursty' is not fixed or poisson",
        "--calls,getUsers,option calls: unknown call 'getUsers'",
        "--calls,echo:2k,option calls: unknown payload",
    })
    void theOpenLoopLoadRefusesBadValuesAndOtherLoads(String option, String value, String expected)
            throws IOException {
        assertUsageError(expected, "--rate".equals(option) ? new String[] {option, value}
                : new String[] {"--rate", "100", option, value});
    }

    @Test
    void aSoakRunsTheSeedsStabilityCallsAtTwentyThreadsWithTheSeedsLimits() {
        SoakSettings soak = ClientOptions.parse("--soak", "10m").soakSettings();
        assertEquals(Duration.ofMinutes(10), soak.length());
        assertEquals(Duration.ofMinutes(1), soak.warmup());
        assertEquals(Duration.ofSeconds(5), soak.every());
        assertEquals(Duration.ofMinutes(1), soak.liveSetEvery());
        assertEquals(20, soak.threads());
        assertEquals(List.of("echo:5k", "echo:person", "echo:personMap"),
                soak.calls().stream().map(OpenLoopCall::name).toList());
        assertEquals(SoakReport.Limits.DEFAULT, soak.limits());
        assertEquals(List.of(), soak.serverSamples());
        assertEquals(Path.of("r.json.jvm.jsonl"), soak.jvmSamples(Path.of("r.json")));

        SoakSettings shortSoak = ClientOptions.parse("--soak", "1m", "--threads", "8", "--soak-calls",
                "getUser,echo:1k", "--max-live-set-growth", "10", "--max-fall", "5", "--sample-every", "1s")
                .soakSettings();
        assertEquals(Duration.ofSeconds(20), shortSoak.warmup(), "a tenth, but at least 20 s");
        assertEquals(Duration.ofSeconds(6), shortSoak.liveSetEvery());
        assertEquals(8, shortSoak.threads());
        assertEquals(10, shortSoak.limits().liveSetMbPerHour());
        assertEquals(5, shortSoak.limits().fallPercent());
        assertEquals(Duration.ofSeconds(1), shortSoak.every());
        assertNull(ClientOptions.parse().soakSettings());
        assertNull(soak.payloads());
        assertEquals(Duration.ofSeconds(6), ClientOptions.parse("--soak", "1m", "--payload-schedule",
                "random:20b-200k:10m").soakSettings().payloads().every());
        IllegalArgumentException noString = assertThrows(IllegalArgumentException.class, () -> ClientOptions.parse(
                "--soak", "1m", "--payload-schedule", "random:20b-200k:10m", "--soak-calls", "getUser,echo:person"));
        assertTrue(noString.getMessage().startsWith("option payload-schedule: the soak's calls echo no string"),
                noString.getMessage());
    }

    @ParameterizedTest
    @CsvSource({
        "--soak,10,option soak: '10' is not a length of time",
        "--soak-warmup,2m,option soak-warmup: 2m leaves nothing of the 1m soak to judge",
        "--sample-every,1m,option sample-every: 1m is not shorter than the 1m soak",
        "--soak-calls,echo:3k,option soak-calls: unknown payload",
        "--max-errors,-1,option max-errors: -1.0 is not a limit",
        "--server-samples,/nonexistent.jsonl,option server-samples: /nonexistent.jsonl is not a file",
        "--threads,'1,8',option threads: a soak runs one thread count",
        "--rate,100,option rate: an open-loop option, and --soak runs a soak instead",
        "--forks,2,option forks: a JMH option, and --soak runs no JMH",
        "--payload-schedule,random:1k:1m,option payload-schedule: 'random:1k:1m' is not random:<min>-<max>:<interval>",
    })
    void aSoakRefusesBadValuesAndOtherLoads(String option, String value, String expected) throws IOException {
        assertUsageError(expected, "--soak".equals(option) ? new String[] {option, value}
                : new String[] {"--soak", "1m", option, value});
    }

    @Test
    void aSweepRefusesFallingStepsAndABadBound() {
        IllegalArgumentException falling = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> ClientOptions.parse("--rate-sweep", "50,25"));
        assertTrue(falling.getMessage().startsWith("option rate-sweep: [50, 25] is not a rising list"),
                falling.getMessage());
        IllegalArgumentException bound = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> ClientOptions.parse("--rate-sweep", "50", "--slo", "p99"));
        assertTrue(bound.getMessage().startsWith("option slo: 'p99' is not a bound"), bound.getMessage());
    }

    @Test
    void aSweepBesideAJmhOptionIsNamed() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ClientOptions.parse("--rate-sweep", "50", "--forks", "2"));
        assertEquals("option forks: a JMH option, and --rate-sweep runs no JMH; drop one of the two", e.getMessage());
    }

    @Test
    void anExistingResultFileIsRefusedUnlessForced(@TempDir Path directory) throws IOException {
        Path result = Files.writeString(directory.resolve("hand-edited.json"), "[]");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ClientOptions.parse("-f", result.toString()));
        assertEquals("the result file " + result + " exists: give another -f, or --force to overwrite it",
                refused.getMessage());
        Path table = Files.writeString(directory.resolve("other.json.md"), "| kept |");
        IllegalArgumentException tableRefused = assertThrows(IllegalArgumentException.class,
                () -> ClientOptions.parse("-f", directory.resolve("other.json").toString()));
        assertTrue(tableRefused.getMessage().startsWith("the result file " + table + " exists"),
                tableRefused.getMessage());
        assertEquals(result, ClientOptions.parse("-f", result.toString(), "--force").resultFile());
    }

    @Test
    void aResultDirectoryThatCannotBeMadeIsNamedBeforeAnythingStarts(@TempDir Path directory) throws IOException {
        Path file = Files.writeString(directory.resolve("a-file"), "");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ClientOptions.parse("-f", file.resolve("sub/result.json").toString()));
        assertEquals("the result's directory " + file.resolve("sub") + " cannot be made: " + file
                + " is not a directory", refused.getMessage());
    }

    @Test
    void aHostWithAPortOrANameThatDoesNotResolveIsRefused() {
        assertEquals("option host: '127.0.0.1:31150' is not a host: give the port with -p",
                assertThrows(IllegalArgumentException.class, () -> ClientOptions.parse("--host", "127.0.0.1:31150"))
                        .getMessage());
        assertEquals("option host: 'no-such-host.invalid' does not resolve to an address",
                assertThrows(IllegalArgumentException.class,
                        () -> ClientOptions.parse("--host", "no-such-host.invalid")).getMessage());
        ClientOptions.parse("--host", "::1");
    }

    @Test
    void aClientCanBeGivenACostOfKnownSizeForTheGatesOwnTests() {
        assertNull(ClientOptions.parse().injectCost().cost());
        assertEquals("injected cost: every getUser also burns 3500 ns of CPU (--inject-cost, for testing the gate)",
                ClientOptions.parse("--inject-cost", "getUser:3500ns").injectCost().cost().describe());
        assertUsageError("option inject-cost: 'getUser:soon' is not <call>:<amount>", "--inject-cost", "getUser:soon");
    }

    @Test
    void aMissingValueIsAUsageError() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> ClientOptions.parse("--threads"));
        assertTrue(error.getMessage().contains("--threads"), error.getMessage());
    }
    @Test
    void consumersInLockstepNameTheirMeetingPlaceAndHowManyMeet(@TempDir Path meetings) {
        ClientOptions lockstep = ClientOptions.parse("--lockstep", meetings.toString(), "--lockstep-consumers", "3");
        assertEquals(meetings, lockstep.lockstepDirectory());
        assertEquals(3, lockstep.lockstepConsumers());
        assertTrue(lockstep.concurrentConsumer(), "consumers in lockstep run at once");
        assertNull(ClientOptions.parse().lockstepDirectory());

        assertEquals("option lockstep: --lockstep and --lockstep-consumers go together", assertThrows(
                IllegalArgumentException.class, () -> ClientOptions.parse("--lockstep", meetings.toString()))
                .getMessage());
        assertEquals("option lockstep-consumers: 1 consumers do not need to meet: give 2 or more", assertThrows(
                IllegalArgumentException.class, () -> ClientOptions.parse("--lockstep", meetings.toString(),
                        "--lockstep-consumers", "1")).getMessage());
        Path missing = meetings.resolve("missing");
        assertEquals("option lockstep: " + missing + " is not a writable directory", assertThrows(
                IllegalArgumentException.class, () -> ClientOptions.parse("--lockstep", missing.toString(),
                        "--lockstep-consumers", "2")).getMessage());
    }
}
