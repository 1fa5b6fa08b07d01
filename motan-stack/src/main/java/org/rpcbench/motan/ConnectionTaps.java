package org.rpcbench.motan;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import com.weibo.api.motan.transport.netty4.NettyMessage;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;

/**
 * The server's view of its connections, which motan's own handlers keep to themselves: each connection's two ends
 * as its socket saw them, the leading bytes of the first frame it carried (motan's magic and protocol version), and
 * the ids of the requests read on it last, by which the probe finds the connection it arrived on.
 */
final class ConnectionTaps {

    private final Set<Connection> open = ConcurrentHashMap.newKeySet();

    /** Adds motan's decoder to a connection's pipeline between this connection's two taps. */
    void tap(ChannelPipeline pipeline, ChannelHandler decoder) {
        Connection connection = new Connection();
        pipeline.addLast("rpcbench-first-frame", new FirstFrame(connection));
        pipeline.addLast("decoder", decoder);
        pipeline.addLast("rpcbench-requests", new Requests(connection));
    }

    /** The open connection the request with this id was read on; null when none. */
    Connection carrying(long requestId) {
        for (Connection connection : open) {
            if (connection.read(requestId)) {
                return connection;
            }
        }
        return null;
    }

    /** One connection as the taps saw it. */
    static final class Connection {

        /**
         * How many of the last request ids a connection keeps: more than a client has calls in flight, so that a
         * probe's is still there when a worker serves it, however many calls were read on the connection meanwhile
         * (keeping only the last one, a probe under load found no connection).
         */
        static final int RECENT = 4096;

        volatile String server;
        volatile String client;
        volatile int magic = -1;
        volatile int version = -1;
        private final long[] recentIds = new long[RECENT];
        /** Written by the connection's one event-loop thread, after the id it publishes. */
        private volatile int reads;

        String magicHex() {
            return magic < 0 ? "unread" : String.format("0x%04x", magic);
        }

        void reading(long requestId) {
            int count = reads;
            recentIds[count % RECENT] = requestId;
            reads = count + 1;
        }

        /** Whether a request with this id was among the last read on this connection. */
        boolean read(long requestId) {
            int count = reads;
            for (int i = Math.max(0, count - RECENT); i < count; i++) {
                if (recentIds[i % RECENT] == requestId) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Before the decoder: reads the first frame's leading bytes, then leaves the pipeline. */
    private static final class FirstFrame extends ChannelInboundHandlerAdapter {

        private final Connection connection;

        FirstFrame(Connection connection) {
            this.connection = connection;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object message) {
            if (message instanceof ByteBuf bytes && bytes.readableBytes() >= 4) {
                connection.magic = bytes.getUnsignedShort(bytes.readerIndex());
                // the fourth byte's high bits: 0 for motan's protocol version 1, 1 for version 2
                connection.version = (bytes.getUnsignedByte(bytes.readerIndex() + 3) >>> 3) + 1;
            }
            ctx.pipeline().remove(this);
            ctx.fireChannelRead(message);
        }
    }

    /**
     * After the decoder: notes each request's id, an array store and a volatile write per call, the taps' whole cost
     * on the path.
     */
    private final class Requests extends ChannelInboundHandlerAdapter {

        private final Connection connection;

        Requests(Connection connection) {
            this.connection = connection;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            connection.server = hostAndPort(ctx.channel().localAddress());
            connection.client = hostAndPort(ctx.channel().remoteAddress());
            open.add(connection);
            ctx.fireChannelActive();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            open.remove(connection);
            ctx.fireChannelInactive();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object message) {
            if (message instanceof NettyMessage decoded && decoded.isRequest()) {
                connection.reading(decoded.getRequestId());
            }
            ctx.fireChannelRead(message);
        }
    }

    private static String hostAndPort(SocketAddress address) {
        InetSocketAddress inet = (InetSocketAddress) address;
        return inet.getAddress().getHostAddress() + ":" + inet.getPort();
    }
}
