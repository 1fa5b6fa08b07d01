package org.rpcbench.runner.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class JvmOptionsTest {

    @Test
    void theOptionsAsGivenArePassedOnAndACandidatesGoOnTopOfThem() {
        JvmOptions both = new JvmOptions();
        both.serverJvmArgs = "-XX:+UseZGC";
        both.clientJava = Path.of("/jdk/17");

        JvmOptions candidate = both.withCandidates(Path.of("/jdk/25"), null, "-Xmx2g", "-XX:+UseParallelGC");

        assertEquals(List.of("--server-jvm-args", "-XX:+UseZGC", "--client-java", "/jdk/17"), both.args());
        assertEquals(List.of("--server-jvm-args", "-XX:+UseZGC -Xmx2g", "--client-jvm-args", "-XX:+UseParallelGC",
                "--server-java", "/jdk/25", "--client-java", "/jdk/17"), candidate.args(),
                "the candidate's JDK replaces both sides', its flags follow theirs so that they win");
        assertEquals(List.of(), new JvmOptions().args(), "none given: the suite's own");
    }
}
