package org.rpcbench.client.jmh;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import org.rpcbench.contract.LockstepAddress;

/**
 * The consumers of a topology run, each a client with forks of its own, meeting before every iteration (warmup ones
 * included) so that their iterations run, and are measured, at once. Without it they drift apart by their forks'
 * start-ups, and a consumer that finishes a benchmark first runs the next alone. They meet at the first consumer's
 * {@link LockstepHost}, over TCP, wherever each runs: each JVM of a consumer (its forks inherit where and who they
 * are) holds one connection and, at each iteration, says who it is and waits for the answer. The wait is bounded
 * there; once the lockstep has ended, or the meeting point cannot be reached, this JVM goes on alone, and the merge
 * of the consumers' results keeps only what they measured at once.
 */
public final class Lockstep {

    static final String ADDRESS_PROPERTY = "rpcbench.lockstep.address";
    static final String CONSUMER_PROPERTY = "rpcbench.lockstep.consumer";
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private static Lockstep inThisJvm;

    private final LockstepAddress address;
    private final String consumer;
    /** How long an answer may take: the host's longest wait, and then some; longer, it is as good as gone. */
    private final Duration answerTimeout;
    private Socket socket;
    private BufferedReader in;
    private Writer out;
    private boolean alone;

    Lockstep(LockstepAddress address, String consumer, Duration answerTimeout) {
        this.address = address;
        this.consumer = consumer;
        this.answerTimeout = answerTimeout;
    }

    /** What a fork needs to meet the other consumers as its launcher would: where, and which consumer it is. */
    static Map<String, String> systemProperties(LockstepAddress address) {
        return Map.of(ADDRESS_PROPERTY, address.toString(), CONSUMER_PROPERTY, UUID.randomUUID().toString());
    }

    /** Meets the other consumers before an iteration, when this JVM was told to; at once otherwise. */
    public static void beforeIteration() {
        Lockstep lockstep;
        synchronized (Lockstep.class) {
            String address = System.getProperty(ADDRESS_PROPERTY);
            if (inThisJvm == null && address != null) {
                inThisJvm = new Lockstep(LockstepAddress.parse(address), System.getProperty(CONSUMER_PROPERTY),
                        LockstepHost.FIRST_WAIT.plus(CONNECT_TIMEOUT));
            }
            lockstep = inThisJvm;
        }
        if (lockstep != null) {
            lockstep.meet();
        }
    }

    /** Arrives at this consumer's next iteration and waits until the meeting point says go (or to go alone). */
    void meet() {
        if (alone) {
            return;
        }
        String answer;
        try {
            if (socket == null) {
                connect();
            }
            out.write(consumer + "\n");
            out.flush();
            answer = in.readLine();
        } catch (IOException e) {
            goAlone("the meeting point at " + address + " cannot be reached (" + e.getMessage() + ")");
            return;
        }
        if (answer == null) {
            goAlone("the meeting point at " + address + " is gone");
        } else if (answer.equals(LockstepHost.ENDED)) {
            // its host said why, once for every consumer
            goAlone(null);
        } else if (!answer.equals(LockstepHost.GO)) {
            throw new IllegalStateException("the consumers' lockstep at " + address + ": " + answer);
        }
    }

    private void connect() throws IOException {
        socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(address.host(), address.port()), (int) CONNECT_TIMEOUT.toMillis());
        socket.setSoTimeout((int) answerTimeout.toMillis());
        in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
        out = new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.US_ASCII);
    }

    /** No more meetings for this JVM; {@code why}, when not null, said once. */
    private void goAlone(String why) {
        alone = true;
        if (why != null) {
            System.err.println("lockstep ended: " + why + "; this consumer goes on unsynchronised, and the merge"
                    + " keeps only what the consumers measured at once");
        }
        close();
    }

    /** Hangs up, as the end of this JVM would. */
    void close() {
        try {
            if (socket != null) {
                socket.close();
            }
        } catch (IOException e) {
            // already closed
        }
    }
}
