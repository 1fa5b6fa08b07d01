package org.rpcbench.client.soak;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.rpcbench.api.EchoService;
import org.rpcbench.api.Payload;
import org.rpcbench.api.WrongAnswerException;
import org.rpcbench.client.options.soak.PayloadSizes;
import org.rpcbench.contract.SoakReport;

/**
 * The seed's high-pressure run ({@link PayloadSizes}): the soak's string echo carries a string whose size is drawn
 * anew at each interval, from a fixed seed so that two runs draw the same sizes. Sizes are drawn log-uniformly, so
 * that small and large strings both come up (uniformly, nine draws in ten would exceed 20K).
 */
final class PayloadSchedule {

    private static final long SEED = 20;

    private final PayloadSizes sizes;
    private final SplittableRandom random = new SplittableRandom(SEED);
    private final List<SoakReport.PayloadChange> changes = new ArrayList<>();
    private volatile String current;
    private ScheduledExecutorService timer;

    PayloadSchedule(PayloadSizes sizes) {
        this.sizes = sizes;
    }

    /** Draws the first size and changes it every interval until {@link #stop()}. */
    void start() {
        change();
        timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "payload-schedule");
            thread.setDaemon(true);
            return thread;
        });
        timer.scheduleAtFixedRate(this::change, sizes.every().toMillis(), sizes.every().toMillis(),
                TimeUnit.MILLISECONDS);
    }

    void stop() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }

    private void change() {
        double logSize = Math.log(sizes.minChars())
                + random.nextDouble() * (Math.log(sizes.maxChars()) - Math.log(sizes.minChars()));
        int size = (int) Math.min(sizes.maxChars(), Math.max(sizes.minChars(), Math.round(Math.exp(logSize))));
        current = Payload.text(size);
        synchronized (changes) {
            changes.add(new SoakReport.PayloadChange(System.currentTimeMillis(), size));
        }
    }

    /** A caller echoing the string of the moment and checking the answer equals it. */
    Supplier<Object> caller(EchoService echo) {
        return () -> {
            String request = current;
            Object answer = echo.echo(request);
            if (!request.equals(answer)) {
                throw new WrongAnswerException("echo of a " + request.length() + "-char string answered "
                        + (answer instanceof String string ? "one of " + string.length() + " chars" : answer));
            }
            return answer;
        };
    }

    /** The schedule as the report records it: its text and every size drawn, with when. */
    SoakReport.Payloads record() {
        synchronized (changes) {
            return new SoakReport.Payloads(sizes.text(), sizes.every().toMillis(), List.copyOf(changes));
        }
    }
}
