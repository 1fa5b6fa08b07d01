package org.rpcbench.kubernetes;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A pod's log as its entry script writes it: the JVM's own lines, and between them the files it sends, each framed
 * and base64-encoded. A frame not yet ended (the log read while the file is being sent) is not a file yet.
 */
public final class PodLog {

    private static final String BEGIN = "rpcbench-file-begin ";
    private static final String END = "rpcbench-file-end ";
    private static final String CPU = "rpcbench-cpu ";

    private final List<String> console = new ArrayList<>();
    private final Map<String, byte[]> files = new LinkedHashMap<>();
    private Integer cpus;
    private String cpuModel;

    private PodLog(String log) {
        String open = null;
        StringBuilder encoded = new StringBuilder();
        for (String line : log.split("\n", -1)) {
            if (open == null && line.startsWith(BEGIN)) {
                open = line.substring(BEGIN.length());
                encoded.setLength(0);
            } else if (open != null && line.equals(END + open)) {
                // a record sent early (ready, lockstep) is sent again at the end: the first is kept
                files.putIfAbsent(open, Base64.getMimeDecoder().decode(encoded.toString()));
                open = null;
            } else if (open != null) {
                encoded.append(line);
            } else if (line.startsWith(CPU) && cpus == null) {
                String[] words = line.substring(CPU.length()).split(" ", 2);
                cpus = Integer.valueOf(words[0]);
                cpuModel = words.length > 1 ? words[1] : null;
                console.add(line);
            } else if (!line.isEmpty()) {
                console.add(line);
            }
        }
    }

    public static PodLog parse(String log) {
        return new PodLog(log == null ? "" : log);
    }

    /** The file of this name (relative to the pod's run directory) once it has been sent whole. */
    public Optional<byte[]> file(String name) {
        return Optional.ofNullable(files.get(name));
    }

    /** Every file sent, by its path relative to the pod's run directory. */
    public Map<String, byte[]> files() {
        return files;
    }

    /** The CPUs the pod's processes may run on (nproc in the pod), or null before the entry script said. */
    public Integer cpus() {
        return cpus;
    }

    /** The node's CPU model as /proc/cpuinfo names it, "unknown" where it names none, or null before it was said. */
    public String cpuModel() {
        return cpuModel;
    }

    /** The JVM's own lines (and the entry script's CPU and exit lines), without the files. */
    public List<String> console() {
        return console;
    }

    /**
     * What the JVM said last: its last line that begins with "error:", else its last line (as the runner's pair run
     * reports a process that failed).
     */
    public String lastWords() {
        return console.stream().filter(line -> line.startsWith("error:")).reduce((first, second) -> second)
                .or(() -> console.stream().filter(line -> !line.startsWith("rpcbench-"))
                        .reduce((first, second) -> second))
                .orElse("no output");
    }
}
