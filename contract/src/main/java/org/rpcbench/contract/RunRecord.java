package org.rpcbench.contract;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * run.json: what a matrix run ran, where, with which options, and how each pair ended. The runner writes it when
 * the run starts and again after every pair, so an interrupted run still says what it finished; the report binds
 * to the same record, ignoring fields it does not know.
 */
public record RunRecord(String runId, String length, String scenario, List<String> clientArgs, List<String> command,
        String start, String end, Environment environment, List<Pair> pairs) {

    public static final String FILE_NAME = "run.json";

    public void write(Path runDirectory) {
        RecordFiles.write(runDirectory.resolve(FILE_NAME), this);
    }

    public static RunRecord read(Path runDirectory) {
        return RecordFiles.read(runDirectory.resolve(FILE_NAME), RunRecord.class);
    }

    /**
     * The machine, JDK, commit and library versions a run was measured with; the library versions are those the
     * servers that ran stated in their ready records. The java fields are the runner's; {@code serverJvm} and
     * {@code clientJvm} what the run set for a side beyond it (null when nothing); {@code serverJvmMatrix} the
     * servers' settings by name when each pair ran at several, its results named {@code <pair>@<name>} (null
     * when not).
     */
    public record Environment(String gitCommit, Boolean gitDirty, String javaVendor, String javaVersion,
            String javaVm, String javaHome, String os, String cpuModel, int cores, Long memoryBytes,
            Map<String, String> libraries, JvmSettings serverJvm, JvmSettings clientJvm,
            Map<String, JvmSettings> serverJvmMatrix) {

        public Environment withLibraries(Map<String, String> more) {
            LinkedHashMap<String, String> merged = new LinkedHashMap<>(libraries);
            more.forEach(merged::putIfAbsent);
            return new Environment(gitCommit, gitDirty, javaVendor, javaVersion, javaVm, javaHome, os, cpuModel,
                    cores, memoryBytes, merged, serverJvm, clientJvm, serverJvmMatrix);
        }
    }

    /**
     * One pair's outcome. {@code status} is passed, failed, skipped (its stack cannot run what was asked, e.g. a
     * topology without a registry), or not run; {@code stack}, {@code protocol} and
     * {@code serialization} are what the first server's ready record stated; {@code result} is the JMH JSON file's
     * name in the run directory (the consumers' merged result where there were several), null when the pair failed
     * or ran a fault or an open loop (whose results are the consumers'); {@code harnessBound} names the results
     * whose figure is the load generator's as much as the stack's (the client near all its cores, or the shared
     * machine full with the client the busier), each with why; empty when none is, or nothing says (several
     * consumers, a commit from before it).
     */
    public record Pair(String pair, String stack, String protocol, String serialization, String status,
            String message, String result, String start, String end, Double seconds, String topology,
            FaultRecord fault, List<Provider> providers, List<Consumer> consumers, List<Profile> profiles,
            List<String> harnessBound) {

        public static final String PASSED = "passed";
        public static final String FAILED = "failed";
        public static final String SKIPPED = "skipped";
        /** What a stack without a serializer (the transport's ceiling) states as its serialization. */
        public static final String NO_SERIALIZATION = "none";
        public static final String NOT_RUN = "not run";

        public static Pair notRun(String pair) {
            return new Pair(pair, null, null, null, NOT_RUN, null, null, null, null, null, null, null, List.of(),
                    List.of(), List.of(), List.of());
        }

        public Pair failedWith(String why) {
            return new Pair(pair, stack, protocol, serialization, FAILED, why, null, start, end, seconds, topology,
                    fault, providers, consumers, profiles, harnessBound);
        }

        public boolean passed() {
            return PASSED.equals(status);
        }

        /** Neither passed nor skipped: what fails a run. */
        public boolean failsTheRun() {
            return !PASSED.equals(status) && !SKIPPED.equals(status);
        }

        /**
         * The serializer's name when the pair stated one, "registered" added when it writes ids for the benchmark's
         * classes, else the pair's (a stack that serializes nothing states {@value #NO_SERIALIZATION}): what a
         * report's ranking calls it.
         */
        public String label() {
            if (serialization == null || NO_SERIALIZATION.equals(serialization)) {
                return pair;
            }
            return registersClasses() ? serialization + " registered" : serialization;
        }

        private boolean registersClasses() {
            return consumers != null && consumers.stream().filter(consumer -> consumer.proofs() != null)
                    .flatMap(consumer -> consumer.proofs().stream())
                    .anyMatch(proof -> proof.registeredClasses() > 0);
        }
    }

    /**
     * A provider: its port, output file, ready and stop records (null when it never got ready, or was killed), the
     * benchmark calls it served (from the latter) and the host it ran on (null: this machine).
     */
    public record Provider(int port, String output, ServerReady ready, Stopped stopped, Long calls,
            Machine machine) {

        public Provider(int port, String output, ServerReady ready, Stopped stopped, Long calls) {
            this(port, output, ready, stopped, calls, null);
        }
    }

    /**
     * A host a JVM ran on, as read there when the run reached it.
     *
     * @param host how the runner reached it ({@code user@address} or {@code address})
     * @param cpuModel its first CPU's model name, null when it states none
     * @param cores the CPUs online there
     */
    public record Machine(String host, String cpuModel, int cores) {
    }

    /**
     * A consumer: its result file, output file, exit status (null when it had to be stopped), the wire it proved,
     * in a fault run what its availability load counted, in an open-loop run what it measured and in a soak its
     * verdict (each its result file's record), and the host it ran on (null: this machine).
     */
    public record Consumer(String result, String output, Integer exitCode, List<WireProof> proofs,
            AvailabilitySummary availability, OpenLoopReport openLoop, SoakReport soak, Machine machine) {

        public Consumer(String result, String output, Integer exitCode, List<WireProof> proofs,
                AvailabilitySummary availability, OpenLoopReport openLoop, SoakReport soak) {
            this(result, output, exitCode, proofs, availability, openLoop, soak, null);
        }
    }

    /**
     * A JVM's profile in a profiling run: its JFR recording, what sampled it (async-profiler and its engine, or the
     * JDK's Flight Recorder), how much was sampled, and its flame graphs, paths relative to the run directory.
     *
     * @param jvm            "server :19900", or "client" and the JMH benchmark the fork ran
     * @param allocatedBytes bytes the allocation samples stand for
     * @param callsServed    a server's: the calls it served while recorded (its stop record's), else null
     */
    public record Profile(String jvm, String recording, String engine, long cpuSamples, long allocatedBytes,
            String cpuFlameGraph, String allocationFlameGraph, Long callsServed) {

        public Profile withCallsServed(Long calls) {
            return new Profile(jvm, recording, engine, cpuSamples, allocatedBytes, cpuFlameGraph,
                    allocationFlameGraph, calls);
        }
    }

    /** The signal sent to the first provider, how long after the consumers started, and when (epoch millis). */
    public record FaultRecord(String signal, double afterSeconds, Long atEpochMillis) {
    }

    /**
     * What a consumer's availability load counted in a fault run, with the fault placed on the load's own time axis.
     *
     * @param faultOffsetMillis when the provider was signalled, in ms from the load's start; null if it never was
     * @param disturbanceStartMillis where the disturbance began, in ms from the load's start; null when undisturbed
     */
    public record AvailabilitySummary(long ok, long failed, long wrong, Long faultOffsetMillis,
            Long disturbanceStartMillis, long disturbanceMillis, boolean recovered, Double okPerSecondBefore,
            Double okPerSecondAfter) {

        public static AvailabilitySummary of(AvailabilityReport report, Long faultEpochMillis) {
            Timeline.Disturbance disturbance = report.disturbance();
            return new AvailabilitySummary(report.ok(), report.failed(), report.wrong(),
                    faultEpochMillis == null ? null : report.offsetMillis(faultEpochMillis),
                    disturbance.disturbed() ? disturbance.startMillis() : null,
                    disturbance.disturbed() ? disturbance.windowMillis() : 0,
                    disturbance.recovered(), report.okPerSecond().before(), report.okPerSecond().after());
        }

        /**
         * "13,283 ok, 71 failed, 0 wrong; SIGTERM at +3.1 s, disturbed from +5.1 s for 2.9 s, recovered: 2,604 ok/s
         * before, 2,590 after".
         */
        public String describe(String signal) {
            StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "%,d ok, %,d failed, %,d wrong", ok,
                    failed, wrong));
            if (faultOffsetMillis != null) {
                text.append(String.format(Locale.ROOT, "; SIG%s at +%.1f s", signal, faultOffsetMillis / 1000.0));
            }
            if (disturbanceStartMillis == null) {
                text.append(", no disturbance");
            } else {
                text.append(String.format(Locale.ROOT, ", disturbed from +%.1f s for %.1f s, %s",
                        disturbanceStartMillis / 1000.0, disturbanceMillis / 1000.0,
                        recovered ? "recovered" : "NOT recovered"));
            }
            if (okPerSecondBefore != null) {
                text.append(String.format(Locale.ROOT, ": %,.0f ok/s before", okPerSecondBefore));
            }
            if (okPerSecondAfter != null) {
                text.append(String.format(Locale.ROOT, ", %,.0f after", okPerSecondAfter));
            }
            return text.toString();
        }
    }
}
