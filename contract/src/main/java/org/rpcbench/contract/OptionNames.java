package org.rpcbench.contract;

/**
 * The options a launcher passes to the programs it starts, named once for both sides: servers, clients and the
 * registry's programs declare them under these names, and the runner builds command lines with them.
 */
public final class OptionNames {

    public static final String HOST = "--host";
    public static final String PORT = "--port";
    public static final String REGISTRY = "--registry";
    /** Where a server or client sends its stack's log (Dubbo's, Netty's). */
    public static final String LOG = "--log";
    /** Where a server writes its {@link ServerReady}, a client its {@link ClientReady}, ZooKeeper its ready record. */
    public static final String READY_FILE = "--ready-file";
    /** Where a program writes its {@link Stopped} record when it ends. */
    public static final String STOP_FILE = "--stop-file";
    /** A client's result file. */
    public static final String RESULT_FILE = "--resultFile";
    /** A client that is one of several run at once on purpose: JMH's machine-wide lock is not taken. */
    public static final String CONCURRENT_CONSUMER = "--concurrent-consumer";
    /**
     * Where the consumers of a topology run meet before every iteration, so that they measure at once: a
     * {@link LockstepAddress}, host:port.
     */
    public static final String LOCKSTEP = "--lockstep";
    /** The address a consumer hosts the {@link #LOCKSTEP} meeting point on, for the others, a free port. */
    public static final String LOCKSTEP_HOST = "--lockstep-host";
    /** Where the consumer that hosts the meeting point writes its {@link LockstepAddress} once it listens. */
    public static final String LOCKSTEP_FILE = "--lockstep-file";
    /** How many consumers meet at the {@link #LOCKSTEP} meeting point, its host among them. */
    public static final String LOCKSTEP_CONSUMERS = "--lockstep-consumers";
    /**
     * Where a client meets one other before its load begins, so that both begin at once: the two sides of a duet,
     * each run by a launcher of its own.
     */
    public static final String START_TOGETHER = "--start-together";
    /** A client's fault-run load instead of JMH, for this long. */
    public static final String AVAILABILITY = "--availability";
    /** When into the availability load a fault comes. */
    public static final String FAULT_AT = "--fault-at";
    /** A client's open-loop load instead of JMH: calls due at this rate, per second. */
    public static final String RATE = "--rate";
    /** A client's open-loop sweep instead: rates in percent of each call's closed-loop capacity. */
    public static final String RATE_SWEEP = "--rate-sweep";
    /** A client's soak instead of JMH: the seed's stability calls mixed, for this long, both JVMs sampled. */
    public static final String SOAK = "--soak";
    /** Where a server or a soaking client appends its {@link JvmSample}s. */
    public static final String JVM_SAMPLES = "--jvm-samples";
    /** How often {@link #JVM_SAMPLES} samples. */
    public static final String SAMPLE_EVERY = "--sample-every";
    /** How often {@link #JVM_SAMPLES} also measures the live set, with a full GC of its own. */
    public static final String LIVE_SET_EVERY = "--live-set-every";
    /** The servers' {@link #JVM_SAMPLES} files, which a soaking client judges with its own. */
    public static final String SERVER_SAMPLES = "--server-samples";
    /**
     * CPU and allocation profiles (JFR files, async-profiler where it loads): a server's into this file, a client's
     * into this directory, one per benchmark fork.
     */
    public static final String PROFILE = "--profile";

    private OptionNames() {
    }
}
