package org.rpcbench.netty;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.Attribute;
import io.netty.util.AttributeKey;
import org.rpcbench.api.CpuBoundContract;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.stack.BindFailedException;
import org.rpcbench.stack.CallCounter;
import org.rpcbench.stack.Causes;
import org.rpcbench.stack.ProviderThreads;
import org.rpcbench.stack.RunningServer;
import org.rpcbench.stack.ServedServices;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.Versions;

/**
 * The ceiling's server: plain Netty on exactly the given host and port, answering each call with bytes of the kryo
 * pair's answer size (the echo with what it received, the CPU-bound call after doing the same work as every
 * server). Its socket options are those of Dubbo's Netty server: no Nagle delay, Netty's pooled allocator (Netty
 * 4.2's default, the adaptive one, corrupted answers under load here). Its thread model is Dubbo's provider default
 * unless the module's {@code netty.properties} says otherwise: IO threads read frames and hand each to a fixed pool
 * of 200 threads ({@code dispatcher=all}), or answer on the IO thread ({@code dispatcher=direct}).
 */
final class CeilingServer implements RunningServer {

    private final EventLoopGroup boss;
    private final EventLoopGroup workers;
    private final ExecutorService pool;
    private final Channel channel;
    private final CallCounter<String> calls;
    private final Map<String, String> details;
    private final Map<String, String> versions;
    private final AtomicBoolean closed = new AtomicBoolean();

    /** A connection's client streams being read, by request id. */
    private static final AttributeKey<Map<Integer, ClientStream>> CLIENT_STREAMS =
            AttributeKey.valueOf("rpcbench.clientStreams");

    private CeilingServer(EventLoopGroup boss, EventLoopGroup workers, ExecutorService pool, Channel channel,
            CallCounter<String> calls, Map<String, String> details, Map<String, String> versions) {
        this.boss = boss;
        this.workers = workers;
        this.pool = pool;
        this.channel = channel;
        this.calls = calls;
        this.details = details;
        this.versions = versions;
    }

    static CeilingServer start(ServerSettings settings, ServedServices services) {
        if (settings.registry() != null) {
            throw new IllegalArgumentException("the netty stack has no registry: its clients connect directly;"
                    + " drop -r");
        }
        ProviderThreads threads = ProviderThreads.load("netty.properties");
        Bodies bodies = new Bodies();
        Map<String, String> versions = Versions.of("io.netty:netty-transport");
        Map<String, String> details = new LinkedHashMap<>(threads.details());
        details.put("frameBytes", bodies.describe().toString().replace(" ", ""));
        CallCounter<String> calls = new CallCounter<>();
        ExecutorService pool = threads.direct() ? null : fixedPool(threads.workers());
        EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        EventLoopGroup workers = new MultiThreadIoEventLoopGroup(ProviderThreads.IO_THREADS, NioIoHandler.newFactory());
        Handler handler = new Handler(bodies, services, calls, pool, versions);
        try {
            Channel channel = new ServerBootstrap().group(boss, workers)
                    .channel(NioServerSocketChannel.class)
                    .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel child) {
                            child.pipeline().addLast(Frame.decoder(), handler);
                        }
                    })
                    .bind(new InetSocketAddress(settings.host(), settings.port())).sync().channel();
            return new CeilingServer(boss, workers, pool, channel, calls, details, versions);
        } catch (Exception e) {
            // Netty's sync() rethrows a failed bind as the checked BindException it is
            boss.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            workers.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            if (pool != null) {
                pool.shutdownNow();
            }
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            if (Causes.causedBy(e, BindException.class)) {
                throw new BindFailedException(settings.host(), settings.port(), e);
            }
            throw e instanceof RuntimeException runtime ? runtime : new IllegalStateException(e);
        }
    }

    /** Dubbo's fixed pool: that many threads, no queue (a call over the limit is refused, not queued). */
    private static ExecutorService fixedPool(int threads) {
        return new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, new SynchronousQueue<>(),
                ProviderThreads.daemon("ceiling-worker"));
    }

    @Override
    public String protocol() {
        return Frame.PROTOCOL;
    }

    @Override
    public String serialization() {
        return Frame.FORMAT_NONE_NAME;
    }

    @Override
    public String registry() {
        return null;
    }

    @Override
    public Map<String, String> versions() {
        return versions;
    }

    @Override
    public Map<String, String> details() {
        return details;
    }

    @Override
    public Map<String, Long> callsByWireFormat() {
        return calls.snapshot(Function.identity());
    }

    /** Stops once; a second close does nothing. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        channel.close().syncUninterruptibly();
        workers.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        if (pool != null) {
            pool.shutdownNow();
        }
    }

    /**
     * Reads frames, answers each (on the pool or here; a client's streamed requests here, in order), counts the
     * benchmark's calls by the format read, a stream as one.
     */
    @ChannelHandler.Sharable
    private static final class Handler extends ChannelInboundHandlerAdapter {

        private final Bodies bodies;
        private final ServedServices services;
        private final CallCounter<String> calls;
        private final ExecutorService pool;
        private final Map<String, String> versions;

        Handler(Bodies bodies, ServedServices services, CallCounter<String> calls, ExecutorService pool,
                Map<String, String> versions) {
            this.bodies = bodies;
            this.services = services;
            this.calls = calls;
            this.pool = pool;
            this.versions = versions;
        }

        @Override
        public void channelRead(ChannelHandlerContext context, Object message) {
            ByteBuf frame = (ByteBuf) message;
            Call call;
            try {
                Frame.check(frame);
                call = Frame.call(frame);
            } catch (IllegalArgumentException e) {
                frame.release();
                context.close();
                return;
            }
            // a client's streamed requests are read in order, here, as gRPC reads a call's messages one at a time
            if (pool == null || call.streamsRequests()) {
                answer(context, frame);
            } else {
                pool.execute(() -> answer(context, frame));
            }
        }

        /** Answers a frame: a streamed request but a client stream's last with an answer flagged 'more follow'. */
        private void answer(ChannelHandlerContext context, ByteBuf frame) {
            Call call = Frame.call(frame);
            int id = Frame.id(frame);
            boolean last = !Frame.moreFollow(frame);
            ByteBuf body;
            byte status = Frame.STATUS_OK;
            try {
                if (call != Call.PROBE && last) {
                    calls.increment(Frame.format(frame));
                }
                body = switch (call) {
                    case ECHO, BIDI_STREAM -> Frame.body(frame).retain();
                    case SERVER_STREAM -> stream(context, id, Frame.body(frame));
                    case CLIENT_STREAM -> clientStream(context, id, Frame.body(frame), last);
                    case ASSEMBLE_RANDOM_NUMBERS -> assemble(Frame.body(frame));
                    case PROBE -> probe(context, frame);
                    default -> Unpooled.wrappedBuffer(bodies.answer(call));
                };
            } catch (RuntimeException e) {
                status = Frame.STATUS_ERROR;
                body = Unpooled.copiedBuffer(String.valueOf(e), StandardCharsets.UTF_8);
            } finally {
                frame.release();
            }
            if (last || status != Frame.STATUS_OK) {
                context.writeAndFlush(Frame.of(context.alloc(), true, call, status, id, body));
            } else if (body != null) {
                context.writeAndFlush(Frame.streamAnswer(context.alloc(), call, id, body));
            }
        }

        /**
         * A client stream's message, held to the stream's first: null until the last, whose answer is the count
         * received and the first message. Its state lives on the connection, whose IO thread reads all of it.
         *
         * @throws IllegalArgumentException at the last, when a message differed from the first
         */
        private static ByteBuf clientStream(ChannelHandlerContext context, int id, ByteBuf message, boolean last) {
            Attribute<Map<Integer, ClientStream>> attribute = context.channel().attr(CLIENT_STREAMS);
            Map<Integer, ClientStream> open = attribute.get();
            if (open == null) {
                open = new HashMap<>();
                attribute.set(open);
            }
            ClientStream stream = open.computeIfAbsent(id, first -> new ClientStream(ByteBufUtil.getBytes(message)));
            stream.read(message);
            if (!last) {
                return null;
            }
            open.remove(id);
            if (stream.differing > 0) {
                throw new IllegalArgumentException("client stream message " + stream.differing
                        + " differs from the first");
            }
            return Unpooled.wrappedBuffer(Unpooled.copyInt(stream.received), Unpooled.wrappedBuffer(stream.first));
        }

        /**
         * A server stream: the echo's body after the count, answered that many times. Writes every answer but the
         * last as it is made and returns the last, which ends the call. No flow control but Netty's: its outbound
         * buffer holds what the socket has not yet taken, whatever the channel's writability.
         */
        private static ByteBuf stream(ChannelHandlerContext context, int id, ByteBuf request) {
            int count = request.readInt();
            if (count < 1) {
                throw new IllegalArgumentException("a stream answers at least one message, not " + count);
            }
            ByteBuf payload = request.slice();
            for (int i = 1; i < count; i++) {
                context.writeAndFlush(Frame.streamAnswer(context.alloc(), Call.SERVER_STREAM, id,
                        payload.retainedSlice()));
            }
            return payload.retain();
        }

        /** The same work as every server's: the payload the client sent, 10,000 random numbers appended to it. */
        private ByteBuf assemble(ByteBuf request) {
            int length = request.readInt();
            String payload = request.readCharSequence(length, StandardCharsets.ISO_8859_1).toString();
            int assembled = services.echo().assembleRandomNumbers(payload, CpuBoundContract.COUNT);
            byte[] answer = bodies.answer(Call.ASSEMBLE_RANDOM_NUMBERS).clone();
            ByteBuffer.wrap(answer).putInt(assembled);
            return Unpooled.wrappedBuffer(answer);
        }

        private ByteBuf probe(ChannelHandlerContext context, ByteBuf frame) {
            ProbeAnswer answer = new ProbeAnswer(Frame.PROTOCOL, Frame.FORMAT_NONE_NAME, Frame.format(frame),
                    hostAndPort((InetSocketAddress) context.channel().localAddress()),
                    hostAndPort((InetSocketAddress) context.channel().remoteAddress()), versions,
                    calls.snapshot(Function.identity()), services.sample().get());
            try {
                return Unpooled.wrappedBuffer(RecordFiles.JSON.writeValueAsBytes(answer));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
            context.close();
        }
    }

    /** A client stream being read: its first message, how many came, the first that differed from it (0: none). */
    private static final class ClientStream {

        private final byte[] first;
        private int received;
        private int differing;

        ClientStream(byte[] first) {
            this.first = first;
        }

        void read(ByteBuf message) {
            received++;
            if (differing == 0 && !ByteBufUtil.equals(message, Unpooled.wrappedBuffer(first))) {
                differing = received;
            }
        }
    }

    static String hostAndPort(InetSocketAddress address) {
        return address.getAddress().getHostAddress() + ":" + address.getPort();
    }
}
