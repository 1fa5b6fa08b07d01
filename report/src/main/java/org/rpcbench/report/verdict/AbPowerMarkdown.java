package org.rpcbench.report.verdict;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.rpcbench.gate.AbComparison;
import org.rpcbench.gate.AbPower;
import org.rpcbench.results.Format;
import org.rpcbench.results.Markdown;

/** What the gate sees, simulated from A/A runs: its false alarms, and per metric the changes it flags. */
public final class AbPowerMarkdown {

    private AbPowerMarkdown() {
    }

    public static String render(AbPower power) {
        AbPower.Simulated simulated = power.simulated();
        int simulations = simulated.simulations();
        List<Double> changes = power.changes();
        StringBuilder md = new StringBuilder("## What the gate sees, simulated from A/A runs\n\n");
        md.append("A/A runs: ").append(Markdown.escape(String.join(", ",
                power.directories().stream().map(Path::toString).toList()))).append("  \n");
        md.append(String.format(Locale.ROOT, "%d simulated runs per change, each of %d of the %d pooled trials"
                        + " (none twice)%s, each trial's sides swapped at random (seed %d); the candidate made worse"
                        + " by the change in one metric at a time (more time or cost per call); judged as benchmark.sh"
                        + " ab judges, with thresholds %s%% for time, %s%% for a median time, %s%% for the server's"
                        + " CPU, %s%% for the client's, %s%% for bytes. Flagged: how often a regression was called%s."
                        + " The trials of a few runs understate the tails.\n\n",
                simulations, simulated.trials(), simulated.pooled(), simulated.confirming() == 0 ? ""
                        : ", then " + simulated.confirming() + " confirmation trials from the rest when those flag"
                        + " a regression, judged by their " + Format.axis(power.thresholds().confirmationConfidence())
                        + "% interval", simulated.seed(), Format.axis(power.thresholds().time()),
                Format.axis(power.thresholds().median()), Format.axis(power.thresholds().serverCpu()),
                Format.axis(power.thresholds().clientCpu()), Format.axis(power.thresholds().allocation()),
                simulated.confirming() == 0 ? "" : " and confirmed"));
        md.append(String.format(Locale.ROOT, "**False alarms: the gate (any metric) flagged %d of %d simulated A/A"
                + " runs (%s)", power.confirmedFlagged(), simulations, percent(power.confirmedFlagged(),
                simulations)));
        if (simulated.confirming() > 0) {
            md.append(String.format(Locale.ROOT, "; their first %d trials alone flagged %d (%s)", simulated.trials(),
                    power.firstFlagged(), percent(power.firstFlagged(), simulations)));
        }
        md.append(".**");
        if (simulated.confirming() == 0 && simulated.confirmationTrials() > 0) {
            md.append(String.format(Locale.ROOT, " Confirmation trials not simulated: %d first trials and %d"
                    + " confirmation trials need %d pooled trials, and there are %d.", simulated.trials(),
                    simulated.confirmationTrials(), simulated.trials() + simulated.confirmationTrials(),
                    simulated.pooled()));
        }
        md.append("\n\n");
        List<String> header = new ArrayList<>(List.of("pair", "call", "metric", "trials pooled", "flagged, no change"));
        changes.subList(1, changes.size()).forEach(change -> header.add("+" + Format.axis(change) + "%"));
        header.add("seen 9 in 10 from");
        List<List<String>> rows = new ArrayList<>();
        for (AbPower.Pooled line : power.pooled()) {
            AbComparison.Series series = line.series();
            List<String> row = new ArrayList<>(List.of(series.key().pair(), series.key().call(),
                    VerdictCells.metric(series.key().mode(), series.metric(), series.unit(), series.cost()),
                    String.valueOf(series.before().length)));
            for (int flagged : line.flagged()) {
                row.add(percent(flagged, simulations));
            }
            row.add(line.seenFrom() == null ? "> " + Format.axis(changes.get(changes.size() - 1)) + "%"
                    : Format.axis(line.seenFrom()) + "%");
            rows.add(row);
        }
        md.append(Markdown.table(header, rows));
        return md.toString();
    }

    private static String percent(int count, int of) {
        return String.format(Locale.ROOT, "%.0f%%", 100.0 * count / of);
    }
}
