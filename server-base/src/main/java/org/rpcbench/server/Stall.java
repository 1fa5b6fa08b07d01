package org.rpcbench.server;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.rpcbench.api.EchoService;
import org.rpcbench.api.Page;
import org.rpcbench.api.User;
import org.rpcbench.api.UserService;

/**
 * A disturbance for tests and demonstrations ({@code --stall 500ms@20s}): once, a given time after the first call,
 * every call that arrives waits until a pause of the given length has passed, as if the provider's JVM had stopped
 * (a long GC pause). An open loop counts the pause against every call due in it; a closed loop, once per thread.
 */
final class Stall {

    private static final Pattern FORMAT = Pattern.compile("([0-9]+)(ms|s)@([0-9]+)(ms|s)");

    private final long lengthNanos;
    private final long afterNanos;
    private final AtomicLong firstCallAt = new AtomicLong();
    /** When the pause ends, on nanoTime's clock; 0 until it has begun. */
    private final AtomicLong endsAt = new AtomicLong();

    private Stall(long lengthNanos, long afterNanos) {
        this.lengthNanos = lengthNanos;
        this.afterNanos = afterNanos;
    }

    /**
     * {@code <length>@<after>}, each a whole number of ms or s.
     *
     * @throws IllegalArgumentException saying what it takes
     */
    static Stall parse(String text) {
        Matcher matcher = FORMAT.matcher(text);
        if (!matcher.matches() || Long.parseLong(matcher.group(1)) == 0) {
            throw new IllegalArgumentException("option stall: '" + text + "' is not <length>@<after>, e.g."
                    + " 500ms@20s (a pause of 500 ms, 20 s after the first call)");
        }
        return new Stall(nanos(matcher.group(1), matcher.group(2)), nanos(matcher.group(3), matcher.group(4)));
    }

    private static long nanos(String value, String unit) {
        return ("s".equals(unit) ? TimeUnit.SECONDS : TimeUnit.MILLISECONDS).toNanos(Long.parseLong(value));
    }

    String describe() {
        return "stall: once, " + TimeUnit.NANOSECONDS.toMillis(afterNanos) + " ms after the first call, every call"
                + " waits until a " + TimeUnit.NANOSECONDS.toMillis(lengthNanos) + " ms pause has passed (--stall)";
    }

    /** Holds the calling worker while the pause lasts; begins the pause when its time has come. */
    void pass() {
        long now = System.nanoTime();
        firstCallAt.compareAndSet(0, now);
        if (endsAt.get() == 0 && now - firstCallAt.get() - afterNanos >= 0) {
            endsAt.compareAndSet(0, now + lengthNanos);
        }
        long end = endsAt.get();
        while (end != 0 && (now = System.nanoTime()) - end < 0) {
            LockSupport.parkNanos(end - now);
        }
    }

    UserService users(UserService users) {
        return new UserService() {
            @Override
            public boolean existUser(String email) {
                pass();
                return users.existUser(email);
            }

            @Override
            public boolean createUser(User user) {
                pass();
                return users.createUser(user);
            }

            @Override
            public User getUser(long id) {
                pass();
                return users.getUser(id);
            }

            @Override
            public Page<User> listUser(int pageNo) {
                pass();
                return users.listUser(pageNo);
            }
        };
    }

    EchoService echo(EchoService echo) {
        return new EchoService() {
            @Override
            public Object echo(Object payload) {
                pass();
                return echo.echo(payload);
            }

            @Override
            public int assembleRandomNumbers(String payload, int count) {
                pass();
                return echo.assembleRandomNumbers(payload, count);
            }
        };
    }
}
