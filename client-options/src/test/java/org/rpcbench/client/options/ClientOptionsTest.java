package org.rpcbench.client.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What every load's command line shares: the result file, the server's address, the injected cost. */
class ClientOptionsTest {

    @Test
    void anExistingResultFileIsRefusedUnlessForced(@TempDir Path directory) throws IOException {
        Path result = Files.writeString(directory.resolve("hand-edited.json"), "[]");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ClientArgs.parse("-f", result.toString()));
        assertEquals("the result file " + result + " exists: give another -f, or --force to overwrite it",
                refused.getMessage());
        Path table = Files.writeString(directory.resolve("other.json.md"), "| kept |");
        IllegalArgumentException tableRefused = assertThrows(IllegalArgumentException.class,
                () -> ClientArgs.parse("-f", directory.resolve("other.json").toString()));
        assertTrue(tableRefused.getMessage().startsWith("the result file " + table + " exists"),
                tableRefused.getMessage());
        assertEquals(result, ClientArgs.parse("-f", result.toString(), "--force").resultFile());
    }

    @Test
    void aResultDirectoryThatCannotBeMadeIsNamedBeforeAnythingStarts(@TempDir Path directory) throws IOException {
        Path file = Files.writeString(directory.resolve("a-file"), "");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ClientArgs.parse("-f", file.resolve("sub/result.json").toString()));
        assertEquals("the result's directory " + file.resolve("sub") + " cannot be made: " + file
                + " is not a directory", refused.getMessage());
    }

    @Test
    void aHostWithAPortOrANameThatDoesNotResolveIsRefused() {
        assertEquals("option host: '127.0.0.1:31150' is not a host: give the port with -p",
                assertThrows(IllegalArgumentException.class, () -> ClientArgs.parse("--host", "127.0.0.1:31150"))
                        .getMessage());
        assertEquals("option host: 'no-such-host.invalid' does not resolve to an address",
                assertThrows(IllegalArgumentException.class,
                        () -> ClientArgs.parse("--host", "no-such-host.invalid")).getMessage());
        ClientArgs.parse("--host", "::1");
    }

    @Test
    void aClientCanBeGivenACostOfKnownSizeForTheGatesOwnTests() {
        assertNull(ClientArgs.parse().injectCost().cost());
        assertEquals("injected cost: every getUser also burns 3500 ns of CPU (--inject-cost, for testing the gate)",
                ClientArgs.parse("--inject-cost", "getUser:3500ns").injectCost().cost().describe());
        ClientArgs.assertUsageError("option inject-cost: 'getUser:soon' is not <call>:<amount>", "--inject-cost",
                "getUser:soon");
    }

    @Test
    void aMissingValueIsAUsageError() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> ClientArgs.parse("--threads"));
        assertTrue(error.getMessage().contains("--threads"), error.getMessage());
    }
}
