package org.rpcbench.runner;

/**
 * How many providers and consumers of one pair run at once. One of each talks over a direct URL unless a registry
 * is named; more than one provider always goes through a registry (the consumers must discover them).
 */
record Topology(int providers, int consumers) {

    static final Topology SINGLE = new Topology(1, 1);

    Topology {
        if (providers < 1 || consumers < 1) {
            throw new IllegalArgumentException("option topology: " + providers + "x" + consumers
                    + " needs at least one provider and one consumer");
        }
    }

    /** "2x2": providers x consumers. */
    static Topology parse(String value) {
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

    boolean single() {
        return equals(SINGLE);
    }

    @Override
    public String toString() {
        return providers + "x" + consumers;
    }
}
