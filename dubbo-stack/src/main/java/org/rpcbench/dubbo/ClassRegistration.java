package org.rpcbench.dubbo;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.ToIntFunction;

import org.rpcbench.api.RegisteredClasses;

/**
 * The ids this JVM's serializer gave {@link RegisteredClasses}, as the serializer itself reports them; empty unless
 * the pair declares a registration bean ({@link KryoClassRegistration}, {@link FstClassRegistration}, the fory
 * pair's) in its XML. Both ends report theirs in the handshake, and the client refuses to measure unless they are
 * equal.
 */
public final class ClassRegistration {

    private static Map<String, Integer> ids = Map.of();

    private ClassRegistration() {
    }

    /** Registers once per JVM (a serializer takes registrations only before its first use), then reads the ids. */
    public static synchronized void registerOnce(Runnable register, ToIntFunction<Class<?>> idOf) {
        if (!ids.isEmpty()) {
            return;
        }
        register.run();
        Map<String, Integer> read = new LinkedHashMap<>();
        for (Class<?> type : RegisteredClasses.ORDER) {
            read.put(type.getName(), idOf.applyAsInt(type));
        }
        ids = Collections.unmodifiableMap(read);
    }

    /** Class name to id, in {@link RegisteredClasses#ORDER}; empty when this JVM registers nothing. */
    static synchronized Map<String, Integer> ids() {
        return ids;
    }

    /**
     * Why the two ends would read each other's objects wrongly, or null when they number the same classes alike.
     */
    static String difference(Map<String, Integer> client, Map<String, Integer> server) {
        if (client.isEmpty() != server.isEmpty()) {
            return client.isEmpty() ? "the server registers " + server.size() + " classes, this client none"
                    : "this client registers " + client.size() + " classes, the server none";
        }
        Set<String> types = new LinkedHashSet<>(client.keySet());
        types.addAll(server.keySet());
        for (String type : types) {
            Integer here = client.get(type);
            Integer there = server.get(type);
            if (here == null || !here.equals(there)) {
                return type + " is id " + here + " here and " + there + " on the server";
            }
        }
        return null;
    }
}
