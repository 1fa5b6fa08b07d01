package org.rpcbench.api;

/** The seed reports' scenarios: payloads echoed untouched, and one call that costs the server CPU. */
public interface EchoService {

    /** Returns the payload it received, untouched (the {@code sendRequest(Object)} of the dubbox comparison). */
    Object echo(Object payload);

    /**
     * The CPU-bound call of the Dubbo 2.0 report: appends {@code count} random numbers, generated on each call from
     * one fixed seed ({@link CpuBoundContract}), to the payload and answers the length of what it assembled.
     */
    int assembleRandomNumbers(String payload, int count);
}
