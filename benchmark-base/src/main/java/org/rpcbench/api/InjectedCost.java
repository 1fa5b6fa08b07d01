package org.rpcbench.api;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;


/**
 * A deliberately costlier candidate, for the gate's own tests and docs ({@code --inject-cost getUser:20us} or
 * {@code getUser:4kB}, to a server or to a client): every time that side serves or makes that one call, it also burns
 * that much CPU on the calling thread, or allocates that many more bytes, so that a gate can be shown to see a
 * change of known size on either side.
 */
public final class InjectedCost {

    private static final Pattern FORMAT =
            Pattern.compile("(existUser|createUser|getUser|listUser):([0-9]+)(ns|us|ms|B|kB)");

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** What the burnt work and the extra arrays are handed to, so that the JIT can drop neither. */
    @SuppressWarnings("unused")
    private static volatile Object sink;

    private final String call;
    private final long burnNanos;
    private final int extraBytes;

    private InjectedCost(String call, long burnNanos, int extraBytes) {
        this.call = call;
        this.burnNanos = burnNanos;
        this.extraBytes = extraBytes;
    }

    /**
     * {@code <call>:<amount>}, the call one of the four UserService calls, the amount a whole number of ns, us or ms
     * (CPU burnt; ns to give a share of a call's CPU exactly) or of B or kB (bytes allocated).
     *
     * @throws IllegalArgumentException saying what it takes
     */
    public static InjectedCost parse(String text) {
        Matcher matcher = FORMAT.matcher(text);
        long amount = matcher.matches() ? Long.parseLong(matcher.group(2)) : 0;
        if (amount == 0 || amount > Integer.MAX_VALUE / 1024) {
            throw new IllegalArgumentException("option inject-cost: '" + text + "' is not <call>:<amount>, e.g."
                    + " getUser:20us (CPU burnt per call, ns, us or ms) or getUser:4kB (bytes allocated per call, B or"
                    + " kB), for existUser, createUser, getUser or listUser");
        }
        String call = matcher.group(1);
        return switch (matcher.group(3)) {
            case "ns" -> new InjectedCost(call, amount, 0);
            case "us" -> new InjectedCost(call, TimeUnit.MICROSECONDS.toNanos(amount), 0);
            case "ms" -> new InjectedCost(call, TimeUnit.MILLISECONDS.toNanos(amount), 0);
            case "B" -> new InjectedCost(call, 0, (int) amount);
            default -> new InjectedCost(call, 0, (int) amount * 1024);
        };
    }

    public String describe() {
        return String.format(Locale.ROOT, "injected cost: every %s also %s (--inject-cost, for testing the gate)",
                call, burnNanos > 0 ? "burns " + burnt() + " of CPU"
                        : "allocates " + extraBytes + " more bytes");
    }

    private String burnt() {
        return burnNanos % 1000 == 0 ? burnNanos / 1000 + " us" : burnNanos + " ns";
    }

    /** The calling thread pays the cost when the call is the injected one. */
    private void pay(String served) {
        if (!call.equals(served)) {
            return;
        }
        if (burnNanos > 0) {
            burn(burnNanos - ClockReads.OVERHEAD_NANOS);
        } else {
            byte[] extra = new byte[extraBytes];
            extra[extraBytes - 1] = 1;
            sink = extra;
        }
    }

    /**
     * Spins until this thread's own CPU clock has moved on by {@code nanos}: the cost is the same however the worker
     * is scheduled, and whatever speed the machine runs at that moment.
     */
    private static void burn(long nanos) {
        long end = THREADS.getCurrentThreadCpuTime() + nanos;
        long work = end;
        while (THREADS.getCurrentThreadCpuTime() < end) {
            work = work * 6364136223846793005L + 1442695040888963407L;
        }
        sink = work;
    }

    /**
     * What a burn costs beyond what it was asked: the CPU clock's reads (a system call each, about 0.6 us here)
     * around its end, 0.8-1 us a call here, 40% more than asked at 2 us. Measured once, after the JIT compiled the
     * loop, and taken off every burn.
     */
    private static final class ClockReads {

        private static final long PROBE_NANOS = 10_000;
        private static final int PROBES = 1000;

        static final long OVERHEAD_NANOS = measure();

        /** Measures once, when first called. */
        static void measured() {
        }

        private static long measure() {
            for (int i = 0; i < 2 * PROBES; i++) {
                burn(PROBE_NANOS);
            }
            long start = THREADS.getCurrentThreadCpuTime();
            for (int i = 0; i < PROBES; i++) {
                burn(PROBE_NANOS);
            }
            return Math.max(0, (THREADS.getCurrentThreadCpuTime() - start) / PROBES - PROBE_NANOS);
        }
    }

    /** The same calls, the injected one paying its cost first. */
    public UserService users(UserService users) {
        if (burnNanos > 0) {
            ClockReads.measured(); // before the first call, not in it
        }
        return new UserService() {
            @Override
            public boolean existUser(String email) {
                pay("existUser");
                return users.existUser(email);
            }

            @Override
            public boolean createUser(User user) {
                pay("createUser");
                return users.createUser(user);
            }

            @Override
            public User getUser(long id) {
                pay("getUser");
                return users.getUser(id);
            }

            @Override
            public Page<User> listUser(int pageNo) {
                pay("listUser");
                return users.listUser(pageNo);
            }
        };
    }
}
