package org.rpcbench.client.options.availability;

import java.time.Duration;

/**
 * The availability load as its options give it.
 *
 * @param duration how long the calls go on
 * @param faultAt when a fault comes into the load, from its start, or null
 * @param threads the threads calling
 */
public record AvailabilitySettings(Duration duration, Duration faultAt, int threads) {
}
