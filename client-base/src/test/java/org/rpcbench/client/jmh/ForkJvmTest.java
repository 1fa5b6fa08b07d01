package org.rpcbench.client.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.rpcbench.contract.JvmRole;
import org.rpcbench.contract.RegistryAddress;
import org.rpcbench.stack.Target;

class ForkJvmTest {

    @Test
    void forksAreToldTheTargetConnectionsAndLogFileWithTheForkRolesFlagsAndThatTheyAreForks() {
        List<String> args = ForkJvm.args(new Target("127.0.0.1", 9999, null, 10, 5000), Path.of("/tmp/run.log"));
        assertTrue(args.containsAll(JvmRole.FORK.jvmArgs()));
        assertTrue(args.contains("-Drpcbench.host=127.0.0.1"));
        assertTrue(args.contains("-Drpcbench.port=9999"));
        assertTrue(args.contains("-Drpcbench.connections=10"));
        assertTrue(args.contains("-Dorg.slf4j.simpleLogger.logFile=/tmp/run.log"));
        assertTrue(args.contains("-Drpcbench.fork=true"));
    }

    @Test
    void aForkReadsBackTheTargetItWasGiven() {
        Target target = new Target("10.0.0.2", 9090, new RegistryAddress("10.0.0.5", 2181), 4, 3000);
        target.systemProperties().forEach(System::setProperty);
        try {
            assertEquals(target, Target.fromSystemProperties());
        } finally {
            target.systemProperties().keySet().forEach(System::clearProperty);
        }
    }
}
