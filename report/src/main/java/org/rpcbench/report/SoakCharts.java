package org.rpcbench.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.rpcbench.contract.JvmSample;
import org.rpcbench.contract.JvmSeries;
import org.rpcbench.contract.SoakReport;
import org.rpcbench.results.Run;

/**
 * A soak's series over time, read from the samples files its verdicts name (looked for in the run directory first,
 * so a moved run still draws): memory (live set and heap after GC), threads and open files, CPU, and the client's
 * calls per second. A JVM whose file is gone is left off.
 */
final class SoakCharts {

    private static final double MB = 1024 * 1024;
    private static final double MILLIS_PER_MINUTE = 60_000;

    private SoakCharts() {
    }

    private record Series(String jvm, List<JvmSample> samples) {
    }

    static List<String> charts(Run run, ReportTables.Soak soak) {
        SoakReport report = soak.report();
        List<Series> jvms = new ArrayList<>();
        for (SoakReport.JvmVerdict verdict : report.jvms()) {
            Path file = find(run, verdict.samplesFile());
            if (file != null) {
                jvms.add(new Series(verdict.jvm(), JvmSeries.read(file)));
            }
        }
        if (jvms.isEmpty()) {
            return List.of();
        }
        long start = report.startEpochMillis();
        String minutes = "minutes into the soak";
        List<Charts.XySeries> memory = new ArrayList<>();
        List<Charts.XySeries> handles = new ArrayList<>();
        List<Charts.XySeries> cpu = new ArrayList<>();
        List<Charts.XySeries> load = new ArrayList<>();
        for (int i = 0; i < jvms.size(); i++) {
            Series jvm = jvms.get(i);
            memory.add(line(jvm.jvm() + " live set", i, 0, jvm.samples(), start,
                    sample -> sample.liveSetBytes() < 0 ? null : sample.liveSetBytes() / MB));
            memory.add(line(jvm.jvm() + " heap after GC", i, 1, jvm.samples(), start,
                    sample -> sample.heapAfterGcBytes() < 0 ? null : sample.heapAfterGcBytes() / MB));
            handles.add(line(jvm.jvm() + " threads", i, 0, jvm.samples(), start, sample -> (double) sample.threads()));
            handles.add(line(jvm.jvm() + " open files", i, 1, jvm.samples(), start,
                    sample -> sample.openFiles() < 0 ? null : (double) sample.openFiles()));
            cpu.add(cpuLine(jvm, i, start));
            if (jvm.samples().stream().anyMatch(sample -> sample.load() != null)) {
                double half = report.sampleEveryMillis() / 2000.0;
                load.add(line(jvm.jvm() + " calls/s", i, 0, jvm.samples(), start, sample -> sample.load() == null
                        || sample.load().seconds() < half ? null : sample.load().callsPerSecond()));
            }
        }
        List<String> charts = new ArrayList<>();
        charts.add(Charts.xy(soak.pair() + ": memory", minutes, "MB", nonEmpty(memory)));
        charts.add(Charts.xy(soak.pair() + ": threads and open files", minutes, "count", nonEmpty(handles)));
        charts.add(Charts.xy(soak.pair() + ": CPU", minutes, "% of one core", nonEmpty(cpu)));
        if (!nonEmpty(load).isEmpty()) {
            charts.add(Charts.xy(soak.pair() + ": load", minutes, "calls/s", nonEmpty(load)));
        }
        return charts;
    }

    /** The file in the run directory by its name, else where the verdict says it is; null when neither exists. */
    private static Path find(Run run, String samplesFile) {
        Path named = Path.of(samplesFile);
        Path beside = Files.isDirectory(run.source()) ? run.source().resolve(named.getFileName().toString()) : null;
        if (beside != null && Files.isRegularFile(beside)) {
            return beside;
        }
        return Files.isRegularFile(named) ? named : null;
    }

    private static Charts.XySeries line(String label, int color, int dash, List<JvmSample> samples, long start,
            Function<JvmSample, Double> value) {
        List<double[]> points = new ArrayList<>();
        for (JvmSample sample : samples) {
            Double y = value.apply(sample);
            if (y != null) {
                points.add(new double[] {(sample.epochMillis() - start) / MILLIS_PER_MINUTE, y});
            }
        }
        return new Charts.XySeries(label, color, dash, points);
    }

    /** CPU between consecutive samples, in percent of one core. */
    private static Charts.XySeries cpuLine(Series jvm, int color, long start) {
        List<double[]> points = new ArrayList<>();
        List<JvmSample> samples = jvm.samples();
        for (int i = 1; i < samples.size(); i++) {
            long wallMillis = samples.get(i).epochMillis() - samples.get(i - 1).epochMillis();
            if (wallMillis > 0) {
                double cpuMillis = (samples.get(i).processCpuNanos() - samples.get(i - 1).processCpuNanos()) / 1e6;
                points.add(new double[] {(samples.get(i).epochMillis() - start) / MILLIS_PER_MINUTE,
                    100 * cpuMillis / wallMillis});
            }
        }
        return new Charts.XySeries(jvm.jvm() + " CPU", color, 0, points);
    }

    private static List<Charts.XySeries> nonEmpty(List<Charts.XySeries> series) {
        return series.stream().filter(line -> !line.points().isEmpty()).toList();
    }
}
