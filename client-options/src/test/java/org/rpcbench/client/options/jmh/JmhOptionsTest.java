package org.rpcbench.client.options.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.client.options.ClientArgs;
import org.rpcbench.client.options.ClientOptions;
import org.rpcbench.client.options.values.JmhTime;
import org.rpcbench.contract.LockstepAddress;
import org.rpcbench.stack.Target;

class JmhOptionsTest {

    @Test
    void defaultsAre30sWarmup30OneSecondIterationsThroughputAnd10SampleTime32ThreadsAndOneForkToJson() {
        ClientOptions options = ClientArgs.parse();
        assertEquals(new Target("127.0.0.1", 8080), options.target());
        assertEquals(32, options.jmh().runs().get(0).threads());
        assertEquals(1, options.jmh().forks());
        assertEquals(6, options.jmh().warmupIterations());
        assertEquals(JmhTime.seconds(5), options.jmh().warmupTime());
        assertEquals(30, options.jmh().measurementIterations());
        assertEquals(10, options.jmh().sampleIterations());
        assertEquals(JmhTime.seconds(1), options.jmh().measurementTime());
        assertEquals(List.of("thrpt", "sample"), options.jmh().modes());
        assertEquals(Map.of(30, List.of("thrpt"), 10, List.of("sample")), options.jmh().modesByIterations());
        assertEquals("json", options.jmh().resultFormat());
        assertNull(options.resultFile(), "a new file under results/ when the run starts");
    }

    @Test
    void theCommunitySuitesOptionNamesAreTakenAsTheyAre() {
        ClientOptions options = ClientArgs.parse("--warmupIterations", "1", "--warmupTime", "500ms",
                "--measurementIterations", "4", "--measurementTime", "10", "--forks", "2", "--threads", "8",
                "--resultFormat", "csv", "-f", "out/x.csv", "--host", "10.0.0.2", "--port", "9090");
        assertEquals(1, options.jmh().warmupIterations());
        assertEquals(new JmhTime(500, TimeUnit.MILLISECONDS), options.jmh().warmupTime());
        assertEquals(4, options.jmh().measurementIterations());
        assertEquals(4, options.jmh().sampleIterations(), "one count given, every mode's");
        assertEquals(Map.of(4, List.of("thrpt", "sample")), options.jmh().modesByIterations(),
                "the modes alike run in one JMH invocation");
        assertEquals(JmhTime.seconds(10), options.jmh().measurementTime());
        assertEquals(2, options.jmh().forks());
        assertEquals(8, options.jmh().runs().get(0).threads());
        assertEquals("csv", options.jmh().resultFormat());
        assertEquals(Path.of("out/x.csv"), options.resultFile());
        assertEquals(new Target("10.0.0.2", 9090), options.target());
    }

    @Test
    void upstreamRestoresTheLongRunsButExplicitOptionsWin() {
        ClientOptions options = ClientArgs.parse("--upstream", "--measurementIterations", "5");
        assertEquals(3, options.jmh().warmupIterations());
        assertEquals(JmhTime.seconds(10), options.jmh().warmupTime());
        assertEquals(5, options.jmh().measurementIterations());
        assertEquals(JmhTime.seconds(10), options.jmh().measurementTime());
        assertEquals(List.of(), options.jmh().modes(), "each benchmark's own three, as the community client runs");
        assertEquals(Map.of(5, List.of()), options.jmh().modesByIterations());
        assertEquals(3, ClientArgs.parse("--upstream").jmh().sampleIterations());
    }

    @Test
    void sampleModeTakesItsOwnIterationsWhenItRuns() {
        JmhSettings settings = ClientArgs.parse("--sampleIterations", "20", "--modes", "sample,thrpt,avgt").jmh();
        assertEquals(Map.of(20, List.of("sample"), 30, List.of("thrpt", "avgt")), settings.modesByIterations());
        assertEquals(List.of("sample", "thrpt", "avgt"), settings.modesByIterations().values().stream()
                .flatMap(List::stream).toList(), "in the order the modes were given");

        assertEquals("option sampleIterations: sample mode does not run: add it to --modes",
                assertThrows(IllegalArgumentException.class, () -> ClientArgs.parse("--sampleIterations", "5",
                        "--modes", "thrpt")).getMessage());
        assertEquals("option sampleIterations: with --upstream each benchmark runs its own three modes in one JMH"
                + " invocation, at --measurementIterations; name the modes (--modes)",
                assertThrows(IllegalArgumentException.class, () -> ClientArgs.parse("--upstream",
                        "--sampleIterations", "5")).getMessage());
        assertEquals("option sampleIterations: 0 is below 1", assertThrows(IllegalArgumentException.class,
                () -> ClientArgs.parse("--sampleIterations", "0")).getMessage());
    }

    @Test
    void consumersInLockstepNameTheirMeetingPointAndHowManyMeet(@TempDir Path run) {
        ClientOptions lockstep = ClientArgs.parse("--lockstep", "10.2.0.10:40123", "--lockstep-consumers", "3");
        assertEquals(new JmhSettings.Lockstep(3, new LockstepAddress("10.2.0.10", 40123), null, null),
                lockstep.jmh().lockstep());
        assertTrue(lockstep.concurrentConsumer(), "consumers in lockstep run at once");
        assertNull(ClientArgs.parse().jmh().lockstep());
        Path file = run.resolve("lockstep.json");
        assertEquals(new JmhSettings.Lockstep(2, null, "10.2.0.10", file), ClientArgs.parse("--lockstep-host",
                "10.2.0.10", "--lockstep-file", file.toString(), "--lockstep-consumers", "2").jmh().lockstep());

        assertEquals("option lockstep: --lockstep (or --lockstep-host) and --lockstep-consumers go together",
                assertThrows(IllegalArgumentException.class, () -> ClientArgs.parse("--lockstep", "10.2.0.10:1"))
                        .getMessage());
        assertEquals("option lockstep: give --lockstep (meet there) or --lockstep-host (host the meeting point),"
                + " not both", assertThrows(IllegalArgumentException.class, () -> ClientArgs.parse("--lockstep",
                        "10.2.0.10:1", "--lockstep-host", "10.2.0.10", "--lockstep-consumers", "2")).getMessage());
        assertEquals("option lockstep-host: --lockstep-host and --lockstep-file go together", assertThrows(
                IllegalArgumentException.class, () -> ClientArgs.parse("--lockstep-host", "10.2.0.10",
                        "--lockstep-consumers", "2")).getMessage());
        assertEquals("option lockstep-consumers: 1 consumers do not need to meet: give 2 or more", assertThrows(
                IllegalArgumentException.class, () -> ClientArgs.parse("--lockstep", "10.2.0.10:1",
                        "--lockstep-consumers", "1")).getMessage());
        assertEquals("option lockstep: '" + run + "' is not host:port", assertThrows(
                IllegalArgumentException.class, () -> ClientArgs.parse("--lockstep", run.toString(),
                        "--lockstep-consumers", "2")).getMessage());
    }
}
