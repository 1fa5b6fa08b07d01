package org.rpcbench.dubbo;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** A port free on loopback for a test's server; shipped in the test-jar with the pair tests that use it. */
final class FreePorts {

    private FreePorts() {
    }

    static int loopback() throws IOException {
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return free.getLocalPort();
        }
    }
}
