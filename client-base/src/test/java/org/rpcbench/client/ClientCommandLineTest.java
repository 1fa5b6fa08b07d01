package org.rpcbench.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rpcbench.contract.ExitCode;

/** The client's command line as a user meets it: its usage errors, its help and its dry runs. */
class ClientCommandLineTest {

    @ParameterizedTest
    @CsvSource({
        "--threads,abc,threads",
        "--threads,0,threads",
        "--warmupTime,soon,warmupTime",
        "--measurementTime,0,'0' is not a positive time",
        "--forks,-1,forks",
        "--resultFormat,xml,resultFormat",
        "--port,70000,port",
        "--bogus,1,bogus",
    })
    void aBadValueNamesItsOptionAndExitsWithUsageStatus(String option, String value, String named)
            throws IOException {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = BenchmarkClient.run(new String[] {option, value}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(ExitCode.USAGE, status);
        String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.startsWith("error: ") && message.contains(named), message);
    }

    @Test
    void helpListsTheOptions() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(ExitCode.OK, BenchmarkClient.run(new String[] {"--help"},
                new PrintStream(out, true, StandardCharsets.UTF_8), System.err));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("--measurementIterations"));
    }

    @Test
    void aDryRunPrintsTheRunsWithoutConnecting() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(ExitCode.OK, BenchmarkClient.run(
                new String[] {"--port", "1", "--threads", "1,8", "--dry-run"},
                new PrintStream(out, true, StandardCharsets.UTF_8), System.err));
        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(2, printed.lines().filter(line -> line.startsWith("would run: ")).count(), printed);
    }

    @Test
    void anOpenLoopDryRunSaysWhatItWouldRun() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(ExitCode.OK, BenchmarkClient.run(new String[] {"--rate", "2000", "--calls", "listUser",
            "--dry-run"}, new PrintStream(out, true, StandardCharsets.UTF_8), System.err));
        assertEquals("would run: open-loop load at 2,000 calls/s (fixed arrivals) from 32 threads, 10 s warmup at the"
                + " first rate (half at each later one) and 10 s measured per rate: listUser",
                out.toString(StandardCharsets.UTF_8).strip());
    }

    @Test
    void anAvailabilityDryRunSaysWhatItWouldRun() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(ExitCode.OK, BenchmarkClient.run(
                new String[] {"--port", "1", "--availability", "3", "--threads", "8", "--dry-run"},
                new PrintStream(out, true, StandardCharsets.UTF_8), System.err));
        assertEquals("would run: availability load for 3000 ms at 8 threads over the four UserService calls",
                out.toString(StandardCharsets.UTF_8).strip());
    }
}
