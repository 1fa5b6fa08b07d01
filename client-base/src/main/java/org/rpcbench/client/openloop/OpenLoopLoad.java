package org.rpcbench.client.openloop;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.stream.Collectors;

import org.rpcbench.api.AsyncServices;
import org.rpcbench.client.load.Load;
import org.rpcbench.client.load.Session;
import org.rpcbench.client.options.openloop.OpenLoopSettings;
import org.rpcbench.client.options.values.OpenLoopCall;
import org.rpcbench.client.server.ServerWatch;
import org.rpcbench.contract.CallCost;
import org.rpcbench.contract.ClientReady;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.OpenLoopReport;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.Stopped;
import org.rpcbench.stack.Stacks;
import org.rpcbench.stack.Target;

/**
 * The open-loop load: every call warmed up in a closed loop first, so that no call is measured while the JIT still
 * compiles the paths the calls share (the first call of a fresh JVM read several times slower than the rest here),
 * then a warmup's length of quiet for the compiler to catch up; then each in turn at the rate, or through the
 * sweep. Then
 * the report, and beside it per call and rate an interval log and a percentile distribution named after the result
 * file ({@code <result>.<call>[-<percent>pct].hlog}, {@code .hlog.hgrm}).
 */
public final class OpenLoopLoad implements Load {

    private final OpenLoopSettings settings;
    private final Target target;

    public OpenLoopLoad(OpenLoopSettings settings, Target target) {
        this.settings = settings;
        this.target = target;
    }

    @Override
    public List<String> plan() {
        return List.of(description());
    }

    private String description() {
        String rates = settings.rate() != null ? String.format(Locale.ROOT, "%,.0f calls/s", settings.rate())
                : "each call's closed-loop capacity, then " + settings.sweepPercents() + " % of it";
        return String.format(Locale.ROOT, "open-loop load at %s (%s arrivals) from %d threads%s, %d s warmup at the"
                + " first rate (half at each later one) and %d s measured per rate: %s", rates, settings.arrival(),
                settings.threads(),
                settings.asynchronous() ? String.format(Locale.ROOT, " sending asynchronously, up to %,d calls in"
                        + " flight", settings.maxInFlight()) : "",
                settings.warmup().toSeconds(), settings.duration().toSeconds(),
                settings.calls().stream().map(OpenLoopCall::name).collect(Collectors.joining(", ")));
    }

    @Override
    public Stopped run(Session session) {
        AsyncServices async = null;
        if (settings.asynchronous()) {
            try {
                async = session.connection().asyncServices();
            } catch (UnsupportedOperationException e) {
                return Stopped.failed(ExitCode.USAGE, "option sender: " + Stacks.client().name() + " cannot send"
                        + " asynchronously: " + e.getMessage() + "; use --sender blocking");
            }
        }
        session.out().println("== " + description());
        session.ready(ClientReady.OPEN_LOOP);
        ServerWatch server = new ServerWatch(target);
        OpenLoopTrials trials = new OpenLoopTrials(settings, session.users(), session.connection().echoService(),
                server, session.connection(), async);
        long startEpochMillis = System.currentTimeMillis();
        List<OpenLoopReport.CallResult> calls = new ArrayList<>();
        try {
            for (OpenLoopCall call : settings.calls()) {
                if (server.gone() == null) {
                    trials.warmUp(call);
                }
            }
            if (server.gone() == null) {
                trials.pauseForTheCompiler();
            }
            for (OpenLoopCall call : settings.calls()) {
                if (server.gone() != null) {
                    break;
                }
                String file = session.resultFile().getFileName() + "." + call.name().replace(':', '-');
                if (settings.rate() != null) {
                    calls.add(printed(session, trials.run(call, settings.rate(), null,
                            session.resultFile().resolveSibling(file + ".hlog"))));
                    continue;
                }
                OpenLoopReport.ClosedLoop closedLoop = trials.closedLoopCapacity(call);
                session.out().println(String.format(Locale.ROOT, "%s: %,.0f calls/s in a closed loop of %d threads,"
                        + " p99 %.3f ms from each send", call.name(), closedLoop.callsPerSecond(), settings.threads(),
                        closedLoop.responseTime().p99()));
                for (int percent : settings.sweepPercents()) {
                    OpenLoopReport.CallResult step = printed(session, trials.run(call,
                            closedLoop.callsPerSecond() * percent / 100, closedLoop,
                            session.resultFile().resolveSibling(file + "-" + percent + "pct.hlog")));
                    calls.add(step);
                    if (step.rateNotKept() != null || step.problem() != null) {
                        break;
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Stopped.failed(ExitCode.FAILED, "the open-loop run was interrupted");
        } catch (IllegalStateException e) {
            return Stopped.failed(ExitCode.FAILED, e.getMessage());
        }
        OpenLoopReport report = new OpenLoopReport(startEpochMillis, settings.rate(), settings.sweepPercents(),
                settings.slo(), settings.arrival(), settings.warmup().toMillis(), settings.duration().toMillis(),
                settings.threads(), calls, settings.sender(),
                settings.asynchronous() ? settings.maxInFlight() : settings.threads());
        RecordFiles.write(session.resultFile(), report);
        session.out().println();
        session.out().print(report.summary());
        if (server.gone() == null) {
            session.out().println(session.serverLoad(OptionalLong.empty(), 0));
        }
        session.out().println("results: " + session.resultFile());
        session.out().println("log: " + session.logFile());
        return report.passed() ? new Stopped(ExitCode.OK, null, null, session.resultFile().toString())
                : new Stopped(ExitCode.FAILED, report.problem(), null, session.resultFile().toString());
    }

    /** One line as each rate ends, so a long run shows its progress. */
    private static OpenLoopReport.CallResult printed(Session session, OpenLoopReport.CallResult result) {
        String why = result.problem() != null ? result.problem() : result.rateNotKept();
        Double server = result.cost(CallCost.SERVER_CPU);
        Double client = result.cost(CallCost.CLIENT_CPU);
        session.out().println(String.format(Locale.ROOT, "%s at %,.0f calls/s: %,.0f achieved, p99 %.3f ms%s%s%s",
                result.call(), result.targetRate(), result.achievedRate(), result.responseTime().p99(),
                server == null || client == null ? "" : String.format(Locale.ROOT,
                        ", CPU per call: server %.1f µs, client %.1f µs", server, client),
                result.warmupDropped() == 0 ? "" : String.format(Locale.ROOT, "; the warmup ended %,d calls behind,"
                        + " dropped as the window began", result.warmupDropped()),
                why == null ? "" : ": " + why));
        return result;
    }
}
