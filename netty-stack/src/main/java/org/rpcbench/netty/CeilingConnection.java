package org.rpcbench.netty;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

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
import org.rpcbench.stack.StreamCalls;
import org.rpcbench.stack.Target;
import org.rpcbench.stack.WireCheckException;

/**
 * The ceiling's client: plain Netty, one connection to the server by default (or {@code --connections}, calls spread
 * round robin), calls multiplexed on it by request id as Dubbo's are. A calling thread sends a frame and waits for
 * the answer, which it checks byte for byte against what the server must send; an asynchronous call is checked on
 * the event loop the answer arrives on; a stream's requests go on one connection, and its answers come to the
 * calling thread one by one until the server's last.
 */
final class CeilingConnection implements StackConnection {

    private final Target target;
    private final Bodies bodies;
    private final EventLoopGroup group;
    private final List<Channel> channels;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicInteger ids = new AtomicInteger();
    private final AtomicBoolean closed = new AtomicBoolean();

    /** Each connection's calls awaiting answers, by request id: a connection that closes fails its own. */
    private static final AttributeKey<Map<Integer, Awaiting>> PENDING =
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
    public StreamCalls streamCalls() {
        return new CeilingStreamCalls(this);
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
    private record Sent(Map<Integer, Awaiting> pending, int id, UnaryAnswer answer) {

        /** No answer is awaited any more: one that comes is dropped. */
        void forget() {
            pending.remove(id);
        }
    }

    private Sent send(Call call, ByteBuf body) {
        int id = ids.incrementAndGet();
        UnaryAnswer answer = new UnaryAnswer();
        return new Sent(send(call, id, body, 1, answer), id, answer);
    }

    /**
     * Sends a stream's request frames, {@code body} in each, and hands each answer's body to {@code answers} on the
     * calling thread, in order, until the server's last; the target's timeout is the whole stream's. A stream left
     * early (an answer failed its check) drops the rest of its answers as they come, so the connection goes on.
     *
     * @param requests how many request frames the client streams: 1 for a server stream
     * @throws IllegalStateException when the stream failed on the server, timed out, or the connection closed
     */
    void stream(Call call, ByteBuf body, int requests, Consumer<ByteBuf> answers) {
        if (requests < 1) {
            body.release();
            throw new IllegalArgumentException("a stream sends at least one message, not " + requests);
        }
        int id = ids.incrementAndGet();
        StreamAnswers stream = new StreamAnswers();
        Map<Integer, Awaiting> pending = send(call, id, body, requests, stream);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(target.timeoutMillis());
        try {
            boolean more = true;
            while (more) {
                ByteBuf frame = stream.next(deadline - System.nanoTime());
                if (frame == null) {
                    throw new IllegalStateException(call.method() + " to " + target.describe() + " did not end within "
                            + target.timeoutMillis() + " ms");
                }
                try {
                    if (Frame.status(frame) != Frame.STATUS_OK) {
                        throw new IllegalStateException(failure(frame));
                    }
                    more = Frame.moreFollow(frame);
                    answers.accept(Frame.body(frame));
                } finally {
                    frame.release();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while " + call.method() + " ran");
        } finally {
            pending.remove(id);
            stream.close();
        }
    }

    /**
     * Sends the request frames of a call awaiting its answers, which the connection's handler hands it: all on one
     * connection, each written and flushed as it is made, all but the last flagged 'more follow'.
     */
    private Map<Integer, Awaiting> send(Call call, int id, ByteBuf body, int frames, Awaiting answers) {
        Channel channel = channels.get(Math.floorMod(next.getAndIncrement(), channels.size()));
        Map<Integer, Awaiting> pending = channel.attr(PENDING).get();
        pending.put(id, answers);
        if (!channel.isActive()) {
            fail(pending, id, "the server at " + target.describe() + " closed the connection");
        }
        for (int i = 1; i < frames; i++) {
            write(channel, pending, call, id, Frame.streamRequest(channel.alloc(), call, id, body.retainedDuplicate()));
        }
        write(channel, pending, call, id, Frame.of(channel.alloc(), false, call, Frame.STATUS_OK, id, body));
        return pending;
    }

    private void write(Channel channel, Map<Integer, Awaiting> pending, Call call, int id, ByteBuf frame) {
        channel.writeAndFlush(frame).addListener(written -> {
            if (!written.isSuccess()) {
                fail(pending, id, "could not send " + call.method() + " to " + target.describe() + ": "
                        + written.cause());
            }
        });
    }

    /** The server's message in a failed answer. */
    private static String failure(ByteBuf frame) {
        return "the server failed " + Frame.call(frame).method() + ": "
                + Frame.body(frame).toString(StandardCharsets.UTF_8);
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

    private static void fail(Map<Integer, Awaiting> pending, int id, String why) {
        Awaiting answers = pending.remove(id);
        if (answers != null) {
            answers.fail(why);
        }
    }

    /** A call awaiting its answer frames, handed each on the connection's IO thread. */
    private interface Awaiting {

        /** Takes the frame, and with it the duty to release it. */
        void answer(ByteBuf frame);

        void fail(String why);
    }

    /** A unary call's one answer: its body, which the caller releases, or its failure. */
    private static final class UnaryAnswer extends CompletableFuture<ByteBuf> implements Awaiting {

        @Override
        public void answer(ByteBuf frame) {
            if (Frame.status(frame) != Frame.STATUS_OK) {
                String failure = failure(frame);
                frame.release();
                completeExceptionally(new IllegalStateException(failure));
                return;
            }
            if (!complete(Frame.body(frame))) {
                frame.release(); // an asynchronous call that timed out as its answer came
            }
        }

        @Override
        public void fail(String why) {
            completeExceptionally(new IllegalStateException(why));
        }
    }

    /** A stream's answer frames, queued for the calling thread; once it has left, what still comes is released. */
    private static final class StreamAnswers implements Awaiting {

        private final BlockingQueue<Arrival> arrivals = new LinkedBlockingQueue<>();
        private volatile boolean closed;

        /** An answer frame, or the connection's failure. */
        private record Arrival(ByteBuf frame, String failure) {
        }

        @Override
        public void answer(ByteBuf frame) {
            arrivals.add(new Arrival(frame, null));
            if (closed) {
                drain();
            }
        }

        @Override
        public void fail(String why) {
            arrivals.add(new Arrival(null, why));
        }

        /**
         * The next answer frame, which the caller releases, or null when none came in time.
         *
         * @throws IllegalStateException when the connection failed
         */
        ByteBuf next(long timeoutNanos) throws InterruptedException {
            Arrival arrival = arrivals.poll(timeoutNanos, TimeUnit.NANOSECONDS);
            if (arrival != null && arrival.failure() != null) {
                throw new IllegalStateException(arrival.failure());
            }
            return arrival == null ? null : arrival.frame();
        }

        void close() {
            closed = true;
            drain();
        }

        private void drain() {
            for (Arrival arrival = arrivals.poll(); arrival != null; arrival = arrivals.poll()) {
                if (arrival.frame() != null) {
                    arrival.frame().release();
                }
            }
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

    /** Hands each call its answer frames, the last removing it; a closed connection fails all of its own. */
    private final class Answers extends SimpleChannelInboundHandler<ByteBuf> {

        Answers() {
            super(false);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext context, ByteBuf frame) {
            Map<Integer, Awaiting> pending = context.channel().attr(PENDING).get();
            int id = Frame.id(frame);
            Awaiting answers = Frame.moreFollow(frame) ? pending.get(id) : pending.remove(id);
            if (answers == null || !Frame.isResponse(frame)) {
                frame.release();
                return;
            }
            answers.answer(frame);
        }

        @Override
        public void channelInactive(ChannelHandlerContext context) {
            Map<Integer, Awaiting> pending = context.channel().attr(PENDING).get();
            String why = "the server at " + target.describe() + " closed the connection";
            pending.keySet().forEach(id -> fail(pending, id, why));
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
            context.close();
        }
    }
}
