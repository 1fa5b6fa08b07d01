package org.rpcbench.client.jmh;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.rpcbench.contract.Durations;
import org.rpcbench.contract.LockstepAddress;

/**
 * The meeting point of a topology run's JMH consumers, hosted by the first consumer's launcher on an address every
 * consumer reaches (its host's, its pod's; the loopback on one machine), so that consumers on several hosts meet as
 * on one. Each consumer's JVMs (its forks, one after the other, or the launcher itself with --forks 0) connect and
 * send a line, the consumer's id, at each of its iterations; n counts the consumer's arrivals over all its JVMs, and
 * every consumer waiting at iteration n is answered {@link #GO} at once when the last one arrives there. The wait is
 * bounded: a consumer missing for {@link #WAIT} ({@link #FIRST_WAIT} at the first iteration, where the consumers'
 * start-ups differ: a pod scheduled, its image pulled) ends the lockstep for the rest of the run with one line here,
 * and every consumer is answered {@link #ENDED} from then on and goes on alone.
 */
public final class LockstepHost implements AutoCloseable {

    static final Duration FIRST_WAIT = Duration.ofMinutes(3);
    static final Duration WAIT = Duration.ofSeconds(60);
    static final String GO = "go";
    static final String ENDED = "ended";
    /** The answer to a consumer beyond the count, which is a mistake of whoever started them. */
    static final String REFUSED = "refused";

    private final ServerSocket listener;
    private final LockstepAddress address;
    private final int consumers;
    private final Duration firstWait;
    private final Duration wait;
    private final PrintStream err;
    /** Each consumer's arrivals so far, by its id. */
    private final Map<String, Long> arrivals = new HashMap<>();
    private final Set<Socket> connections = ConcurrentHashMap.newKeySet();
    private boolean ended;

    LockstepHost(String host, int consumers, Duration firstWait, Duration wait, PrintStream err) {
        try {
            this.listener = new ServerSocket();
            listener.bind(new InetSocketAddress(InetAddress.getByName(host), 0));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot host the consumers' lockstep on " + host + ": " + e.getMessage(),
                    e);
        }
        this.address = new LockstepAddress(host, listener.getLocalPort());
        this.consumers = consumers;
        this.firstWait = firstWait;
        this.wait = wait;
        this.err = err;
        daemon("lockstep-host", this::accept).start();
    }

    /** Listens on {@code host}, a free port, until closed; says on stderr when the lockstep ends. */
    public static LockstepHost open(String host, int consumers) {
        return new LockstepHost(host, consumers, FIRST_WAIT, WAIT, System.err);
    }

    public LockstepAddress address() {
        return address;
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket socket = listener.accept();
                socket.setTcpNoDelay(true);
                connections.add(socket);
                daemon("lockstep-consumer", () -> serve(socket)).start();
            } catch (IOException e) {
                // closed
            }
        }
    }

    /** One JVM of a consumer: an answer to each arrival, until it goes (its fork ended) or the host closes. */
    private void serve(Socket socket) {
        try (socket;
                BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                        StandardCharsets.US_ASCII));
                Writer out = new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.US_ASCII)) {
            for (String consumer = in.readLine(); consumer != null; consumer = in.readLine()) {
                out.write(arrive(consumer) + "\n");
                out.flush();
            }
        } catch (IOException e) {
            // the consumer's JVM is gone, or this host closed
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            connections.remove(socket);
        }
    }

    /** The consumer's next iteration, once every consumer has arrived there, or the lockstep has ended. */
    synchronized String arrive(String consumer) throws InterruptedException {
        if (ended) {
            return ENDED;
        }
        if (!arrivals.containsKey(consumer) && arrivals.size() == consumers) {
            return REFUSED + ": " + consumers + " consumers already meet at " + address;
        }
        long iteration = arrivals.merge(consumer, 1L, Long::sum);
        notifyAll();
        long deadline = System.nanoTime() + (iteration == 1 ? firstWait : wait).toNanos();
        while (!ended && arrivedAt(iteration) < consumers) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                ended = true;
                notifyAll();
                err.println("lockstep ended: " + arrivedAt(iteration) + " of " + consumers + " consumers arrived at"
                        + " iteration " + iteration + " within " + Durations.format(iteration == 1 ? firstWait : wait)
                        + "; the consumers go on unsynchronised, and the merge keeps only what they measured at"
                        + " once");
                return ENDED;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return arrivedAt(iteration) == consumers ? GO : ENDED;
    }

    private long arrivedAt(long iteration) {
        return arrivals.values().stream().filter(arrived -> arrived >= iteration).count();
    }

    /** Stops listening and hangs up on every consumer still connected; a consumer still meeting then goes alone. */
    @Override
    public void close() {
        synchronized (this) {
            ended = true;
            notifyAll();
        }
        try {
            listener.close();
            for (Socket socket : connections) {
                socket.close();
            }
        } catch (IOException e) {
            // closing what is already closing
        }
    }

    private static Thread daemon(String name, Runnable task) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        return thread;
    }
}
