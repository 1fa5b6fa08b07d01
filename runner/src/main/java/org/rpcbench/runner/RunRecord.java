package org.rpcbench.runner;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * run.json: what was run, where, with which options, and how each pair ended. Written when the run starts and
 * again after every pair, so an interrupted run still says what it finished.
 */
record RunRecord(String runId, String length, String scenario, List<String> clientArgs, List<String> command,
        String start, String end, RunEnvironment environment, List<Pair> pairs) {

    static final String FILE_NAME = "run.json";

    /**
     * One pair's outcome. {@code status} is passed, failed, or not run; {@code serialization} is what the server's
     * ready line named; {@code result} is the JMH JSON file's name in the run directory, when the client wrote one.
     */
    record Pair(String pair, String serialization, String status, Integer exitCode, String message, String result,
            String start, String end, Double seconds, String serverReady, String serverStopped,
            Map<String, String> files) {

        static final String PASSED = "passed";
        static final String FAILED = "failed";
        static final String NOT_RUN = "not run";

        static Pair notRun(String pair) {
            return new Pair(pair, null, NOT_RUN, null, null, null, null, null, null, null, null, Map.of());
        }
    }

    void write(Path runDirectory) throws IOException {
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValue(runDirectory.resolve(FILE_NAME).toFile(), this);
    }
}
