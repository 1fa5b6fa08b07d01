package org.rpcbench.motan;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import com.weibo.api.motan.core.extension.SpiMeta;
import com.weibo.api.motan.rpc.URL;
import com.weibo.api.motan.transport.MessageHandler;
import com.weibo.api.motan.transport.Server;
import com.weibo.api.motan.transport.netty4.NettyEndpointFactory;

/**
 * The server's transport: {@link ExactHostServer} on the host the server was told, which motan's URL no longer
 * holds (motan puts the machine's address there in place of a loopback one). Clients keep motan's own.
 */
@SpiMeta(name = ExactHostEndpointFactory.NAME)
public final class ExactHostEndpointFactory extends NettyEndpointFactory {

    static final String NAME = "rpcbench-exacthost";

    /** Where the server about to be made for a port binds, and its taps. */
    record Binding(String host, ConnectionTaps taps) {
    }

    private static final Map<Integer, Binding> EXPECTED = new ConcurrentHashMap<>();

    /** Says where the server motan is about to make for this port binds; taken back by {@link #forget}. */
    static void expect(int port, Binding binding) {
        EXPECTED.put(port, binding);
    }

    static void forget(int port) {
        EXPECTED.remove(port);
    }

    @Override
    protected Server innerCreateServer(URL url, MessageHandler messageHandler) {
        Binding binding = EXPECTED.get(url.getPort());
        if (binding == null) {
            throw new IllegalStateException("no host was given for a motan server on port " + url.getPort());
        }
        return new ExactHostServer(url, messageHandler, binding.host(), binding.taps());
    }
}
