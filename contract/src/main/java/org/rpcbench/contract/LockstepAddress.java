package org.rpcbench.contract;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the JMH consumers of a topology run meet before every iteration: the meeting point the first consumer hosts
 * ({@link OptionNames#LOCKSTEP_HOST}), written to its {@link OptionNames#LOCKSTEP_FILE} as soon as it listens, and
 * given to every other consumer as {@code host:port} ({@link OptionNames#LOCKSTEP}).
 *
 * @param host the address the meeting point bound, exactly as given: one every consumer reaches
 * @param port the port it bound, a free one it was given
 */
public record LockstepAddress(String host, int port) {

    private static final Pattern HOST_PORT = Pattern.compile("(\\[[0-9a-fA-F:.]+]|[^\\s\\[\\]:/]+):(\\d{1,5})");

    public LockstepAddress {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("lockstep port " + port + " is not a port number");
        }
    }

    /** @throws IllegalArgumentException when the text is not host:port ([address]:port for IPv6) */
    public static LockstepAddress parse(String text) {
        Matcher matcher = HOST_PORT.matcher(text);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not host:port");
        }
        String host = matcher.group(1);
        return new LockstepAddress(host.startsWith("[") ? host.substring(1, host.length() - 1) : host,
                Integer.parseInt(matcher.group(2)));
    }

    /** host:port, as {@link #parse} reads it. */
    @Override
    public String toString() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
