package org.rpcbench.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import org.rpcbench.contract.AbRecord;
import org.rpcbench.contract.AbVerdict;
import org.rpcbench.contract.AvailabilityReport;
import org.rpcbench.contract.ClientReady;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.HistoryEntry;
import org.rpcbench.contract.JvmSeries;
import org.rpcbench.contract.MachineSpeed;
import org.rpcbench.contract.OpenLoopReport;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.RunRecord;
import org.rpcbench.contract.ServerReady;
import org.rpcbench.contract.SoakReport;
import org.rpcbench.contract.Stopped;
import org.rpcbench.contract.ZooKeeperReady;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code record}: one record file of the suite, bound to its record type by the contract's own reader and printed
 * as path and value lines, so that tools and tests read the suite's records as the suite does (a field the record
 * does not have is not there) and need no JSON parser of their own.
 */
@Command(name = "record", usageHelpAutoWidth = true,
        description = {"Reads one record file of the suite as its record type in the contract binds it and prints"
                + " every field, one line each: the path, a tab, the value, in the record's order (a record's"
                + " components as declared, a map's entries and a list's elements as the file holds them).",
            "A path joins a nested record's or map's field names with '.' and a list's elements by their index"
                + " from 0 (trials.0.baselineExit); a '.' or '\\' in a map's key is written '\\.' or '\\\\'. A"
                + " value is printed as is: numbers, true or false, text with a tab, newline or backslash written"
                + " \\t, \\n, \\\\. A null prints as an empty value (the path is there), an empty list as [] and an"
                + " empty map as {}. A JSON lines file (a soak's JVM samples, the history) is a list: its"
                + " lines' paths start with their index.",
            "Exit codes: 0 printed; 1 a --field that the record does not have; 2 a file whose kind is not known,"
                + " or that does not bind to its record (not there, not JSON, not of that kind's shape)."})
final class RecordCommand implements Callable<Integer> {

    /** The kinds of file this reads, each with its contract reader: the record, or the list of a lines file. */
    enum Kind {
        RUN("run", file -> RecordFiles.read(file, RunRecord.class)),
        AB("ab", file -> RecordFiles.read(file, AbRecord.class)),
        VERDICT("verdict", file -> RecordFiles.read(file, AbVerdict.class)),
        MACHINE_SPEED("machine-speed", file -> RecordFiles.read(file, MachineSpeed.class)),
        SOAK("soak", file -> RecordFiles.read(file, SoakReport.class)),
        OPEN_LOOP("open-loop", file -> RecordFiles.read(file, OpenLoopReport.class)),
        AVAILABILITY("availability", file -> RecordFiles.read(file, AvailabilityReport.class)),
        JVM_SAMPLES("jvm-samples", JvmSeries::read),
        HISTORY("history", HistoryEntry::read),
        SERVER_READY("server-ready", file -> RecordFiles.read(file, ServerReady.class)),
        CLIENT_READY("client-ready", file -> RecordFiles.read(file, ClientReady.class)),
        STOPPED("stopped", file -> RecordFiles.read(file, Stopped.class)),
        ZOOKEEPER_READY("zookeeper-ready", file -> RecordFiles.read(file, ZooKeeperReady.class));

        /** The kinds a file's name alone says: those whose name the contract fixes. */
        private static final Map<String, Kind> BY_FILE_NAME = Map.of(RunRecord.FILE_NAME, RUN,
                AbRecord.FILE_NAME, AB, AbVerdict.FILE_NAME, VERDICT, MachineSpeed.FILE_NAME, MACHINE_SPEED);

        final String name;
        final Function<Path, Object> reader;

        Kind(String name, Function<Path, Object> reader) {
            this.name = name;
            this.reader = reader;
        }

        static String names() {
            return Arrays.stream(values()).map(kind -> kind.name).collect(Collectors.joining(", "));
        }
    }

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "the record file")
    Path file;

    @Option(names = "--as", paramLabel = "KIND", description = "the file's kind: run, ab, verdict, machine-speed,"
            + " soak, open-loop, availability, jvm-samples, history, server-ready, client-ready, stopped,"
            + " zookeeper-ready; needed unless the file is named run.json, ab.json, verdict.json or"
            + " machine-speed.json")
    String as;

    @Option(names = "--field", paramLabel = "PATH", description = "print only this field's value, without its path;"
            + " repeatable, one line per field in the order given; a path to a nested record or list prints its"
            + " lines as the whole record does, paths shortened to what follows PATH")
    List<String> fields = new ArrayList<>();

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help")
    boolean help;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        Kind kind;
        if (as != null) {
            kind = Arrays.stream(Kind.values()).filter(k -> k.name.equals(as)).findFirst().orElse(null);
            if (kind == null) {
                err.println("error: unknown kind '" + as + "'; kinds: " + Kind.names());
                return ExitCode.USAGE;
            }
        } else {
            kind = Kind.BY_FILE_NAME.get(String.valueOf(file.getFileName()));
            if (kind == null) {
                err.println("error: " + file + ": the kind of record is not known from its name; give --as ("
                        + Kind.names() + ")");
                return ExitCode.USAGE;
            }
        }
        if (!Files.isRegularFile(file)) {
            err.println("error: " + file + ": no such file");
            return ExitCode.USAGE;
        }
        Map<String, String> lines;
        try {
            lines = flatten(RecordFiles.JSON.valueToTree(kind.reader.apply(file)));
        } catch (UncheckedIOException | IllegalArgumentException e) {
            String cause = e.getCause() != null ? e.getCause().getMessage() : e.getMessage();
            err.println("error: " + file + " is not a " + kind.name + " record: " + cause.lines().findFirst()
                    .orElse(""));
            return ExitCode.USAGE;
        }
        PrintWriter out = spec.commandLine().getOut();
        if (fields.isEmpty()) {
            lines.forEach((path, value) -> out.println(path + "\t" + value));
            out.flush();
            return ExitCode.OK;
        }
        StringBuilder printed = new StringBuilder();
        for (String field : fields) {
            if (lines.containsKey(field)) {
                printed.append(lines.get(field)).append('\n');
                continue;
            }
            String prefix = field + ".";
            List<String> under = lines.entrySet().stream().filter(line -> line.getKey().startsWith(prefix))
                    .map(line -> line.getKey().substring(prefix.length()) + "\t" + line.getValue()).toList();
            if (under.isEmpty()) {
                err.println("error: " + file + " has no field " + field);
                return ExitCode.FAILED;
            }
            under.forEach(line -> printed.append(line).append('\n'));
        }
        out.print(printed);
        out.flush();
        return ExitCode.OK;
    }

    /** The record's fields as path and value, in the record's order. */
    static Map<String, String> flatten(JsonNode record) {
        Map<String, String> lines = new LinkedHashMap<>();
        flatten("", record, lines);
        return lines;
    }

    private static void flatten(String path, JsonNode node, Map<String, String> lines) {
        String prefix = path.isEmpty() ? "" : path + ".";
        if (node.isObject()) {
            if (node.isEmpty()) {
                lines.put(path, "{}");
            }
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                flatten(prefix + field.getKey().replace("\\", "\\\\").replace(".", "\\."), field.getValue(), lines);
            }
        } else if (node.isArray()) {
            if (node.isEmpty()) {
                lines.put(path, "[]");
            }
            for (int i = 0; i < node.size(); i++) {
                flatten(prefix + i, node.get(i), lines);
            }
        } else {
            lines.put(path, node.isNull() ? "" : node.asText().replace("\\", "\\\\").replace("\t", "\\t")
                    .replace("\n", "\\n"));
        }
    }
}
