package org.rpcbench.dubbo;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.api.RegisteredClasses;
import org.rpcbench.client.wire.WireCheck;
import org.rpcbench.stack.Target;
import org.rpcbench.stack.WireCheckException;

/**
 * A registered pair's client against a server in another JVM that numbers the registered classes differently: the
 * handshake must refuse to go on, naming the first class whose id differs, before one object crosses the wire.
 * Runs in each Dubbo pair's client module; only the registered pairs' ({@code rpcbench.expected.registered}).
 */
class RegistrationPairTest {

    private static final String SERIALIZATION = System.getProperty("rpcbench.expected.serialization");

    @Test
    void aServerNumberingTheClassesDifferentlyIsRefusedBeforeAnyCall(@TempDir Path dir) throws Exception {
        assumeTrue(Boolean.getBoolean("rpcbench.expected.registered"), "this pair registers no classes");
        int port = FreePorts.loopback();
        Path ready = dir.resolve("ready.json");
        Process server = misnumberedServer(port, ready, dir.resolve("server.out"));
        try {
            awaitReady(server, ready, dir.resolve("server.out"));
            try (DubboConnection client = DubboConnection.open(new Target("127.0.0.1", port))) {
                WireCheckException refused = assertThrows(WireCheckException.class, client::proveWire);
                String first = RegisteredClasses.ORDER.get(0).getName();
                int id = ClassRegistration.ids().get(first);
                // the extra class shifts every id after it (fst also numbers its array type)
                String message = refused.getMessage();
                assertTrue(message.contains("number the " + SERIALIZATION + " classes differently")
                        && message.contains(": " + first + " is id " + id + " here and ")
                        && !message.endsWith(" and " + id + " on the server"), message);
                assertThrows(IllegalStateException.class, () -> WireCheck.verify(client));
            }
        } finally {
            server.destroy();
            if (!server.waitFor(20, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    /** A server JVM with this one's classpath and --add-opens, the server's main behind {@code MisnumberedServer}. */
    private static Process misnumberedServer(int port, Path ready, Path output) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(argument -> argument.startsWith("--add-opens"))
                .forEach(command::add);
        // surefire runs tests from a manifest-only jar and names the real classpath in a property of its own
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        command.addAll(List.of("-cp", classpath, "org.rpcbench.dubbo.MisnumberedServer",
                SERIALIZATION, "--host", "127.0.0.1", "--port", String.valueOf(port),
                "--ready-file", ready.toString(), "--log", output.resolveSibling("server.log").toString()));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
    }

    private static void awaitReady(Process server, Path ready, Path output) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(ready)) {
            if (!server.isAlive() || System.nanoTime() > deadline) {
                throw new AssertionError("the misnumbered server did not get ready: " + Files.readString(output));
            }
            Thread.sleep(100);
        }
    }
}
