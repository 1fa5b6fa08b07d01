package org.rpcbench.client.options.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.rpcbench.client.options.ClientArgs;
import org.rpcbench.client.options.ClientOptions;
import org.rpcbench.stack.StreamDirection;

class ScenarioOptionsTest {

    @Test
    void byDefaultTheFourUserCallsRunOnceAt32ThreadsOnOneSharedConnection() {
        ClientOptions options = ClientArgs.parse();
        assertEquals(List.of(new JmhRun(Set.of(Scenario.USER), List.of("1k"), 32)), options.jmh().runs());
        assertEquals(0, options.connections());
        assertEquals(List.of("thrpt", "sample"), options.jmh().modes());
    }

    @Test
    void aThreadListRunsEachLevelInTurn() {
        ClientOptions options = ClientArgs.parse("--scenario", "echo,cpu", "--payload", "1k,50k,person",
                "--threads", "1,10,20", "--connections", "4", "--modes", "thrpt,sample");
        assertEquals(List.of(1, 10, 20), options.jmh().runs().stream().map(JmhRun::threads).toList());
        JmhRun first = options.jmh().runs().get(0);
        assertEquals(Set.of(Scenario.ECHO, Scenario.CPU), first.scenarios());
        assertEquals(List.of("1k", "50k", "person"), first.payloads());
        assertEquals(4, options.connections());
        assertEquals(List.of("thrpt", "sample"), options.jmh().modes());
    }

    @Test
    void theStreamScenarioRunsInAnInvocationOfItsOwnWithItsMessagesPerStream() {
        Set<StreamDirection> server = Set.of(StreamDirection.SERVER);
        ClientOptions options = ClientArgs.parse("--scenario", "user,stream", "--payload", "1k,person",
                "--threads", "1,8", "--stream-messages", "20");
        assertEquals(List.of(
                new JmhRun(Set.of(Scenario.USER), List.of("1k", "person"), 1),
                new JmhRun(Set.of(Scenario.STREAM), List.of("1k", "person"), 1, 20, server),
                new JmhRun(Set.of(Scenario.USER), List.of("1k", "person"), 8),
                new JmhRun(Set.of(Scenario.STREAM), List.of("1k", "person"), 8, 20, server)), options.jmh().runs());
        assertEquals("stream 1k,person x 20 messages per stream, server direction at 8 threads",
                options.jmh().runs().get(3).toString());
        assertEquals(List.of(new JmhRun(Set.of(Scenario.STREAM), List.of("1k"), 32, 100, server)),
                ClientArgs.parse("--scenario", "stream").jmh().runs());
        assertEquals(List.of(new JmhRun(Set.of(Scenario.STREAM), List.of("1k"), 32, 100, server)),
                ClientArgs.parse("--scenario", "user,stream", "--benchmarks", "serverStream").jmh().runs());
        assertMessage("option stream-messages: only the stream scenario streams", "--stream-messages", "5");
        assertMessage("option stream-messages: 0 is below 1", "--scenario", "stream", "--stream-messages", "0");
        assertMessage("stream-messages", "--preset", "motan", "--stream-messages", "5");
    }

    @Test
    void theStreamDirectionsPickTheStreamScenariosBenchmarks() {
        JmhRun run = ClientArgs.parse("--scenario", "stream", "--stream-direction", "bidi,client").jmh().runs().get(0);
        assertEquals(Set.of(StreamDirection.CLIENT, StreamDirection.BIDI), run.streamDirections());
        assertEquals(List.of("bidiStream", "clientStream"), run.selected(Scenario.STREAM, Set.of()));
        assertEquals(List.of("clientStream"), run.selected(Scenario.STREAM, Set.of("clientStream")));
        assertEquals("stream 1k x 100 messages per stream, client,bidi directions at 32 threads", run.toString());
        assertMessage("option stream-direction: unknown direction 'up'; directions: server, client, bidi",
                "--scenario", "stream", "--stream-direction", "up");
        assertMessage("option stream-direction: only the stream scenario streams", "--stream-direction", "bidi");
        assertMessage("option benchmarks: clientStream streams in the client direction; add --stream-direction"
                + " client", "--scenario", "stream", "--benchmarks", "clientStream");
        assertMessage("stream-direction", "--preset", "motan", "--stream-direction", "bidi");
    }

    @Test
    void presetsReproduceTheSeedTables() {
        ClientOptions dubbo2 = ClientArgs.parse("--preset", "dubbo2-report");
        assertEquals(List.of(
                new JmhRun(Set.of(Scenario.ECHO), List.of("1k", "50k", "200k", "person"), 10),
                new JmhRun(Set.of(Scenario.CPU), List.of(), 20)), dubbo2.jmh().runs());
        assertEquals(List.of("thrpt", "sample"), dubbo2.jmh().modes());

        ClientOptions motan = ClientArgs.parse("--preset", "motan");
        assertEquals(List.of(1, 10, 20, 50), motan.jmh().runs().stream().map(JmhRun::threads).toList());
        assertEquals(10, motan.connections());
        assertEquals(List.of("empty", "person", "1k", "5k", "10k", "20k", "30k", "50k"),
                motan.jmh().runs().get(0).payloads());

        ClientOptions dubbox = ClientArgs.parse("--preset", "dubbox");
        assertEquals(List.of("bid", "bid100", "1k", "100k", "1m"), dubbox.jmh().runs().get(1).payloads());
        assertEquals(10, dubbox.jmh().runs().get(1).threads());

        ClientOptions serverLimit = ClientArgs.parse("--preset", "server-limit");
        assertEquals(List.of(new JmhRun(Set.of(Scenario.ECHO), List.of("empty", "1k", "5k"), 100)),
                serverLimit.jmh().runs());
        assertEquals(50, serverLimit.connections());
        assertEquals(2, Preset.SERVER_LIMIT.clients(), "seed 004 ran several clients at once");
        assertEquals(1, Preset.MOTAN.clients());
    }

    @Test
    void benchmarksNarrowTheScenariosToTheMethodsNamedEachMatchedWhole() {
        assertEquals(List.of("createUser", "existUser", "getUser", "listUser"), Scenario.USER.benchmarks());
        ClientOptions options = ClientArgs.parse("--scenario", "user,echo", "--benchmarks", "getUser,echo");
        assertEquals(Set.of("getUser", "echo"), options.jmh().benchmarks());
        assertEquals(List.of("getUser"), Scenario.USER.selected(options.jmh().benchmarks()));
        assertEquals(List.of("echo"), Scenario.ECHO.selected(options.jmh().benchmarks()));
        assertEquals(List.of(), Scenario.CPU.selected(options.jmh().benchmarks()));
        assertEquals(Scenario.USER.benchmarks(), Scenario.USER.selected(ClientArgs.parse().jmh().benchmarks()));

        String pattern = Scenario.USER.includePattern(List.of("getUser"));
        assertTrue("org.rpcbench.client.UserServiceBenchmark.getUser".matches(pattern), pattern);
        assertTrue(!"org.rpcbench.client.UserServiceBenchmark.getUsers".matches(pattern), pattern);
    }

    @Test
    void badScenarioPayloadPresetOrModeNamesTheOption() {
        assertMessage("option benchmarks: 'echo' is not a benchmark of user; benchmarks: createUser, existUser,"
                + " getUser, listUser", "--benchmarks", "getUser,echo");
        assertMessage("benchmarks", "--preset", "motan", "--benchmarks", "echo");
        assertMessage("option scenario: unknown scenario 'grpc'", "--scenario", "grpc");
        assertMessage("option scenario: unknown scenario 'nope'", "--scenario", "nope", "--payload", "2k");
        assertMessage("option payload: unknown payload '2k'", "--scenario", "echo", "--payload", "2k");
        assertMessage("preset", "--preset", "netty");
        assertMessage("modes", "--modes", "ss");
        assertMessage("threads", "--preset", "motan", "--threads", "5");
        assertMessage("threads", "--threads", "1,0");
    }

    private static void assertMessage(String expected, String... args) {
        IllegalArgumentException error =
                assertThrows(IllegalArgumentException.class, () -> ClientArgs.parse(args));
        assertTrue(error.getMessage().contains(expected), error.getMessage());
    }
}
