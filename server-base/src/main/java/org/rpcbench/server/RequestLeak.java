package org.rpcbench.server;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

import org.rpcbench.api.EchoService;

/**
 * A leak for tests and demonstrations of the soak verdict ({@code --retain-requests n}): every n-th echo request is
 * kept for the life of the server, as a cache that never evicts would, so the live set grows with the calls (every
 * one of the seed's stability calls would fill a default heap within minutes here).
 */
final class RequestLeak {

    private final int every;
    private final AtomicLong calls = new AtomicLong();
    private final Queue<Object> retained = new ConcurrentLinkedQueue<>();

    RequestLeak(int every) {
        this.every = every;
    }

    String describe() {
        return "leak: every " + (every == 1 ? "" : every + "th ") + "echo request is kept until the server stops"
                + " (--retain-requests)";
    }

    EchoService echo(EchoService echo) {
        return new EchoService() {
            @Override
            public Object echo(Object payload) {
                if (calls.incrementAndGet() % every == 0) {
                    retained.add(payload);
                }
                return echo.echo(payload);
            }

            @Override
            public int assembleRandomNumbers(String payload, int count) {
                return echo.assembleRandomNumbers(payload, count);
            }
        };
    }
}
