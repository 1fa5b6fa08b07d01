package org.rpcbench.contract;

import java.util.List;

/**
 * What a call cost on each side, measured over every JMH iteration and written by the client into JMH's JSON as
 * secondary metrics under {@link #label()}, which the report and the gate read back. CPU and allocation per call
 * move far less with the machine's load than time does, so they are gated with thresholds of their own.
 */
public enum CallCost {
    /** The client's process CPU (its JMH fork) over the iteration, per operation. */
    CLIENT_CPU("cost.client.cpu", "us/op", "client CPU (µs/call)", Kind.CPU, Side.CLIENT),
    /** The providers' process CPU over the iteration, per call they served. */
    SERVER_CPU("cost.server.cpu", "us/op", "server CPU (µs/call)", Kind.CPU, Side.SERVER),
    /**
     * The CPU of the client's Java threads over the iteration, per operation: its process CPU without the JIT's
     * compiling and the collector's threads, which vary from one fresh JVM to the next far more than a call's own
     * work does.
     */
    CLIENT_THREADS_CPU("cost.client.threadcpu", "us/op", "client threads' CPU (µs/call)", Kind.CPU, Side.CLIENT),
    /** The providers' Java threads' CPU over the iteration (their I/O and worker threads'), per call they served. */
    SERVER_THREADS_CPU("cost.server.threadcpu", "us/op", "server threads' CPU (µs/call)", Kind.CPU, Side.SERVER),
    /** Bytes the client's threads allocated over the iteration, per operation. */
    CLIENT_ALLOCATION("cost.client.alloc", "B/op", "client alloc (B/call)", Kind.ALLOCATION, Side.CLIENT),
    /** Bytes the providers' threads allocated over the iteration, per call they served. */
    SERVER_ALLOCATION("cost.server.alloc", "B/op", "server alloc (B/call)", Kind.ALLOCATION, Side.SERVER),
    /** The client's CPU over the iteration, in percent of all its machine's cores. */
    CLIENT_LOAD("cost.client.load", "%", "client load (% of cores)", Kind.LOAD, Side.CLIENT),
    /** The providers' CPU over the iteration, in percent of all their machines' cores. */
    SERVER_LOAD("cost.server.load", "%", "server load (% of cores)", Kind.LOAD, Side.SERVER),
    /**
     * Client and providers together, in percent of the cores of the one machine they share; only where they share
     * it (one kernel: the same host, network namespaces or containers on it).
     */
    MACHINE_LOAD("cost.machine.load", "%", "machine load (% of cores)", Kind.LOAD, Side.BOTH);

    /** What a metric measures, and so which threshold gates it. */
    public enum Kind { CPU, ALLOCATION, LOAD }

    /** Whose cost it is: the two sides' CPU spread differently, so the gates may judge them apart. */
    public enum Side { CLIENT, SERVER, BOTH }

    /** The costs of one call a report shows, CPU and bytes on each side (the loads only say who was busy). */
    public static final List<CallCost> PER_CALL = List.of(CLIENT_CPU, SERVER_CPU, CLIENT_ALLOCATION,
            SERVER_ALLOCATION);

    /** The costs of one call the gates judge: those a report shows and, steadier, the Java threads' CPU. */
    public static final List<CallCost> JUDGED = List.of(CLIENT_CPU, SERVER_CPU, CLIENT_THREADS_CPU,
            SERVER_THREADS_CPU, CLIENT_ALLOCATION, SERVER_ALLOCATION);

    private final String label;
    private final String unit;
    private final String header;
    private final Kind kind;
    private final Side side;

    CallCost(String label, String unit, String header, Kind kind, Side side) {
        this.label = label;
        this.unit = unit;
        this.header = header;
        this.kind = kind;
        this.side = side;
    }

    /** The secondary metric's name in JMH's JSON. */
    public String label() {
        return label;
    }

    /** The unit JMH prints beside it. */
    public String unit() {
        return unit;
    }

    /** A report column's header. */
    public String header() {
        return header;
    }

    public Kind kind() {
        return kind;
    }

    public Side side() {
        return side;
    }
}
