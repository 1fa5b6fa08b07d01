package org.rpcbench.client.options.availability;

import java.util.List;

import org.rpcbench.client.options.values.JmhTime;
import org.rpcbench.client.options.values.TimeConverter;
import org.rpcbench.contract.OptionNames;
import org.rpcbench.contract.Timeline;
import picocli.CommandLine.Option;

/** The availability load's options: fault runs, every call counted instead of stopping at the first failure. */
public final class AvailabilityOptions {

    @Option(names = OptionNames.AVAILABILITY, required = true, paramLabel = "time", converter = TimeConverter.class,
            description = "call the four UserService calls for this long (seconds, or a JMH time such as 500ms)"
                    + " with --threads threads, count each call as ok, failed or wrong instead of stopping at the"
                    + " first failure, and write a 100 ms timeline with the disturbance window to the result"
                    + " file (json). Exits 0 when no answer was wrong and a call succeeded in the last second")
    JmhTime time;

    @Option(names = OptionNames.FAULT_AT, paramLabel = "time", converter = TimeConverter.class,
            description = "a fault is injected this long into the load (by whoever runs the test); the"
                    + " disturbance is looked for from there on, not in the warmup before it")
    JmhTime faultAt;

    /**
     * The settings these options give, checked.
     *
     * @param threads the levels {@code --threads} gives: the availability load runs one
     * @throws IllegalArgumentException naming the option when a value is bad
     */
    public AvailabilitySettings settings(List<Integer> threads) {
        if (threads.size() > 1) {
            throw new IllegalArgumentException("option threads: --availability runs one thread count, not a list");
        }
        if (time.toDuration().toMillis() < Timeline.RECOVERY_MILLIS) {
            throw new IllegalArgumentException("option availability: " + time
                    + " is shorter than the 1 s a recovery needs");
        }
        if (faultAt != null && faultAt.toDuration().compareTo(time.toDuration()) >= 0) {
            throw new IllegalArgumentException("option fault-at: " + faultAt + " is not inside the " + time + " load");
        }
        return new AvailabilitySettings(time.toDuration(), faultAt == null ? null : faultAt.toDuration(),
                threads.get(0));
    }
}
