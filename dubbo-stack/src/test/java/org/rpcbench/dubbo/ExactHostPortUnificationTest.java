package org.rpcbench.dubbo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetSocketAddress;

import org.apache.dubbo.common.utils.NetUtils;
import org.junit.jupiter.api.Test;

class ExactHostPortUnificationTest {

    @Test
    void aLoopbackHostBecomesALiteralDubboKeepsThatJavaResolvesToTheSameAddress() {
        for (String host : new String[] {"127.0.0.1", "localhost", "127.0.0.2"}) {
            String literal = ExactHostPortUnification.literal(host);
            assertEquals(literal, NetUtils.filterLocalHost(literal), host);
            InetSocketAddress address = new InetSocketAddress(literal, 8080);
            assertEquals(new InetSocketAddress(host.equals("localhost") ? "127.0.0.1" : host, 8080), address, host);
        }
    }

    @Test
    void otherHostsAreLeftAsGiven() {
        assertEquals("192.0.2.7", ExactHostPortUnification.literal("192.0.2.7"));
        assertEquals("::1", ExactHostPortUnification.literal("::1"));
    }
}
