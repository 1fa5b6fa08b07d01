package org.rpcbench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * What a consumer's availability load counted in a fault run (from the client's availability JSON), with the
 * fault placed on the load's own time axis.
 *
 * @param faultOffsetMillis when the provider was signalled, in ms from the load's start; null if it never was
 * @param disturbanceStartMillis where the disturbance began, in ms from the load's start; null when undisturbed
 */
record Availability(long ok, long failed, long wrong, Long faultOffsetMillis, Long disturbanceStartMillis,
        long disturbanceMillis, boolean recovered, double okPerSecondBefore, Double okPerSecondAfter) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Null when the client wrote no availability JSON (it failed before the load). */
    static Availability read(Path file, Long faultEpochMillis) throws IOException {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        JsonNode report = JSON.readTree(file.toFile());
        JsonNode disturbance = report.path("disturbance");
        JsonNode rates = report.path("okPerSecond");
        boolean disturbed = disturbance.path("disturbed").asBoolean();
        return new Availability(report.path("ok").asLong(), report.path("failed").asLong(),
                report.path("wrong").asLong(),
                faultEpochMillis == null ? null : faultEpochMillis - report.path("startEpochMillis").asLong(),
                disturbed ? disturbance.path("startMillis").asLong() : null,
                disturbed ? disturbance.path("windowMillis").asLong() : 0,
                !disturbed || disturbance.path("recovered").asBoolean(),
                rates.path("before").asDouble(), rates.path("after").isNumber() ? rates.path("after").asDouble() : null);
    }

    /** "13,283 ok, 71 failed, 0 wrong; SIGTERM at +3.1 s, disturbed from +5.1 s for 2.9 s, recovered: 2,604 -> 2,590 ok/s". */
    String describe(String signal) {
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "%,d ok, %,d failed, %,d wrong", ok, failed,
                wrong));
        if (faultOffsetMillis != null) {
            text.append(String.format(Locale.ROOT, "; SIG%s at +%.1f s", signal, faultOffsetMillis / 1000.0));
        }
        if (disturbanceStartMillis == null) {
            text.append(", no disturbance");
        } else {
            text.append(String.format(Locale.ROOT, ", disturbed from +%.1f s for %.1f s, %s", disturbanceStartMillis
                    / 1000.0, disturbanceMillis / 1000.0, recovered ? "recovered" : "NOT recovered"));
        }
        text.append(String.format(Locale.ROOT, ": %,.0f ok/s before", okPerSecondBefore));
        if (okPerSecondAfter != null) {
            text.append(String.format(Locale.ROOT, ", %,.0f after", okPerSecondAfter));
        }
        return text.toString();
    }
}
