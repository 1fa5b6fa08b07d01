package org.rpcbench.contract;

/**
 * What one call puts on the wire, in bytes, header included, as the stack's own codec frames it: the request and
 * its answer.
 */
public record FrameBytes(int request, int answer) {

    /** "235/36" */
    @Override
    public String toString() {
        return request + "/" + answer;
    }
}
