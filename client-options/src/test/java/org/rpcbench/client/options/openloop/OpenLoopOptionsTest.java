package org.rpcbench.client.options.openloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rpcbench.client.options.ClientArgs;
import org.rpcbench.client.options.ClientOptions;
import org.rpcbench.client.options.values.OpenLoopCall;
import org.rpcbench.contract.OpenLoopReport;

class OpenLoopOptionsTest {

    private static final List<OpenLoopCall> USER_CALLS = OpenLoopCall.USER_CALLS.stream().map(OpenLoopCall::of)
            .toList();

    @Test
    void theOpenLoopLoadTakesARateWithTimesArrivalsAndCalls() {
        OpenLoopSettings settings = ClientArgs.parse("--rate", "2500", "--threads", "64", "--warmup", "2",
                "--duration", "500ms", "--arrival", "poisson").openLoop();
        assertEquals(new OpenLoopSettings(2500.0, null, null, "poisson", Duration.ofSeconds(2),
                Duration.ofMillis(500), 64, 5000, USER_CALLS, OpenLoopReport.BLOCKING, 1000), settings);
        ClientOptions defaults = ClientArgs.parse("--rate", "100");
        assertEquals(new OpenLoopSettings(100.0, null, null, "fixed", Duration.ofSeconds(10),
                Duration.ofSeconds(10), 32, 5000, USER_CALLS, OpenLoopReport.BLOCKING, 1000), defaults.openLoop());
        OpenLoopSettings async = ClientArgs.parse("--rate", "100", "--sender", "async", "--max-in-flight", "64")
                .openLoop();
        assertTrue(async.asynchronous());
        assertEquals(64, async.maxInFlight());
        OpenLoopSettings sweep = ClientArgs.parse("--rate-sweep", "25,50,100", "--slo", "p99.9=2ms")
                .openLoop();
        assertEquals(List.of(25, 50, 100), sweep.sweepPercents());
        assertNull(sweep.rate());
        assertEquals(new OpenLoopReport.Slo(99.9, 2), sweep.slo());
        assertEquals(List.of("existUser", "createUser", "getUser", "listUser"),
                defaults.openLoop().calls().stream().map(OpenLoopCall::name).toList());
        assertEquals(List.of("getUser", "echo:1k"), ClientArgs.parse("--rate", "100", "--calls", "getUser,echo:1k")
                .openLoop().calls().stream().map(OpenLoopCall::name).toList());
        assertNull(ClientArgs.parse().openLoop());
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
        "--sender,futures,option sender: 'futures' is not blocking or async",
        "--max-in-flight,64,option max-in-flight: it bounds the asynchronous sender: give --sender async",
    })
    void theOpenLoopLoadRefusesBadValuesAndOtherLoads(String option, String value, String expected)
            throws IOException {
        ClientArgs.assertUsageError(expected, "--rate".equals(option) ? new String[] {option, value}
                : new String[] {"--rate", "100", option, value});
    }

    @Test
    void aSweepRefusesFallingStepsAndABadBound() {
        IllegalArgumentException falling = assertThrows(
                IllegalArgumentException.class, () -> ClientArgs.parse("--rate-sweep", "50,25"));
        assertTrue(falling.getMessage().startsWith("option rate-sweep: [50, 25] is not a rising list"),
                falling.getMessage());
        IllegalArgumentException bound = assertThrows(
                IllegalArgumentException.class, () -> ClientArgs.parse("--rate-sweep", "50", "--slo", "p99"));
        assertTrue(bound.getMessage().startsWith("option slo: 'p99' is not a bound"), bound.getMessage());
    }

    @Test
    void aSweepBesideAJmhOptionIsNamed() {
        ClientOptions.TwoLoadsException e = assertThrows(ClientOptions.TwoLoadsException.class,
                () -> ClientArgs.parse("--rate-sweep", "50", "--forks", "2"));
        assertEquals("option forks: a JMH option, and --rate-sweep runs no JMH; drop one of the two", e.getMessage());
        assertEquals(List.of(ClientOptions.LoadKind.JMH, ClientOptions.LoadKind.OPEN_LOOP), e.loads(),
                "which loads, for a caller to say how to run each");
    }
}
