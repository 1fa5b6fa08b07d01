package org.rpcbench.contract;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** What a host option (-s, --host) takes: a name or address that resolves, without a port. */
public final class Hosts {

    private Hosts() {
    }

    /**
     * @throws IllegalArgumentException saying what is wrong: a port typed into the host (which -p takes), or a name
     *                                  that does not resolve
     */
    public static void check(String host) {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("the host is empty");
        }
        if (host.indexOf(':') >= 0 && host.indexOf(':') == host.lastIndexOf(':')) {
            throw new IllegalArgumentException("'" + host + "' is not a host: give the port with -p");
        }
        try {
            InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("'" + host + "' does not resolve to an address");
        }
    }
}
