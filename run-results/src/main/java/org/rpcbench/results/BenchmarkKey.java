package org.rpcbench.results;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;

/**
 * What one result measured: a pair's benchmark method in one mode, at its threads and parameters. A result of one
 * run is matched to the same key in another.
 */
public record BenchmarkKey(String pair, String benchmark, String mode, int threads,
        SortedMap<String, String> params) {

    public static BenchmarkKey of(Measurement measurement, String pair) {
        return new BenchmarkKey(pair, measurement.benchmark(), measurement.mode(), measurement.threads(),
                measurement.params());
    }

    /** "getUser (32 threads)", "echo (payload=1k, 8 threads)". */
    public String call() {
        List<String> settings = new ArrayList<>();
        params.forEach((param, value) -> settings.add(param + "=" + value));
        settings.add(Format.threads(threads));
        return method(benchmark) + " (" + String.join(", ", settings) + ")";
    }

    /** The method of a benchmark's full name: "getUser". */
    public static String method(String benchmark) {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }

    /** The class of a benchmark's full name, without its package: "UserServiceBenchmark". */
    public static String shortClass(String benchmark) {
        int method = benchmark.lastIndexOf('.');
        return method < 0 ? "" : benchmark.substring(benchmark.lastIndexOf('.', method - 1) + 1, method);
    }
}
