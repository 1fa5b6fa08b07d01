package org.rpcbench.runner.pair;

import java.util.Locale;

import org.rpcbench.contract.JvmRole;

/**
 * How many providers and consumers of one pair run at once. One of each talks over a direct URL unless a registry
 * is named; more than one provider always goes through a registry (the consumers must discover them).
 */
public record Topology(int providers, int consumers) {

    public static final Topology SINGLE = new Topology(1, 1);
    /** An allowance for a JVM's memory beyond its heap: metaspace, code, thread stacks, Netty's direct buffers. */
    private static final long JVM_OVERHEAD_BYTES = 256L << 20;
    /** More JVMs than this per core spend the run starting and scheduling each other, not serving calls. */
    static final int MAX_JVMS_PER_CORE = 4;

    public Topology {
        if (providers < 1 || consumers < 1) {
            throw new IllegalArgumentException("option topology: " + providers + "x" + consumers
                    + " needs at least one provider and one consumer");
        }
    }

    /** "2x2": providers x consumers. */
    public static Topology parse(String value) {
        String[] parts = value.split("x", -1);
        try {
            if (parts.length == 2) {
                return new Topology(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
            }
        } catch (NumberFormatException e) {
            // falls through to the message below
        }
        throw new IllegalArgumentException("option topology: '" + value + "' is not providers x consumers, e.g. 2x2");
    }

    /** The memory this topology's JVMs take at most: each provider, each consumer's launcher and its JMH fork. */
    long memoryBytes() {
        long provider = JvmRole.SERVER.maxHeapBytes() + JVM_OVERHEAD_BYTES;
        long consumer = JvmRole.CLIENT.maxHeapBytes() + JvmRole.FORK.maxHeapBytes() + 2 * JVM_OVERHEAD_BYTES;
        return providers * provider + consumers * consumer;
    }

    /**
     * Refuses a topology this machine cannot hold, before anything starts: a server's heap is committed at start, so
     * fifty of them would swap or be killed, and hundreds of JVMs on two cores measure only their own start-up.
     */
    public void checkFits(int cores, long availableMemoryBytes) {
        int jvms = providers + consumers;
        if (jvms > MAX_JVMS_PER_CORE * cores) {
            throw new IllegalArgumentException("option topology: " + this + " runs " + jvms + " JVMs (and a JMH fork"
                    + " per consumer) on " + cores + " cores; at most " + MAX_JVMS_PER_CORE * cores + " fit ("
                    + MAX_JVMS_PER_CORE + " a core)");
        }
        if (memoryBytes() > availableMemoryBytes) {
            throw new IllegalArgumentException("option topology: " + this + " needs about " + gib(memoryBytes())
                    + " GiB for its JVMs (" + gib(JvmRole.SERVER.maxHeapBytes()) + " GiB heap a provider, "
                    + gib(JvmRole.CLIENT.maxHeapBytes() + JvmRole.FORK.maxHeapBytes()) + " a consumer and its fork,"
                    + " each and more besides); this machine has " + gib(availableMemoryBytes) + " GiB available");
        }
    }

    private static String gib(long bytes) {
        return String.format(Locale.ROOT, "%.1f", bytes / (double) (1L << 30));
    }

    public boolean single() {
        return equals(SINGLE);
    }

    @Override
    public String toString() {
        return providers + "x" + consumers;
    }
}
