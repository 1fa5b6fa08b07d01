package org.rpcbench.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

class PodLogTest {

    @Test
    void aFileWhoseFrameHasNotEndedIsNotAFileYet() {
        PodLog log = PodLog.parse("java started\nrpcbench-file-begin ready.json\neyJh\n");
        assertTrue(log.file("ready.json").isEmpty());
        assertEquals(List.of("java started"), log.console());
    }

    @Test
    void theFirstCopyOfAFileSentTwiceIsKept() {
        PodLog log = PodLog.parse("rpcbench-file-begin a\nMQ==\nrpcbench-file-end a\n"
                + "rpcbench-file-begin a\nMg==\nrpcbench-file-end a\n");
        assertEquals("1", new String(log.file("a").orElseThrow(), StandardCharsets.UTF_8));
    }

    @Test
    void theLastWordsAreTheLastErrorElseTheLastLine() {
        assertEquals("error: port 8080 is in use", PodLog.parse("starting\nerror: port 8080 is in use\nbye\n"
                + "rpcbench-exit 1\n").lastWords());
        assertEquals("bye", PodLog.parse("starting\nbye\nrpcbench-exit 1\n").lastWords());
        assertEquals("no output", PodLog.parse("").lastWords());
    }
}
