package org.rpcbench.runner.runall;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * What {@code --pairs} names: a pair, a glob over pair names ({@code dubbo-*}, {@code *-registered}), or a group.
 * Pairs run in the order named, each once; a glob's matches in name order.
 */
public final class PairSelection {

    /** Groups by what they compare; each is a list of globs, so a new pair joins its group by its name alone. */
    static final Map<String, List<String>> GROUPS = Map.of(
            // every serializer on Dubbo's dubbo protocol, with the transport's ceiling as the reference row
            "serializers", List.of("dubbo-*", "netty-ceiling"),
            // Dubbo's protocols, each serializer triple or RMI carries also on the dubbo protocol, REST over
            // triple, Dubbo 2's hessian and webservice protocols as their libraries run them, with the ceiling
            "protocols", List.of("netty-ceiling", "dubbo-hessianlite", "dubbo-fastjson2", "dubbo-java", "triple-*",
                    "rest-*", "rmi-*", "hessian-*", "soap-*"),
            // the stacks side by side: the transport's ceiling, Dubbo with its default and its fastest common
            // serializer, and the stacks people weigh Dubbo against
            "stacks", List.of("netty-ceiling", "dubbo-hessianlite", "dubbo-kryo", "triple-*", "rest-*",
                    "grpc-*", "motan-*"));

    private PairSelection() {
    }

    public static List<String> select(List<String> requested, List<String> known) {
        Set<String> selected = new LinkedHashSet<>();
        for (String name : requested) {
            List<String> matches = GROUPS.getOrDefault(name, List.of(name)).stream()
                    .flatMap(glob -> known.stream().filter(matcher(glob)))
                    .toList();
            if (matches.isEmpty()) {
                String what = GROUPS.containsKey(name) ? "group '" + name + "' matches no pair"
                        : isGlob(name) ? "no pair matches '" + name + "'" : "unknown pair '" + name + "'";
                throw new IllegalArgumentException("option pairs: " + what + "; pairs: " + String.join(", ", known)
                        + "; groups: " + String.join(", ", GROUPS.keySet().stream().sorted().toList()));
            }
            selected.addAll(matches);
        }
        return List.copyOf(selected);
    }

    private static boolean isGlob(String name) {
        return name.contains("*") || name.contains("?");
    }

    private static Predicate<String> matcher(String glob) {
        StringBuilder regex = new StringBuilder();
        for (char c : glob.toCharArray()) {
            regex.append(switch (c) {
                case '*' -> ".*";
                case '?' -> ".";
                default -> Pattern.quote(String.valueOf(c));
            });
        }
        return Pattern.compile(regex.toString()).asMatchPredicate();
    }
}
