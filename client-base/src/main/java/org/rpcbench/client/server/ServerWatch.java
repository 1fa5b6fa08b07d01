package org.rpcbench.client.server;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.rpcbench.stack.Target;

/**
 * Whether the server a load calls is still there: after a failed call, the load asks, and stops calling a server
 * that is gone rather than flooding it (and the log) with calls that cannot succeed. Asks the network at most once a
 * second however many threads fail; a target found through a registry has no one address to ask, and is never
 * called gone.
 */
public final class ServerWatch {

    private static final int CONNECT_TIMEOUT_MILLIS = 1000;
    private static final long PROBE_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final Target target;
    private final AtomicLong nextProbeNanos = new AtomicLong(System.nanoTime());
    private volatile String gone;

    public ServerWatch(Target target) {
        this.target = target;
    }

    /** After a failed call: why the server is gone, or null while it may still be there. */
    public String afterFailure() {
        long next = nextProbeNanos.get();
        if (gone == null && System.nanoTime() - next >= 0
                && nextProbeNanos.compareAndSet(next, System.nanoTime() + PROBE_INTERVAL_NANOS)) {
            if (target.direct() && !accepting(target)) {
                gone = goneMessage(target);
            }
        }
        return gone;
    }

    /** Why the server is gone, once a failed call found it so; null otherwise. */
    public String gone() {
        return gone;
    }

    /** Whether the server still accepts connections, in words; null for a target found through a registry. */
    public static String state(Target target) {
        if (!target.direct()) {
            return null;
        }
        return accepting(target) ? "the server at " + target.describe() + " still accepts connections"
                : goneMessage(target);
    }

    private static boolean accepting(Target target) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(target.host(), target.port()), CONNECT_TIMEOUT_MILLIS);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static String goneMessage(Target target) {
        return "the server at " + target.describe() + " is gone: nothing accepts connections there any more"
                + " (it stopped, or was killed)";
    }
}
