package org.rpcbench.contract;

/**
 * When a measured iteration's calls ran, which the client writes into JMH's JSON beside its costs ({@link CallCost})
 * as two secondary metrics: seconds since the epoch, on the client's clock, at the two moments its costs are taken
 * between. The runner places several consumers' iterations in time by them, so that it adds up only what ran at once.
 */
public final class MeasuredWindow {

    /** The secondary metric of the start; JMH keeps the earliest as its score. */
    public static final String START = "window.start";
    /** The secondary metric of the end; JMH keeps the latest as its score. */
    public static final String END = "window.end";
    /** Seconds since the epoch. */
    public static final String UNIT = "s";

    private MeasuredWindow() {
    }
}
