package org.rpcbench.runner;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

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
     * One pair's outcome. {@code status} is passed, failed, or not run; {@code serialization} is what the first
     * server's ready line named; {@code result} is the JMH JSON file's name in the run directory (the consumers'
     * merged result where there were several), null when the pair failed or ran a fault.
     */
    record Pair(String pair, String serialization, String status, String message, String result, String start,
            String end, Double seconds, String topology, FaultRecord fault, List<Provider> providers,
            List<Consumer> consumers) {

        static final String PASSED = "passed";
        static final String FAILED = "failed";
        static final String NOT_RUN = "not run";

        static Pair notRun(String pair) {
            return new Pair(pair, null, NOT_RUN, null, null, null, null, null, null, null, List.of(), List.of());
        }
    }

    /** A provider: its port, output file, ready and stop lines, and the benchmark calls it served (from the latter). */
    record Provider(int port, String output, String ready, String stopped, Long calls) {
    }

    /**
     * A consumer: its result file, output file, exit status (null when it had to be stopped) and, in a fault run,
     * what its availability load counted.
     */
    record Consumer(String result, String output, Integer exitCode, Availability availability) {
    }

    /** The signal sent to the first provider, how long after the consumers started, and when (epoch millis). */
    record FaultRecord(String signal, double afterSeconds, Long atEpochMillis) {
    }

    void write(Path runDirectory) throws IOException {
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValue(runDirectory.resolve(FILE_NAME).toFile(), this);
    }
}
