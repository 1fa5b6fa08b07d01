package org.rpcbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HarnessBoundTest {

    /** A getUser throughput result of the given call with these loads (percent of cores). */
    private static String result(String call, double client, double server, double machine) {
        return String.format(Locale.ROOT, "{\"benchmark\": \"org.rpcbench.client.UserServiceBenchmark.%s\", \"mode\":"
                + " \"thrpt\", \"threads\": 32, \"primaryMetric\": {\"score\": 9000, \"scoreError\": 100,"
                + " \"scoreUnit\": \"ops/s\"}, \"secondaryMetrics\": {\"cost.client.load\": {\"score\": %f,"
                + " \"scoreUnit\": \"%%\"}, \"cost.server.load\": {\"score\": %f, \"scoreUnit\": \"%%\"},"
                + " \"cost.machine.load\": {\"score\": %f, \"scoreUnit\": \"%%\"}}}", call, client, server, machine);
    }

    @Test
    void aResultWhoseClientFilledItsCoresOrTheSharedMachineIsNamedWithWhy(@TempDir Path directory)
            throws IOException {
        Path file = directory.resolve("dubbo-kryo.json");
        Files.writeString(file, "[" + String.join(", ", result("getUser", 95, 4, 99), result("existUser", 55, 35, 90),
                result("listUser", 30, 55, 85), result("createUser", 40, 30, 70)) + "]", StandardCharsets.UTF_8);

        assertEquals(List.of("getUser (32 threads) thrpt: the client used 95% of its cores",
                "existUser (32 threads) thrpt: client and server used 90% of the cores they share, the client 55%,"
                        + " the server 35%"),
                HarnessBound.of(file, "dubbo-kryo"), "listUser's server is the busier; createUser's machine has room");
    }

    @Test
    void severalConsumersOnTheServersMachineAreJudgedTogether(@TempDir Path directory) throws IOException {
        // a merge carries the busiest consumer's load (40%), lighter than the server alone, but the two
        // consumers together took the machine's 95% less the server's 45%
        String merged = result("getUser", 40, 45, 95).replace("\"threads\": 32,",
                "\"threads\": 32, \"params\": {\"providers\": \"1\", \"consumers\": \"2\"},");
        Path file = directory.resolve("dubbo-kryo.json");
        Files.writeString(file, "[" + merged + "]", StandardCharsets.UTF_8);

        assertEquals(List.of("getUser (consumers=2, providers=1, 32 threads) thrpt: client and server used 95% of"
                + " the cores they share, the client 50%, the server 45%"), HarnessBound.of(file, "dubbo-kryo"));
    }

    @Test
    void anUnreadableResultSaysNothing(@TempDir Path directory) {
        assertEquals(List.of(), HarnessBound.of(directory.resolve("missing.json"), "dubbo-kryo"));
    }
}
