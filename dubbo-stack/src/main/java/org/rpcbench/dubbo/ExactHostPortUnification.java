package org.rpcbench.dubbo;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.function.Consumer;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.constants.CommonConstants;
import org.apache.dubbo.remoting.ChannelHandler;
import org.apache.dubbo.remoting.Constants;
import org.apache.dubbo.remoting.RemotingException;
import org.apache.dubbo.remoting.api.connection.AbstractConnectionClient;
import org.apache.dubbo.remoting.api.connection.ConnectionManager;
import org.apache.dubbo.remoting.api.connection.MultiplexProtocolConnectionManager;
import org.apache.dubbo.remoting.api.pu.AbstractPortUnificationServer;
import org.apache.dubbo.remoting.api.pu.PortUnificationTransporter;
import org.apache.dubbo.remoting.transport.netty4.NettyConnectionClient;
import org.apache.dubbo.remoting.transport.netty4.NettyPortUnificationServer;

/**
 * Triple's Netty 4 transport (Dubbo's port-unification server and connection client), bound and connected to exactly
 * the host it is given, as {@link ExactHostTransporter} does for the dubbo protocol and under the same name.
 *
 * <p>Dubbo's triple server binds 0.0.0.0 for any 127.x host and its client dials the machine's own address instead
 * of 127.x; both classes compute the address from the URL inside code that cannot be overridden (the client class
 * is final). Both take the host from the URL as a string and skip their rewrite for anything that does not look like
 * 127.x or localhost, so a loopback host is handed to them as its IPv4-mapped IPv6 literal ({@code ::ffff:127.0.0.1}),
 * which Java resolves to the very same IPv4 address. Other hosts bind and connect exactly already.
 */
public class ExactHostPortUnification implements PortUnificationTransporter {

    @Override
    public AbstractPortUnificationServer bind(URL url, ChannelHandler handler) throws RemotingException {
        String host = url.getParameter(ExactHostTransporter.BIND_HOST_KEY);
        URL exact = host == null ? url : url.addParameter(Constants.BIND_IP_KEY, literal(host))
                .addParameter(CommonConstants.ANYHOST_KEY, false);
        return new NettyPortUnificationServer(exact, handler);
    }

    /** Dubbo's shared, reference-counted connection per address, opened by {@link Connections}. */
    @Override
    public AbstractConnectionClient connect(URL url, ChannelHandler handler) {
        return url.getOrDefaultFrameworkModel().getExtensionLoader(ConnectionManager.class)
                .getExtension(MultiplexProtocolConnectionManager.NAME)
                .connect(url.addParameter(Constants.TRANSPORTER_KEY, ExactHostTransporter.NAME), handler);
    }

    /**
     * The host as Dubbo's triple transport will use it unchanged: a loopback IPv4 host as its IPv4-mapped literal.
     */
    static String literal(String host) {
        try {
            InetAddress address = InetAddress.getByName(host);
            return address instanceof Inet4Address && address.isLoopbackAddress()
                    ? "::ffff:" + address.getHostAddress()
                    : host;
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("unknown host " + host, e);
        }
    }

    /** The connection client Dubbo's connection manager asks for by the transporter named on the URL. */
    public static class Connections implements ConnectionManager {

        /**
         * The provider's bind host when the URL came from a registry (a provider registers the machine's address
         * for a loopback bind), else the URL's own host.
         */
        @Override
        public AbstractConnectionClient connect(URL url, ChannelHandler handler) {
            String host = url.getParameter(ExactHostTransporter.BIND_HOST_KEY, url.getHost());
            try {
                return new NettyConnectionClient(url.setHost(literal(host)), handler);
            } catch (RemotingException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        }

        /** Dubbo's own connection managers own and walk the connections; this one only opens them. */
        @Override
        public void forEachConnection(Consumer<AbstractConnectionClient> consumer) {
        }
    }
}
