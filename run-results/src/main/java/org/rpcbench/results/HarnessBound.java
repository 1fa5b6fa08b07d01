package org.rpcbench.results;

import java.nio.file.Path;
import java.util.List;

/** What run.json says of a pair's results that the harness bounds ({@link Measurement#harnessLoad()}). */
public final class HarnessBound {

    private HarnessBound() {
    }

    /**
     * "getUser (32 threads) thrpt: the client used 95% of its cores", one per such result of the JMH file; empty
     * when the file cannot be read (the report says why).
     */
    public static List<String> of(Path jmhJson, String pair) {
        try {
            return JmhJson.read(jmhJson, pair).stream().filter(m -> m.harnessLoad() != null)
                    .map(m -> BenchmarkKey.of(m, pair).call() + " " + m.mode() + ": " + m.harnessLoad().reason())
                    .toList();
        } catch (InputException e) {
            return List.of();
        }
    }
}
