package org.rpcbench.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunFilesTest {

    @TempDir
    Path directory;

    @Test
    void twoRunsStartedInTheSameSecondGetTwoResultFiles() throws IOException {
        Path first = RunFiles.newResultFile(directory.resolve("results"), "dubbo-kryo-client", "json");
        Path second = RunFiles.newResultFile(directory.resolve("results"), "dubbo-kryo-client", "json");
        Path third = RunFiles.newResultFile(directory.resolve("results"), "dubbo-kryo-client", "json");

        assertTrue(first.getFileName().toString().matches("dubbo-kryo-client-\\d{8}T\\d{6}Z\\.json"), first.toString());
        assertNotEquals(first, second);
        assertNotEquals(second, third);
        if (second.getFileName().toString().startsWith(first.getFileName().toString().replace(".json", ""))) {
            // the same second: the next free name
            assertEquals(first.getFileName().toString().replace(".json", "-2.json"), second.getFileName().toString());
        }
        for (Path result : new Path[] {first, second, third}) {
            assertTrue(Files.isRegularFile(result.resolveSibling(result.getFileName() + ".log")),
                    "reserved by its log: " + result);
            assertFalse(Files.exists(result), "no result until the run writes it whole: " + result);
        }
    }
}
