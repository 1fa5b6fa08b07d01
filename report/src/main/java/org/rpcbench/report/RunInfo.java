package org.rpcbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A run directory's run.json: what ran where, and how each pair ended. Every field but the pairs' names and statuses
 * may be missing; fields the report does not know are ignored.
 */
record RunInfo(String runId, String length, String scenario, String start, String end, List<String> command,
               Map<String, String> environment, List<PairOutcome> pairs) {

    static final String PASSED = "passed";
    static final String FAILED = "failed";
    static final String NOT_RUN = "not run";

    /**
     * @param result the pair's JMH JSON, relative to the run directory; null when it has none
     * @param resultNamed whether run.json had a result field at all (null counts as named: "no result")
     */
    record PairOutcome(String pair, String serialization, String status, String topology, String result,
                       boolean resultNamed, Double seconds, String message) {

        boolean passed() {
            return status.equals(PASSED);
        }

        /** The serializer's name when run.json gives it, else the pair's. */
        String label() {
            return serialization != null ? serialization : pair;
        }
    }

    static RunInfo parse(JsonNode root) {
        if (!root.isObject()) {
            throw new IllegalArgumentException("not a JSON object");
        }
        List<String> command = new ArrayList<>();
        root.path("command").forEach(word -> command.add(word.asText()));
        List<PairOutcome> pairs = new ArrayList<>();
        JsonNode pairNodes = root.path("pairs");
        if (!pairNodes.isArray()) {
            throw new IllegalArgumentException("no 'pairs' array");
        }
        for (JsonNode pair : pairNodes) {
            String name = optionalText(pair, "pair")
                    .orElseThrow(() -> new IllegalArgumentException("a pair entry has no 'pair' name"));
            String status = optionalText(pair, "status")
                    .orElseThrow(() -> new IllegalArgumentException("pair " + name + " has no 'status'"));
            if (!List.of(PASSED, FAILED, NOT_RUN).contains(status)) {
                throw new IllegalArgumentException("pair " + name + ": status '" + status
                        + "' is not one of passed, failed, not run");
            }
            pairs.add(new PairOutcome(name, optionalText(pair, "serialization").orElse(null), status,
                    optionalText(pair, "topology").orElse(null),
                    optionalText(pair, "result").orElse(null), pair.has("result"),
                    pair.path("seconds").isNumber() ? pair.path("seconds").asDouble() : null,
                    optionalText(pair, "message").orElse(null)));
        }
        return new RunInfo(optionalText(root, "runId").orElse(null), optionalText(root, "length").orElse(null),
                optionalText(root, "scenario").orElse(null),
                optionalText(root, "start").orElse(null), optionalText(root, "end").orElse(null),
                List.copyOf(command), environment(root.path("environment")), List.copyOf(pairs));
    }

    Optional<PairOutcome> outcome(String pair) {
        return pairs.stream().filter(outcome -> outcome.pair().equals(pair)).findFirst();
    }

    /** The environment as display lines, in run.json's order; nested objects become "name version, ..." lists. */
    private static Map<String, String> environment(JsonNode environment) {
        Map<String, String> lines = new LinkedHashMap<>();
        environment.properties().forEach(field -> {
            JsonNode value = field.getValue();
            String text;
            if (value.isObject()) {
                List<String> entries = new ArrayList<>();
                value.properties().forEach(entry -> entries.add(entry.getKey() + " " + entry.getValue().asText()));
                text = String.join(", ", entries);
            } else if (value.isArray()) {
                List<String> entries = new ArrayList<>();
                value.forEach(entry -> entries.add(entry.asText()));
                text = String.join(", ", entries);
            } else if (field.getKey().equals("memoryBytes") && value.isNumber()) {
                text = String.format(Locale.ROOT, "%.1f GiB", value.asDouble() / (1L << 30));
            } else if (value.isNull()) {
                return;
            } else {
                text = value.asText();
            }
            lines.put(field.getKey(), text);
        });
        return lines;
    }

    private static Optional<String> optionalText(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isValueNode() && !value.isNull() ? Optional.of(value.asText()) : Optional.empty();
    }

    String commandLine() {
        return String.join(" ", command);
    }
}
