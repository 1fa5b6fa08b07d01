package org.rpcbench.api;

import picocli.CommandLine.Option;

/**
 * The {@code --inject-cost} option of servers and clients alike, declared once: a side of known extra cost, for the
 * gate's own tests ({@link InjectedCost}).
 */
public final class InjectCostOption {

    @Option(names = "--inject-cost", paramLabel = "call:amount", description = "for the gate's own tests and docs:"
            + " one UserService call also burns this much CPU (ns, us, ms) or allocates this many bytes (B, kB) every"
            + " time this process serves or makes it, e.g. getUser:20us or getUser:4kB")
    String text;

    /**
     * The cost given, or null for none.
     *
     * @throws IllegalArgumentException naming the option when the value is not a cost
     */
    public InjectedCost cost() {
        return text == null ? null : InjectedCost.parse(text);
    }

    /** The value as given, to hand on to another process of the same side; null for none. */
    public String text() {
        return text;
    }
}
