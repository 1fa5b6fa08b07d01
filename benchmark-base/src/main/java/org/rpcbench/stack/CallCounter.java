package org.rpcbench.stack;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

/** Calls counted per key on a provider's worker threads, without one shared atomic for them all. */
public final class CallCounter<K> {

    private final Map<K, LongAdder> counts = new ConcurrentHashMap<>();

    public void increment(K key) {
        counts.computeIfAbsent(key, k -> new LongAdder()).increment();
    }

    /** The counts so far, by the name each key is reported under. */
    public Map<String, Long> snapshot(Function<K, String> name) {
        Map<String, Long> snapshot = new TreeMap<>();
        counts.forEach((key, count) -> snapshot.put(name.apply(key), count.sum()));
        return snapshot;
    }
}
