package org.rpcbench.client.options.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rpcbench.client.options.ClientArgs;
import org.rpcbench.client.options.values.OpenLoopCall;
import org.rpcbench.contract.SoakReport;

class SoakOptionsTest {

    @Test
    void aSoakRunsTheSeedsStabilityCallsAtTwentyThreadsWithTheSeedsLimits() {
        SoakSettings soak = ClientArgs.parse("--soak", "10m").soak();
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

        SoakSettings shortSoak = ClientArgs.parse("--soak", "1m", "--threads", "8", "--soak-calls",
                "getUser,echo:1k", "--max-live-set-growth", "10", "--max-fall", "5", "--sample-every", "1s")
                .soak();
        assertEquals(Duration.ofSeconds(20), shortSoak.warmup(), "a tenth, but at least 20 s");
        assertEquals(Duration.ofSeconds(6), shortSoak.liveSetEvery());
        assertEquals(8, shortSoak.threads());
        assertEquals(10, shortSoak.limits().liveSetMbPerHour());
        assertEquals(5, shortSoak.limits().fallPercent());
        assertEquals(Duration.ofSeconds(1), shortSoak.every());
        assertEquals(List.of("http://10.0.0.2:40123/run/server.jvm.jsonl"), ClientArgs.parse("--soak", "1m",
                "--server-samples", "http://10.0.0.2:40123/run/server.jvm.jsonl").soak().serverSamples(),
                "a server's address is taken as it is: the server is asked at the soak's end");
        assertNull(ClientArgs.parse().soak());
        assertNull(soak.payloads());
        assertEquals(Duration.ofSeconds(6), ClientArgs.parse("--soak", "1m", "--payload-schedule",
                "random:20b-200k:10m").soak().payloads().every());
        IllegalArgumentException noString = assertThrows(IllegalArgumentException.class, () -> ClientArgs.parse(
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
        ClientArgs.assertUsageError(expected, "--soak".equals(option) ? new String[] {option, value}
                : new String[] {"--soak", "1m", option, value});
    }
}
