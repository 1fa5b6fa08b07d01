package org.rpcbench.runner.pair;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The names a matrix run gives each process's files in its run directory. */
class RunDirectoryTest {

    @TempDir
    Path root;

    @Test
    void aRunDirectoryNamesEachProcesssFiles() {
        RunDirectory single = new RunDirectory(root, "dubbo-kryo", Topology.SINGLE, RunDirectory.JMH);
        assertEquals(root.resolve("dubbo-kryo-server.out"), single.serverOutput(0));
        assertEquals(root.resolve("dubbo-kryo.json"), single.clientResult(0));
        RunDirectory topology = new RunDirectory(root, "dubbo-kryo", new Topology(2, 2), RunDirectory.JMH);
        assertEquals(root.resolve("dubbo-kryo-server2.ready.json"), topology.serverReady(1));
        assertEquals(root.resolve("dubbo-kryo-consumer2.json"), topology.clientResult(1));
        assertEquals("dubbo-kryo.json", topology.name(topology.mergedResult()));
        RunDirectory fault = new RunDirectory(root, "dubbo-kryo", new Topology(2, 1), RunDirectory.AVAILABILITY);
        assertEquals(root.resolve("dubbo-kryo-availability.json"), fault.clientResult(0));
        assertEquals(root.resolve("dubbo-kryo-open-loop.json"),
                new RunDirectory(root, "dubbo-kryo", Topology.SINGLE, RunDirectory.OPEN_LOOP).clientResult(0));
        assertEquals(root.resolve("dubbo-kryo-open-loop2.json"),
                new RunDirectory(root, "dubbo-kryo", new Topology(1, 2), RunDirectory.OPEN_LOOP).clientResult(1));
    }
}
