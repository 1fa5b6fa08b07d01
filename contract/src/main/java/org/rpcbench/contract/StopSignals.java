package org.rpcbench.contract;

import java.util.List;
import java.util.concurrent.CountDownLatch;

import sun.misc.Signal;

/** How a long-running main (a server, the embedded ZooKeeper) learns it was asked to stop. */
public final class StopSignals {

    private StopSignals() {
    }

    /**
     * A latch that SIGTERM or Ctrl-C (SIGINT) opens. Handling the signals ourselves, not in a shutdown hook, lets a
     * requested stop finish its work and end with exit 0 rather than 143.
     */
    public static CountDownLatch install() {
        CountDownLatch stop = new CountDownLatch(1);
        for (String signal : List.of("TERM", "INT")) {
            Signal.handle(new Signal(signal), received -> stop.countDown());
        }
        return stop;
    }
}
