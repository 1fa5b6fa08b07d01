package org.rpcbench.dubbo;

import java.net.InetSocketAddress;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.remoting.ChannelHandler;
import org.apache.dubbo.remoting.Client;
import org.apache.dubbo.remoting.RemotingException;
import org.apache.dubbo.remoting.RemotingServer;
import org.apache.dubbo.remoting.Transporter;
import org.apache.dubbo.remoting.transport.netty4.NettyClient;
import org.apache.dubbo.remoting.transport.netty4.NettyServer;

/**
 * Dubbo's Netty 4 transport, bound and connected to exactly the host it is given.
 *
 * <p>Dubbo treats 127.x and localhost as "no address": a provider told 127.0.0.1 binds 0.0.0.0, and a consumer told
 * 127.0.0.1 connects to the machine's own non-loopback address. A loopback benchmark would then leave the loopback,
 * and a server meant for loopback would listen on every interface. The ways Dubbo offers around it either reject
 * loopback ({@code DUBBO_IP_TO_BIND}) or rescan interfaces on every call ({@code dubbo.network.interface.ignored}).
 * This transport resolves the address once, when the socket is opened, and changes nothing else.
 */
public class ExactHostTransporter implements Transporter {

    /** The extension name, for {@code server=} on the protocol and {@code client=} on the reference. */
    public static final String NAME = "exacthost";

    /** The provider's bind host; Dubbo rewrites the protocol's own host before the transport sees it. */
    public static final String BIND_HOST_KEY = "exacthost.bind";

    @Override
    public RemotingServer bind(URL url, ChannelHandler handler) throws RemotingException {
        return new Server(url, handler);
    }

    @Override
    public Client connect(URL url, ChannelHandler handler) throws RemotingException {
        return new ExactClient(url, handler);
    }

    static final class Server extends NettyServer {

        Server(URL url, ChannelHandler handler) throws RemotingException {
            super(url, handler);
        }

        /** Called from the superclass constructor, so it reads the URL only. */
        @Override
        public InetSocketAddress getBindAddress() {
            String host = getUrl().getParameter(BIND_HOST_KEY);
            return host == null ? super.getBindAddress()
                    : new InetSocketAddress(host, super.getBindAddress().getPort());
        }
    }

    static final class ExactClient extends NettyClient {

        ExactClient(URL url, ChannelHandler handler) throws RemotingException {
            super(url, handler);
        }

        /**
         * The provider's bind host when the URL came from a registry (the provider registers the machine's address
         * for a loopback bind), else the URL's own host.
         */
        @Override
        public InetSocketAddress getConnectAddress() {
            return new InetSocketAddress(getUrl().getParameter(BIND_HOST_KEY, getUrl().getHost()), getUrl().getPort());
        }
    }
}
