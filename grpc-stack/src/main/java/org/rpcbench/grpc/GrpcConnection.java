package org.rpcbench.grpc;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.AbstractStub;
import io.grpc.stub.StreamObserver;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import org.rpcbench.api.AsyncServices;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.Page;
import org.rpcbench.api.User;
import org.rpcbench.api.UserService;
import org.rpcbench.contract.FrameBytes;
import org.rpcbench.contract.WireProof;
import org.rpcbench.proto.EchoServiceGrpc;
import org.rpcbench.proto.Messages;
import org.rpcbench.proto.ProbeServiceGrpc;
import org.rpcbench.proto.Protos;
import org.rpcbench.proto.UserServiceGrpc;
import org.rpcbench.stack.ProbeReport;
import org.rpcbench.stack.ProtobufWire;
import org.rpcbench.stack.ProviderThreads;
import org.rpcbench.stack.ServerSample;
import org.rpcbench.stack.ServerUnreachableException;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.StreamCalls;
import org.rpcbench.stack.Target;
import org.rpcbench.stack.WireCheckException;

/**
 * The gRPC client: blocking stubs called from the benchmark's threads, as the Dubbo pairs' synchronous calls are (the
 * asynchronous stubs for the open loop's asynchronous sender).
 * One channel (one HTTP/2 connection, calls multiplexed on it) by default; {@code --connections N} opens N channels
 * and spreads the calls over them round robin. Every call carries the target's timeout as its deadline.
 */
final class GrpcConnection implements StackConnection {

    private final Target target;
    private final EventLoopGroup group;
    private final List<ManagedChannel> channels;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicBoolean closed = new AtomicBoolean();

    private GrpcConnection(Target target, EventLoopGroup group, List<ManagedChannel> channels) {
        this.target = target;
        this.group = group;
        this.channels = channels;
    }

    /**
     * Opens the channels and calls the probe over each, so that a server that is not there fails here.
     *
     * @throws ServerUnreachableException when no server answers at the target
     */
    static GrpcConnection open(Target target) {
        if (!target.direct()) {
            throw new IllegalArgumentException("the grpc stack has no registry: it connects to --host and --port");
        }
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(ProviderThreads.IO_THREADS, NioIoHandler.newFactory());
        List<ManagedChannel> channels = new ArrayList<>();
        GrpcConnection connection = new GrpcConnection(target, group, channels);
        for (int i = 0; i < Math.max(1, target.connections()); i++) {
            channels.add(NettyChannelBuilder.forAddress(new InetSocketAddress(target.host(), target.port()))
                    .channelType(NioSocketChannel.class)
                    .eventLoopGroup(group)
                    .usePlaintext()
                    .maxInboundMessageSize(GrpcServer.MAX_MESSAGE_BYTES)
                    .build());
        }
        try {
            for (ManagedChannel channel : channels) {
                ProbeServiceGrpc.newBlockingStub(channel)
                        .withDeadlineAfter(target.timeoutMillis(), TimeUnit.MILLISECONDS)
                        .probe(Messages.probeRequest());
            }
            return connection;
        } catch (StatusRuntimeException e) {
            connection.close();
            if (e.getStatus().getCode() == Status.Code.UNAVAILABLE) {
                throw new ServerUnreachableException(target, e);
            }
            if (e.getStatus().getCode() == Status.Code.DEADLINE_EXCEEDED) {
                throw new WireCheckException("the server at " + target.describe() + " did not answer gRPC's probe"
                        + " within " + target.timeoutMillis() + " ms: is it a gRPC pair's server?", e);
            }
            throw new WireCheckException("the server at " + target.describe() + " refused gRPC's probe: "
                    + e.getStatus(), e);
        }
    }

    /** The next channel in turn. */
    private ManagedChannel channel() {
        return channels.get(Math.floorMod(next.getAndIncrement(), channels.size()));
    }

    private <S extends AbstractStub<S>> S withDeadline(S stub) {
        return stub.withDeadlineAfter(target.timeoutMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public UserService userService() {
        return new UserService() {
            @Override
            public boolean existUser(String email) {
                return withDeadline(UserServiceGrpc.newBlockingStub(channel()))
                        .existUser(Protos.ExistUserRequest.newBuilder().setEmail(email).build()).getValue();
            }

            @Override
            public boolean createUser(User user) {
                return withDeadline(UserServiceGrpc.newBlockingStub(channel())).createUser(Messages.user(user))
                        .getValue();
            }

            @Override
            public User getUser(long id) {
                return Messages.user(withDeadline(UserServiceGrpc.newBlockingStub(channel()))
                        .getUser(Protos.GetUserRequest.newBuilder().setId(id).build()));
            }

            @Override
            public Page<User> listUser(int pageNo) {
                return Messages.page(withDeadline(UserServiceGrpc.newBlockingStub(channel()))
                        .listUser(Protos.ListUserRequest.newBuilder().setPageNo(pageNo).build()));
            }
        };
    }

    @Override
    public EchoService echoService() {
        return new EchoService() {
            @Override
            public Object echo(Object payload) {
                return Messages.payload(withDeadline(EchoServiceGrpc.newBlockingStub(channel()))
                        .echo(Messages.payload(payload)));
            }

            @Override
            public int assembleRandomNumbers(String payload, int count) {
                return withDeadline(EchoServiceGrpc.newBlockingStub(channel()))
                        .assembleRandomNumbers(Protos.AssembleRequest.newBuilder()
                                .setPayload(payload).setCount(count).build())
                        .getLength();
            }
        };
    }

    @Override
    public StreamCalls streamCalls() {
        return new GrpcStreamCalls(this::channel, target.timeoutMillis());
    }

    /** gRPC's asynchronous stubs on the same channels with the same deadline: answers arrive on gRPC's threads. */
    @Override
    public AsyncServices asyncServices() {
        return new AsyncServices() {
            @Override
            public CompletableFuture<Boolean> existUser(String email) {
                Answer<Protos.Answer, Boolean> answer = new Answer<>(Protos.Answer::getValue);
                withDeadline(UserServiceGrpc.newStub(channel()))
                        .existUser(Protos.ExistUserRequest.newBuilder().setEmail(email).build(), answer);
                return answer.future;
            }

            @Override
            public CompletableFuture<Boolean> createUser(User user) {
                Answer<Protos.Answer, Boolean> answer = new Answer<>(Protos.Answer::getValue);
                withDeadline(UserServiceGrpc.newStub(channel())).createUser(Messages.user(user), answer);
                return answer.future;
            }

            @Override
            public CompletableFuture<User> getUser(long id) {
                Answer<Protos.User, User> answer = new Answer<>(Messages::user);
                withDeadline(UserServiceGrpc.newStub(channel()))
                        .getUser(Protos.GetUserRequest.newBuilder().setId(id).build(), answer);
                return answer.future;
            }

            @Override
            public CompletableFuture<Page<User>> listUser(int pageNo) {
                Answer<Protos.Page, Page<User>> answer = new Answer<>(Messages::page);
                withDeadline(UserServiceGrpc.newStub(channel()))
                        .listUser(Protos.ListUserRequest.newBuilder().setPageNo(pageNo).build(), answer);
                return answer.future;
            }

            @Override
            public CompletableFuture<Object> echo(Object payload) {
                Answer<Protos.Payload, Object> answer = new Answer<>(Messages::payload);
                withDeadline(EchoServiceGrpc.newStub(channel())).echo(Messages.payload(payload), answer);
                return answer.future;
            }
        };
    }

    /** A unary call's one message, converted, as a future; a call that ends without one fails it. */
    private static final class Answer<M, T> implements StreamObserver<M> {

        private final CompletableFuture<T> future = new CompletableFuture<>();
        private final Function<M, T> convert;

        Answer(Function<M, T> convert) {
            this.convert = convert;
        }

        @Override
        public void onNext(M message) {
            try {
                future.complete(convert.apply(message));
            } catch (RuntimeException e) {
                future.completeExceptionally(e);
            }
        }

        @Override
        public void onError(Throwable failure) {
            future.completeExceptionally(failure);
        }

        @Override
        public void onCompleted() {
            future.completeExceptionally(new IllegalStateException("the call ended without an answer"));
        }
    }

    @Override
    public List<String> providers() {
        return List.of(target.host() + ":" + target.port());
    }

    /** The probe over each channel: every connection the benchmark calls over is proven, not only the first. */
    @Override
    public List<WireProof> proveWire() {
        Map<String, FrameBytes> frames = Messages.userCallFrames();
        List<WireProof> proofs = new ArrayList<>();
        for (ManagedChannel channel : channels) {
            // the wire map holds the HTTP/2 content type and method path, as the server read them
            ProbeReport report = probe(channel);
            proofs.add(new WireProof(GrpcStack.NAME, GrpcServer.WireFormats.PROTOCOL,
                    ProtobufWire.SERIALIZATION, report.getProtocol(), report.getSerialization(),
                    report.getWireSerialization(), report.getServerAddress(), report.getClientAddress(),
                    report.getVersions(), new TreeMap<>(report.getCallsBySerialization()), 0, frames,
                    report.getWire()));
        }
        return proofs;
    }

    @Override
    public Map<String, ServerSample> sampleServers() {
        ProbeReport report = probe(channel());
        return Map.of(report.getServerAddress(), report.spent());
    }

    private ProbeReport probe(ManagedChannel channel) {
        try {
            return Messages.probe(withDeadline(ProbeServiceGrpc.newBlockingStub(channel))
                    .probe(Messages.probeRequest()));
        } catch (StatusRuntimeException e) {
            throw new WireCheckException("the probe call to " + target.describe() + " failed: " + e.getStatus(), e);
        }
    }

    /** Closes once; a second close does nothing. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        for (ManagedChannel channel : channels) {
            channel.shutdownNow();
        }
        try {
            for (ManagedChannel channel : channels) {
                channel.awaitTermination(2, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
