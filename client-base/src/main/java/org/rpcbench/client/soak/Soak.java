package org.rpcbench.client.soak;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.rpcbench.api.EchoService;
import org.rpcbench.api.UserService;
import org.rpcbench.client.options.soak.SoakSettings;
import org.rpcbench.client.options.values.OpenLoopCall;
import org.rpcbench.client.server.ServerWatch;
import org.rpcbench.contract.JvmSample;
import org.rpcbench.contract.JvmSeries;
import org.rpcbench.contract.JvmSeriesFeed;
import org.rpcbench.contract.SoakReport;
import org.rpcbench.soak.JvmSampler;

/**
 * A soak: the load for its length with this JVM sampled beside it, then the verdict on this JVM's series and on
 * each server's. Samples are flushed as taken, so a soak cut short keeps its series; an interrupted soak is judged on
 * what it saw.
 */
final class Soak {

    private final SoakSettings settings;
    private final PayloadSchedule payloads;
    private final SoakLoop load;
    private final long callTimeoutMillis;

    Soak(SoakSettings settings, UserService users, EchoService echo, ServerWatch server, long callTimeoutMillis) {
        this.settings = settings;
        this.payloads = settings.payloads() == null ? null : new PayloadSchedule(settings.payloads());
        this.load = new SoakLoop(settings.calls(), payloads, settings.threads(), users, echo, server);
        this.callTimeoutMillis = callTimeoutMillis;
    }

    /** Ends the soak early: it is judged on what it saw, and says so. */
    void stop() {
        load.stop();
    }

    /** Runs the load for the soak's length, sampling this JVM into {@code samples}, and judges every series. */
    SoakReport run(Path samples) throws InterruptedException {
        long start = System.currentTimeMillis();
        boolean stopped;
        try (JvmSampler sampler = JvmSampler.start(samples, settings.every(), load::interval,
                settings.liveSetEvery())) {
            stopped = load.run(settings.length(), callTimeoutMillis);
        }
        long end = System.currentTimeMillis();
        SoakJudge judge = new SoakJudge(settings.limits(), start + settings.warmup().toMillis(), end,
                settings.every());
        List<JvmSample> own = JvmSeries.read(samples);
        List<SoakReport.JvmVerdict> verdicts = new ArrayList<>();
        List<SoakReport.Check> clientChecks = new ArrayList<>(judge.loadChecks(own, load.errors(),
                settings.payloads() != null));
        clientChecks.addAll(judge.jvmChecks(own));
        verdicts.add(new SoakReport.JvmVerdict("client", samples.toString(),
                judge.window(own).size(), clientChecks));
        List<String> broken = new ArrayList<>();
        List<String> servers = settings.serverSamples();
        for (int i = 0; i < servers.size(); i++) {
            String server = servers.size() == 1 ? "server" : "server " + (i + 1);
            List<JvmSample> series;
            try {
                series = JvmSeriesFeed.read(servers.get(i));
            } catch (UncheckedIOException e) {
                // served by a server that is gone by now: the rest is still judged
                broken.add(server + " not judged: " + e.getMessage());
                continue;
            }
            verdicts.add(new SoakReport.JvmVerdict(server, JvmSeriesFeed.fileOf(servers.get(i)),
                    judge.window(series).size(), judge.jvmChecks(series)));
        }
        if (load.serverGone() != null) {
            broken.add(load.serverGone() + "; the soak stopped calling it");
        }
        if (!stopped) {
            broken.add("threads were still in a call well past the call timeout after the soak");
        }
        for (SoakReport.JvmVerdict verdict : verdicts) {
            for (SoakReport.Check check : verdict.checks()) {
                if (!check.passed()) {
                    broken.add(verdict.jvm() + " " + check.criterion() + " " + check.measuredText() + " beyond "
                            + check.describeLimit());
                }
            }
        }
        String problem = broken.isEmpty() ? null : String.join("; ", broken);
        return new SoakReport(start, end, settings.length().toMillis(), settings.warmup().toMillis(),
                settings.every().toMillis(), settings.threads(),
                settings.calls().stream().map(OpenLoopCall::name).toList(), settings.limits(), load.answered(),
                load.errors(), load.firstError(), payloads == null ? null : payloads.record(),
                verdicts, load.stopRequested(), problem);
    }
}
