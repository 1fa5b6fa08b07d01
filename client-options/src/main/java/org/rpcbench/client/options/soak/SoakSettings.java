package org.rpcbench.client.options.soak;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.rpcbench.client.options.values.OpenLoopCall;
import org.rpcbench.contract.SoakReport;

/**
 * A soak as its options give it.
 *
 * @param warmup left out of the verdict
 * @param every the sampling interval
 * @param liveSetEvery how often a sample measures the live set
 * @param jvmSamples this JVM's series, or null for the result file's name + {@code .jvm.jsonl}
 * @param serverSamples the servers' series to judge, written by their {@code --jvm-samples}: files here or the
 *     addresses the servers serve them at
 * @param payloads the string echoes' changing sizes, or null
 */
public record SoakSettings(Duration length, Duration warmup, Duration every, Duration liveSetEvery,
        List<OpenLoopCall> calls, int threads, Path jvmSamples, List<String> serverSamples, SoakReport.Limits limits,
        PayloadSizes payloads) {

    public Path jvmSamples(Path resultFile) {
        return jvmSamples != null ? jvmSamples
                : resultFile.resolveSibling(resultFile.getFileName() + ".jvm.jsonl");
    }
}
