package org.rpcbench.client.availability;

import java.util.List;

import org.rpcbench.client.load.Load;
import org.rpcbench.client.load.Session;
import org.rpcbench.client.options.availability.AvailabilitySettings;
import org.rpcbench.contract.AvailabilityReport;
import org.rpcbench.contract.ClientReady;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.Stopped;
import org.rpcbench.stack.Target;

/** The availability load of fault runs: the four UserService calls counted for a time, then the report. */
public final class AvailabilityLoad implements Load {

    private final AvailabilitySettings settings;
    private final Target target;

    public AvailabilityLoad(AvailabilitySettings settings, Target target) {
        this.settings = settings;
        this.target = target;
    }

    @Override
    public List<String> plan() {
        return List.of(description());
    }

    private String description() {
        return "availability load for " + settings.duration().toMillis() + " ms at " + settings.threads()
                + " threads over the four UserService calls";
    }

    @Override
    public Stopped run(Session session) {
        session.out().println("== " + description());
        session.ready(ClientReady.AVAILABILITY);
        AvailabilityReport report;
        try {
            report = new AvailabilityLoop(session.users(), settings.threads(), settings.duration(),
                    target.timeoutMillis(), settings.faultAt()).run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Stopped.failed(ExitCode.FAILED, "the availability run was interrupted");
        }
        RecordFiles.write(session.resultFile(), report);
        session.out().println();
        session.out().print(report.summary());
        session.out().println("results: " + session.resultFile());
        session.out().println("log: " + session.logFile());
        return report.passed() ? new Stopped(ExitCode.OK, null, null, session.resultFile().toString())
                : new Stopped(ExitCode.FAILED, report.problem(), null, session.resultFile().toString());
    }
}
