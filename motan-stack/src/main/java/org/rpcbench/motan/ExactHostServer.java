package org.rpcbench.motan;

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

import com.weibo.api.motan.common.ChannelState;
import com.weibo.api.motan.common.MotanConstants;
import com.weibo.api.motan.common.URLParamType;
import com.weibo.api.motan.core.StandardThreadExecutor;
import com.weibo.api.motan.exception.MotanFrameworkException;
import com.weibo.api.motan.rpc.Request;
import com.weibo.api.motan.rpc.Response;
import com.weibo.api.motan.rpc.URL;
import com.weibo.api.motan.transport.AbstractServer;
import com.weibo.api.motan.transport.MessageHandler;
import com.weibo.api.motan.transport.netty4.NettyChannelHandler;
import com.weibo.api.motan.transport.netty4.NettyDecoder;
import com.weibo.api.motan.transport.netty4.NettyEncoder;
import com.weibo.api.motan.transport.netty4.NettyServerChannelManage;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import org.rpcbench.stack.ProviderThreads;

/**
 * Motan's netty4 server made of motan's own parts (its connection limit, decoder, encoder and handler, its worker
 * pool), with two differences: it binds exactly the host it is given, where motan's binds the port on every
 * interface, and it taps each connection for the wire proof. Its IO threads are Dubbo's provider default, like
 * every stack's server here (motan's would be Netty's default, two per core).
 */
final class ExactHostServer extends AbstractServer {

    private final MessageHandler messageHandler;
    private final String host;
    private final ConnectionTaps taps;
    private EventLoopGroup boss;
    private EventLoopGroup workers;
    private StandardThreadExecutor pool;
    private NettyServerChannelManage connections;
    private Channel listening;

    ExactHostServer(URL url, MessageHandler messageHandler, String host, ConnectionTaps taps) {
        super(url);
        this.messageHandler = messageHandler;
        this.host = host;
        this.taps = taps;
    }

    @Override
    public synchronized boolean open() {
        if (isAvailable()) {
            return true;
        }
        int maxContentLength = url.getIntParameter(URLParamType.maxContentLength.getName(),
                URLParamType.maxContentLength.getIntValue());
        int minWorkers = url.getIntParameter(URLParamType.minWorkerThread.getName(),
                MotanConstants.NETTY_NOT_SHARECHANNEL_MIN_WORKDER);
        int maxWorkers = url.getIntParameter(URLParamType.maxWorkerThread.getName(),
                MotanConstants.NETTY_NOT_SHARECHANNEL_MAX_WORKDER);
        int queue = url.getIntParameter(URLParamType.workerQueueSize.getName(),
                URLParamType.workerQueueSize.getIntValue());
        pool = new StandardThreadExecutor(minWorkers, maxWorkers, queue, ProviderThreads.daemon("motan-worker"));
        pool.prestartAllCoreThreads();
        connections = new NettyServerChannelManage(url.getIntParameter(URLParamType.maxServerConnection.getName(),
                URLParamType.maxServerConnection.getIntValue()));
        boss = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        workers = new MultiThreadIoEventLoopGroup(ProviderThreads.IO_THREADS, NioIoHandler.newFactory());
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(boss, workers)
                .channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.SO_KEEPALIVE, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel connection) {
                        connection.pipeline().addLast("channel_manage", connections);
                        taps.tap(connection.pipeline(), new NettyDecoder(codec, ExactHostServer.this,
                                maxContentLength));
                        connection.pipeline().addLast("encoder", new NettyEncoder());
                        connection.pipeline().addLast("handler",
                                new NettyChannelHandler(ExactHostServer.this, messageHandler, pool));
                    }
                });
        try {
            listening = bootstrap.bind(new InetSocketAddress(host, url.getPort())).syncUninterruptibly().channel();
        } catch (RuntimeException e) {
            release();
            throw e;
        }
        setLocalAddress((InetSocketAddress) listening.localAddress());
        state = ChannelState.ALIVE;
        return true;
    }

    @Override
    public boolean isBound() {
        return listening != null && listening.isActive();
    }

    @Override
    public Response request(Request request) {
        throw new MotanFrameworkException("a server sends no requests: " + url);
    }

    @Override
    public com.weibo.api.motan.transport.Channel getChannel(InetSocketAddress remoteAddress) {
        throw new MotanFrameworkException("the benchmark's motan server keeps no channels by address: " + url);
    }

    @Override
    public void close() {
        close(0);
    }

    @Override
    public synchronized void close(int timeout) {
        if (!state.isCloseState()) {
            release();
            state = ChannelState.CLOSE;
        }
    }

    private void release() {
        if (listening != null) {
            listening.close().syncUninterruptibly();
        }
        if (connections != null) {
            connections.close();
        }
        workers.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        pool.shutdownNow();
    }

    @Override
    public boolean isClosed() {
        return state.isCloseState();
    }

    @Override
    public boolean isAvailable() {
        return state.isAliveState();
    }

    @Override
    public URL getUrl() {
        return url;
    }
}
