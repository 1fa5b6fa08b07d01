package org.rpcbench.report;

import java.nio.file.Path;
import java.util.List;

import org.rpcbench.results.FigureNotes;
import org.rpcbench.results.Markdown;
import org.rpcbench.results.Run;
import org.rpcbench.results.SeedFigures;

/** report.md: the run's header, then per call a table in the seed reports' shape and the serializer ranking. */
final class MarkdownReport {

    private MarkdownReport() {
    }

    /** @param directory where the report goes (its links are relative to it) */
    static String render(ReportModel model, Path directory) {
        Run run = model.run();
        StringBuilder md = new StringBuilder();
        md.append("# ").append(Markdown.escape(ReportTables.title(run))).append("\n\n");
        md.append(Markdown.table(List.of("", ""), ReportTables.runFields(run)));
        md.append("\n## Pairs\n\n");
        ReportTables.Table pairs = ReportTables.pairTable(run);
        md.append(Markdown.table(pairs.header(), pairs.rows()));
        List<String> failures = ReportTables.failures(run);
        if (!failures.isEmpty()) {
            md.append('\n');
            failures.forEach(failure -> md.append("- **").append(Markdown.escape(failure)).append("**\n"));
        }
        SeedFigures seed = model.seed();
        if (seed != null) {
            md.append("\n## Seed rows\n\n_").append(Markdown.escape(ReportTables.seedRowsNote(seed))).append("_\n\n");
            ReportTables.Table seedRows = ReportTables.seedRows(run, seed);
            md.append(Markdown.table(seedRows.header(), seedRows.rows()));
        }
        ReportTables.Table frames = ReportTables.frameTable(run);
        if (!frames.rows().isEmpty()) {
            md.append("\n## Bytes per call\n\n_").append(Markdown.escape(ReportTables.FRAME_NOTE)).append("_\n\n");
            md.append(Markdown.table(frames.header(), frames.rows()));
        }
        ReportTables.Table streams = StreamVsUnary.table(model);
        if (!streams.rows().isEmpty()) {
            md.append("\n## ").append(StreamVsUnary.TITLE).append("\n\n_").append(Markdown.escape(StreamVsUnary.NOTE))
                    .append("_\n\n");
            md.append(Markdown.table(streams.header(), streams.rows()));
        }
        List<ReportTables.OpenLoopStep> openLoop = ReportTables.openLoopSteps(run);
        if (!openLoop.isEmpty()) {
            md.append("\n## Response time at a fixed rate (open loop)\n\n_")
                    .append(Markdown.escape(ReportTables.OPEN_LOOP_NOTE)).append("_\n\n");
            ReportTables.Table table = ReportTables.openLoopTable(openLoop);
            md.append(Markdown.table(table.header(), table.rows()));
            List<String> capacities = ReportTables.capacitiesUnderSlo(openLoop);
            if (!capacities.isEmpty()) {
                md.append('\n');
                capacities.forEach(line -> md.append("- ").append(Markdown.escape(line)).append('\n'));
            }
        }
        List<ReportTables.Soak> soaks = ReportTables.soaks(run);
        if (!soaks.isEmpty()) {
            md.append("\n## Soak\n\n_").append(Markdown.escape(ReportTables.SOAK_NOTE)).append("_\n\n");
            ReportTables.soakLines(soaks).forEach(line -> md.append("- ").append(Markdown.escape(line)).append('\n'));
            md.append('\n');
            ReportTables.Table table = ReportTables.soakTable(soaks);
            md.append(Markdown.table(table.header(), table.rows()));
        }
        if (model.calls().isEmpty()) {
            if (openLoop.isEmpty() && soaks.isEmpty()) {
                md.append("\nNo pair produced a result.\n");
            }
        } else if (model.calls().stream().anyMatch(call -> call.ranking().entries().size() > 1)) {
            md.append('\n').append(Markdown.escape(ReportTables.rankingNote())).append('\n');
        }
        if (model.calls().stream().anyMatch(ReportModel.Call::hasSample)) {
            md.append('\n').append(Markdown.escape(FigureNotes.CLOSED_LOOP_NOTE)).append('\n');
        }
        for (ReportModel.Call call : model.calls()) {
            md.append("\n## ").append(Markdown.escape(call.title())).append("\n\n");
            md.append('_').append(Markdown.escape(call.detail())).append(". ")
                    .append(Markdown.escape(ReportTables.errorNote(call)))
                    .append("_\n\n");
            ReportTables.Table table = ReportTables.callTable(call, seed);
            md.append(Markdown.table(table.header(), table.rows()));
            List<String> seedNotes = ReportTables.seedNotes(call, seed);
            if (!seedNotes.isEmpty()) {
                md.append('\n');
                seedNotes.forEach(note -> md.append(Markdown.escape(note)).append("  \n"));
            }
            String ranking = ReportTables.ranking(call);
            if (!ranking.isEmpty()) {
                md.append('\n').append(Markdown.escape(ranking)).append('\n');
            }
            String settle = ReportTables.settleNote(call);
            if (!settle.isEmpty()) {
                md.append('\n').append(Markdown.escape(settle)).append('\n');
            }
            String harness = ReportTables.harnessNote(call);
            if (!harness.isEmpty()) {
                md.append('\n').append(Markdown.escape(harness)).append('\n');
            }
        }
        List<ReportTables.ProfileLine> profiles = ReportTables.profiles(run, directory);
        if (!profiles.isEmpty()) {
            md.append("\n## Profiles\n\n_").append(Markdown.escape(ReportTables.PROFILE_NOTE)).append("_\n\n");
            profiles.forEach(profile -> md.append("- ").append(Markdown.escape(profile.text())).append(": [CPU](")
                    .append(link(profile.cpuFlameGraph())).append(") · [allocation](")
                    .append(link(profile.allocationFlameGraph())).append(")\n"));
        }
        return md.toString();
    }

    /** A relative path as a link destination: spaces and parentheses would end it. */
    private static String link(String path) {
        return path.replace(" ", "%20").replace("(", "%28").replace(")", "%29");
    }
}
