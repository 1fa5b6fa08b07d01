package org.rpcbench.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.rpcbench.dubbo.Endpoint;

class ForkJvmTest {

    @Test
    void forksGetTheBuildsOpensForKryoAndFst() {
        List<String> opens = ForkJvm.addOpens();
        assertEquals(List.of(
                "--add-opens=java.base/java.lang=ALL-UNNAMED",
                "--add-opens=java.base/java.util=ALL-UNNAMED",
                "--add-opens=java.base/java.math=ALL-UNNAMED",
                "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
                "--add-opens=java.base/java.net=ALL-UNNAMED",
                "--add-opens=java.base/java.text=ALL-UNNAMED",
                "--add-opens=java.base/java.time=ALL-UNNAMED",
                "--add-opens=java.sql/java.sql=ALL-UNNAMED"), opens);
    }

    @Test
    void forksAreToldTheEndpointConnectionsAndLogFile() {
        List<String> args = ForkJvm.args(new Endpoint("127.0.0.1", 9999), 10, Path.of("/tmp/run.log"));
        assertTrue(args.containsAll(ForkJvm.addOpens()));
        assertTrue(args.contains("-Drpcbench.host=127.0.0.1"));
        assertTrue(args.contains("-Drpcbench.port=9999"));
        assertTrue(args.contains("-Drpcbench.connections=10"));
        assertTrue(args.contains("-Dorg.slf4j.simpleLogger.logFile=/tmp/run.log"));
    }
}
