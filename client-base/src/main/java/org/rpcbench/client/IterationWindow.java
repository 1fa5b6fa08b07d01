package org.rpcbench.client;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.ThreadParams;
import org.rpcbench.client.cost.CallCostProfiler;
import org.rpcbench.client.jmh.Lockstep;

/**
 * Takes what both sides had spent as each iteration's calls begin and end ({@link CallCostProfiler}, which also has
 * the consumers of a topology run meet there: {@link Lockstep}), on JMH's first benchmark thread only. The same
 * hooks on the shared benchmark state would make JMH hold every other thread in a busy wait while one thread probes
 * the providers: 31 threads spinning on two cores took about 3% of a client fork's CPU here (docs/harness-gap.md).
 * JMH starts measuring only once every thread's set-up is done, and every thread's measured calls are done before
 * any tear-down, so the window is the same.
 */
@State(Scope.Thread)
public class IterationWindow {

    @Setup(Level.Iteration)
    public void countFromHere(ThreadParams thread) {
        if (thread.getThreadIndex() == 0) {
            CallCostProfiler.iterationStarts(Lockstep::beforeIteration);
        }
    }

    @TearDown(Level.Iteration)
    public void countToHere(ThreadParams thread) {
        if (thread.getThreadIndex() == 0) {
            CallCostProfiler.iterationEnds();
        }
    }
}
