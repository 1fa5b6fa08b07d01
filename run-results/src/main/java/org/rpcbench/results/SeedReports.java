package org.rpcbench.results;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The seed reports' published rows (../shared/seeds), by the preset that reproduces their scenes. */
final class SeedReports {

    private static final String NOT_IN_DUBBO3 = "not in Dubbo 3: ";
    static final Map<String, SeedFigures> BY_PRESET = Map.of(
            "dubbo2-report", dubbo2Report(),
            "dubbox", dubbox(),
            "motan", motan(),
            "server-limit", serverLimit());

    private SeedReports() {
    }

    /**
     * Seeds 000/003, Dubbo 2.0's report: each protocol 10 minutes a scene at 10 threads, 2 hosts; the averages
     * of the 50k and 200k scenes are in 000 only.
     */
    private static SeedFigures dubbo2Report() {
        List<String> payloads = List.of("person", "1k", "50k", "200k");
        return new SeedFigures("seeds 000/003, Dubbo 2.0's report (JDK 6, 2 hosts, 10 minutes a scene)", List.of(
                row("dubbo1 (hessian2 serialization + mina)", List.of(),
                        NOT_IN_DUBBO3 + "Dubbo 1 and the mina transporter have no Dubbo 3 artifacts", payloads, 10,
                        new double[] {10813.5, 11940, 1962.7, 324.2}, new double[] {0.9, 0.8, 5.1, 30.8}),
                row("dubbo2 (hessian2 serialization + netty)", List.of("dubbo-hessianlite"), null, payloads, 10,
                        new double[] {11994, 14402, 1293, 362.92}, new double[] {0.79, 0.64, 5.03, 27.49}),
                row("dubbo2 (dubbo serialization + netty)", List.of(),
                        NOT_IN_DUBBO3 + "Dubbo's own 'dubbo' serialization is in no 3.x release or extension",
                        payloads, 10,
                        new double[] {13620, 15096, 1966, 569.5}, new double[] {0.67, 0.6, 7.68, 17.51}),
                row("rmi", List.of("rmi-java"), null, payloads, 10,
                        new double[] {2461.79, 11136.02, 3349.88, 1031.28}, new double[] {4, 0.81, 2.9, 9.61}),
                // Dubbo 2's hessian protocol is published for 2.7 only: the pair runs the Caucho Hessian it used
                row("hessian", List.of("hessian-http"), null, payloads, 10,
                        new double[] {2417.7, 11426.83, 1925.33, 628.06}, new double[] {4.1, 0.79, 5.13, 15.83}),
                row("http (json serialization)", List.of("rest-json"), null, payloads, 10,
                        new double[] {8179.08, 8919.27, 3247.1, 1011.97}, new double[] {1.15, 1.04, 3, 9.79})));
    }

    /**
     * Seed 001, dubbox 2.8.4: average response times of one thread calling for 60 s, consumer, provider and
     * ZooKeeper on one PC; its JDK 1.7 figures (it also gives JDK 1.6's, and no figure for its 10-thread runs).
     */
    private static SeedFigures dubbox() {
        List<String> payloads = List.of("bid", "bid100", "1k", "100k", "1m");
        String mina = NOT_IN_DUBBO3 + "the mina transporter is published for Dubbo 2.7 only";
        return new SeedFigures("seed 001, dubbox 2.8.4 (JDK 1.7, one PC, one thread, 60 s a scene)", List.of(
                row("A: dubbo, netty, hessian2", List.of("dubbo-hessianlite"), null, payloads,
                        0.195, 1.207, 0.203, 4.901, 47.691),
                row("B: dubbo, netty, dubbo", List.of(),
                        NOT_IN_DUBBO3 + "Dubbo's own 'dubbo' serialization is in no 3.x release or extension",
                        payloads, 0.203, 2.47, 0.193, 3.917, 36.186),
                row("C: dubbo, netty, java", List.of("dubbo-java"), null, payloads,
                        0.375, 1.839, 0.237, 5.691, 54.462),
                row("D: dubbo, netty, fst", List.of("dubbo-fst", "dubbo-fst-registered"), null, payloads,
                        0.187, 0.429, 0.281, 2.861, 30.599),
                row("E: dubbo, netty, kryo", List.of("dubbo-kryo", "dubbo-kryo-registered"), null, payloads,
                        2.767, 2.869, 2.636, 5.804, 33.501),
                row("F: dubbo, mina, hessian2", List.of(), mina, payloads,
                        0.213, 6004.22, 6003.739, 6013.998, 3779.117),
                row("G: rmi, netty, java", List.of("rmi-java"), null, payloads, 0.203, 1.515, 0.138, 3.609, 35.188),
                // RMI marshals with Java serialization whatever Dubbo's serialization says, as G's and H's figures
                // show: one pair stands for both
                row("H: rmi, netty, hessian2", List.of("rmi-java"), null, payloads,
                        0.213, 1.511, 0.139, 3.589, 36.322),
                row("I: hessian, servlet, hessian2", List.of("hessian-http"), null, payloads,
                        0.482, 3.201, 0.413, 6.893, 59.805),
                // Dubbo 2's webservice protocol was Apache CXF (its simple frontend) serving SOAP 1.1: the soap
                // stack is CXF 4's JAX-WS frontend, the same libraries behind the seam
                row("J: webservice, servlet, SOAP", List.of("soap-cxf"), null, payloads,
                        0.598, 0.731, 11.603, 71.991, 81.596),
                row("K: http, servlet, json", List.of("rest-json"), null, payloads,
                        0.586, 2.179, 0.722, 6.982, 59.848)));
    }

    /**
     * Seed 004's one published client table: TPS and average response time per payload and concurrency, 10
     * connections, 2 hosts. Its text does not say which of its three frameworks (jksoa, dubbo, motan) it is.
     */
    private static SeedFigures motan() {
        List<String> payloads = List.of("empty", "person", "1k", "5k", "10k", "20k", "30k", "50k");
        int[] threads = {1, 10, 20, 50};
        double[][] tps = {
                {5601, 3556, 2657, 1100, 949, 600, 512, 253},
                {39181, 27314, 19968, 11236, 5875, 4493, 3387, 1499},
                {69061, 47226, 34754, 18883, 9032, 5471, 3724, 1973},
                {69474, 64022, 58937, 20703, 10761, 5614, 3782, 2285}};
        double[][] averageMillis = {
                {0.178, 0.281, 0.376, 0.908, 1.052, 1.664, 1.95, 3.939},
                {0.255, 0.365, 0.5, 0.889, 1.701, 2.224, 2.951, 6.668},
                {0.289, 0.423, 0.575, 1.058, 2.214, 3.654, 5.368, 10.133},
                {0.719, 0.78, 0.848, 2.414, 4.645, 8.904, 13.214, 21.869}};
        Map<String, SeedFigures.Figure> figures = new HashMap<>();
        for (int level = 0; level < threads.length; level++) {
            for (int payload = 0; payload < payloads.size(); payload++) {
                figures.put(SeedFigures.key(payloads.get(payload), threads[level]),
                        new SeedFigures.Figure(tps[level][payload], averageMillis[level][payload]));
            }
        }
        return new SeedFigures("seed 004, the motan benchmark (JDK 8, 2 hosts, 10 connections)", List.of(
                new SeedFigures.Row("its client table (which of jksoa, dubbo and motan it measured, the text does not"
                        + " say)", List.of(), null, Map.copyOf(figures))));
    }

    /**
     * Seed 004's server test: several clients at once, 50 connections and 100 concurrent calls, until the one
     * server's TPS stops rising; it gives the limit's TPS alone, no response time, and again not which framework.
     */
    private static SeedFigures serverLimit() {
        List<String> payloads = List.of("empty", "1k", "5k");
        double[] tps = {180_000, 84_000, 20_000};
        Map<String, SeedFigures.Figure> figures = new HashMap<>();
        for (int payload = 0; payload < payloads.size(); payload++) {
            figures.put(SeedFigures.key(payloads.get(payload), 100), new SeedFigures.Figure(tps[payload], null));
        }
        return new SeedFigures("seed 004, the motan benchmark's server limit (JDK 8, 2 hosts, several clients, 50"
                + " connections, 100 concurrent calls)", List.of(new SeedFigures.Row("its server's limit (which of"
                + " jksoa, dubbo and motan it measured, the text does not say)", List.of(), null,
                Map.copyOf(figures))));
    }

    /** A row with TPS and averages per payload at one thread count. */
    private static SeedFigures.Row row(String name, List<String> pairs, String absent, List<String> payloads,
                                       int threads, double[] tps, double[] averageMillis) {
        Map<String, SeedFigures.Figure> figures = new HashMap<>();
        for (int i = 0; i < payloads.size(); i++) {
            figures.put(SeedFigures.key(payloads.get(i), threads), new SeedFigures.Figure(tps[i], averageMillis[i]));
        }
        return new SeedFigures.Row(name, pairs, absent, Map.copyOf(figures));
    }

    /** A row with averages only, per payload at one thread. */
    private static SeedFigures.Row row(String name, List<String> pairs, String absent, List<String> payloads,
                                       double... averageMillis) {
        Map<String, SeedFigures.Figure> figures = new HashMap<>();
        for (int i = 0; i < payloads.size(); i++) {
            figures.put(SeedFigures.key(payloads.get(i), 1), new SeedFigures.Figure(null, averageMillis[i]));
        }
        return new SeedFigures.Row(name, pairs, absent, Map.copyOf(figures));
    }
}
