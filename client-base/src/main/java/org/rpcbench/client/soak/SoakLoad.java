package org.rpcbench.client.soak;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.stream.Collectors;

import org.rpcbench.client.load.Load;
import org.rpcbench.client.load.Session;
import org.rpcbench.client.options.soak.SoakSettings;
import org.rpcbench.client.options.values.OpenLoopCall;
import org.rpcbench.client.server.ServerWatch;
import org.rpcbench.contract.ClientReady;
import org.rpcbench.contract.Durations;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.SoakReport;
import org.rpcbench.contract.Stopped;
import org.rpcbench.stack.Target;
import sun.misc.Signal;

/** A soak, its samples beside the result file ({@code <result>.jvm.jsonl} unless named), and its verdict. */
public final class SoakLoad implements Load {

    private final SoakSettings settings;
    private final Target target;

    public SoakLoad(SoakSettings settings, Target target) {
        this.settings = settings;
        this.target = target;
    }

    @Override
    public List<String> plan() {
        return List.of(description());
    }

    private String description() {
        return String.format(Locale.ROOT, "soak for %s at %d threads, each going round %s; the first %s a warmup;"
                + " this JVM sampled every %s%s", Durations.format(settings.length()), settings.threads(),
                settings.calls().stream().map(OpenLoopCall::name).collect(Collectors.joining(", ")),
                Durations.format(settings.warmup()), Durations.format(settings.every()),
                settings.serverSamples().isEmpty() ? "; no server's samples given: the servers are not judged"
                        : "; judged with " + settings.serverSamples().size() + " server series")
                + (settings.payloads() == null ? "" : "; " + settings.payloads().describe());
    }

    @Override
    public Stopped run(Session session) {
        session.out().println("== " + description());
        session.ready(ClientReady.SOAK);
        Path samples = settings.jvmSamples(session.resultFile());
        ServerWatch server = new ServerWatch(target);
        Soak soak = new Soak(settings, session.users(), session.connection().echoService(), server,
                target.timeoutMillis());
        // a long run stopped by hand is still judged on what it saw
        for (String signal : List.of("TERM", "INT")) {
            Signal.handle(new Signal(signal), received -> soak.stop());
        }
        SoakReport report;
        try {
            report = soak.run(samples);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Stopped.failed(ExitCode.FAILED, "the soak was interrupted");
        }
        RecordFiles.write(session.resultFile(), report);
        session.out().println();
        session.out().print(report.summary());
        if (!report.interrupted() && server.gone() == null) {
            // stopped by hand, the servers may be stopping too
            session.out().println(session.serverLoad(OptionalLong.empty(), 0));
        }
        session.out().println("results: " + session.resultFile());
        session.out().println("samples: " + samples);
        session.out().println("log: " + session.logFile());
        int exit = report.problem() != null ? ExitCode.FAILED
                : report.interrupted() ? ExitCode.INTERRUPTED : ExitCode.OK;
        return new Stopped(exit, report.problem(), null, session.resultFile().toString());
    }
}
