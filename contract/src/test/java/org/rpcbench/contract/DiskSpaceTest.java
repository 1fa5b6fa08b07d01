package org.rpcbench.contract;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiskSpaceTest {

    @TempDir
    Path directory;

    @Test
    void aDiskWithRoomPassesAndOneWithoutIsNamed() {
        assertNull(DiskSpace.shortage(directory, 1));
        String shortage = DiskSpace.shortage(directory.resolve("not/made/yet"), Long.MAX_VALUE);
        assertTrue(shortage.startsWith("the disk holding " + directory.resolve("not/made/yet") + " ("), shortage);
        assertTrue(shortage.endsWith("MiB free; a run's files need " + (Long.MAX_VALUE >> 20)
                + " MiB: free some space or write elsewhere"), shortage);
    }
}
