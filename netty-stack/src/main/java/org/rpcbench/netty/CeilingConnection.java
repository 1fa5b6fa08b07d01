package org.rpcbench.netty;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.AttributeKey;
import org.rpcbench.api.AsyncServices;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.UserService;
import org.rpcbench.api.WrongAnswerException;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.WireProof;
import org.rpcbench.stack.ProviderThreads;
import org.rpcbench.stack.ServerSample;
import org.rpcbench.stack.ServerUnreachableException;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.Target;
import org.rpcbench.stack.WireCheckException;

/**
 * The ceiling's client: plain Netty, one connection to the server by default (or {@code --connections}, calls spread
 * round robin), calls multiplexed on it by request id as Dubbo's are. A calling thread sends a frame and waits for
 * the answer, which it checks byte for byte against what the server must send; an asynchronous call is checked on
 * the event loop the answer arrives on.
 */
final class CeilingConnection implements StackConnection {

    private final Target target;
    private final Bodies bodies;
    private final EventLoopGroup group;
    private final List<Channel> channels;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicInteger ids = new AtomicInteger();
    private final AtomicBoolean closed = new AtomicBoolean();

    /** Each connection's calls awaiting an answer, by request id: a connection that closes fails its own. */
    private static final AttributeKey<Map<Integer, CompletableFuture<ByteBuf>>> PENDING =
            AttributeKey.valueOf("rpcbench.pending");

    private CeilingConnection(Target target, Bodies bodies, EventLoopGroup group, List<Channel> channels) {
        this.target = target;
        this.bodies = bodies;
        this.group = group;
        this.channels = channels;
    }

    /** @throws ServerUnreachableException when no server accepts the connection */
    static CeilingConnection open(Target target) {
        if (!target.direct()) {
            throw new IllegalArgumentException("the netty stack has no registry: it connects to --host and --port");
        }
        Bodies bodies = new Bodies();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(ProviderThreads.IO_THREADS, NioIoHandler.newFactory());
        List<Channel> channels = new ArrayList<>();
        CeilingConnection connection = new CeilingConnection(target, bodies, group, channels);
        Bootstrap bootstrap = new Bootstrap().group(group).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, target.timeoutMillis())
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        channel.attr(PENDING).set(new ConcurrentHashMap<>());
                        channel.pipeline().addLast(Frame.decoder(), connection.new Answers());
                    }
                });
        try {
            for (int i = 0; i < Math.max(1, target.connections()); i++) {
                channels.add(bootstrap.connect(new InetSocketAddress(target.host(), target.port())).sync()
                        .channel());
            }
            return connection;
        } catch (Exception e) {
            // Netty's sync() rethrows a refused connect as the checked ConnectException it is
            connection.close();
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new ServerUnreachableException(target, e);
        }
    }

    @Override
    public UserService userService() {
        return new CeilingUserService(this, bodies);
    }

    @Override
    public EchoService echoService() {
        return new CeilingEchoService(this, bodies);
    }

    @Override
    public AsyncServices asyncServices() {
        return new CeilingAsyncServices(this, bodies);
    }

    @Override
    public List<String> providers() {
        return List.of(target.host() + ":" + target.port());
    }

    @Override
    public List<WireProof> proveWire() {
        ProbeAnswer answer = probe();
        return List.of(new WireProof(NettyStack.NAME, Frame.PROTOCOL, Frame.FORMAT_NONE_NAME, answer.protocol(),
                answer.serialization(), answer.wireFormat(), answer.server(), answer.client(), answer.versions(),
                new TreeMap<>(answer.callsByWireFormat()), 0, bodies.userCallFrames(), Map.of()));
    }

    @Override
    public Map<String, ServerSample> sampleServers() {
        ProbeAnswer answer = probe();
        return Map.of(answer.server(), answer.spent());
    }

    private ProbeAnswer probe() {
        ByteBuf answer = call(Call.PROBE, Unpooled.EMPTY_BUFFER);
        try {
            return RecordFiles.JSON.readValue(ByteBufUtil.getBytes(answer), ProbeAnswer.class);
        } catch (IOException e) {
            throw new UncheckedIOException("the server's probe answer is not readable", e);
        } finally {
            answer.release();
        }
    }

    /**
     * Sends a frame and waits for its answer's body, which the caller releases.
     *
     * @throws IllegalStateException when the call failed on the server, timed out, or the connection closed
     */
    ByteBuf call(Call call, ByteBuf body) {
        Sent sent = send(call, body);
        try {
            return sent.answer().get(target.timeoutMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            sent.forget();
            if (call == Call.PROBE) {
                // a server of another stack takes the connection and waits for a request it can read
                throw new WireCheckException("the server at " + target.describe() + " did not answer the ceiling's"
                        + " probe within " + target.timeoutMillis() + " ms: is it a ceiling pair's server?");
            }
            throw new IllegalStateException(timedOut(call));
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            sent.forget();
            throw new IllegalStateException("interrupted while waiting for " + call.method());
        }
    }

    /**
     * Sends a frame without waiting: the future completes on the connection's event loop with the answer's body,
     * which the caller releases, or fails as {@link #call} does.
     */
    CompletableFuture<ByteBuf> callAsync(Call call, ByteBuf body) {
        Sent sent = send(call, body);
        return sent.answer().orTimeout(target.timeoutMillis(), TimeUnit.MILLISECONDS).exceptionallyCompose(e -> {
            if (e instanceof TimeoutException) {
                sent.forget();
                return CompletableFuture.failedFuture(new IllegalStateException(timedOut(call)));
            }
            return CompletableFuture.failedFuture(e);
        });
    }

    private String timedOut(Call call) {
        return call.method() + " to " + target.describe() + " timed out after " + target.timeoutMillis() + " ms";
    }

    /** A frame sent on one connection, its answer awaited under its id. */
    private record Sent(Map<Integer, CompletableFuture<ByteBuf>> pending, int id, CompletableFuture<ByteBuf> answer) {

        /** No answer is awaited any more: one that comes is dropped. */
        void forget() {
            pending.remove(id);
        }
    }

    private Sent send(Call call, ByteBuf body) {
        int id = ids.incrementAndGet();
        CompletableFuture<ByteBuf> answer = new CompletableFuture<>();
        Channel channel = channels.get(Math.floorMod(next.getAndIncrement(), channels.size()));
        Map<Integer, CompletableFuture<ByteBuf>> pending = channel.attr(PENDING).get();
        pending.put(id, answer);
        if (!channel.isActive()) {
            fail(pending, id, "the server at " + target.describe() + " closed the connection");
        }
        channel.writeAndFlush(Frame.of(channel.alloc(), false, call, Frame.STATUS_OK, id, body))
                .addListener(written -> {
                    if (!written.isSuccess()) {
                        fail(pending, id, "could not send " + call.method() + " to " + target.describe() + ": "
                                + written.cause());
                    }
                });
        return new Sent(pending, id, answer);
    }

    /** Holds an answer to the bytes the server must send for it. */
    static void check(Call call, ByteBuf answer, byte[] expected, int from) {
        int length = answer.readableBytes();
        if (length != expected.length
                || !ByteBufUtil.equals(answer, answer.readerIndex() + from, Unpooled.wrappedBuffer(expected), from,
                        length - from)) {
            throw new WrongAnswerException(call.method() + " answered " + length + " bytes that are not the "
                    + expected.length + " the server sends");
        }
    }

    private static void fail(Map<Integer, CompletableFuture<ByteBuf>> pending, int id, String why) {
        CompletableFuture<ByteBuf> answer = pending.remove(id);
        if (answer != null) {
            answer.completeExceptionally(new IllegalStateException(why));
        }
    }

    /** Closes once; a second close does nothing. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        channels.forEach(Channel::close);
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** Completes each call's future with its answer's body, or fails it; a closed connection fails all of its own. */
    private final class Answers extends SimpleChannelInboundHandler<ByteBuf> {

        Answers() {
            super(false);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext context, ByteBuf frame) {
            CompletableFuture<ByteBuf> answer = context.channel().attr(PENDING).get().remove(Frame.id(frame));
            if (answer == null || !Frame.isResponse(frame)) {
                frame.release();
                return;
            }
            if (Frame.status(frame) != Frame.STATUS_OK) {
                String failure = "the server failed " + Frame.call(frame).method() + ": "
                        + Frame.body(frame).toString(StandardCharsets.UTF_8);
                frame.release();
                answer.completeExceptionally(new IllegalStateException(failure));
                return;
            }
            if (!answer.complete(Frame.body(frame))) {
                frame.release(); // an asynchronous call that timed out as its answer came
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext context) {
            Map<Integer, CompletableFuture<ByteBuf>> pending = context.channel().attr(PENDING).get();
            String why = "the server at " + target.describe() + " closed the connection";
            pending.keySet().forEach(id -> fail(pending, id, why));
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
            context.close();
        }
    }
}
