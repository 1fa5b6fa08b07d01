package org.rpcbench.grpc;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import io.grpc.internal.GrpcUtil;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import org.rpcbench.api.WrongRequestException;
import org.rpcbench.proto.EchoServiceGrpc;
import org.rpcbench.proto.Messages;
import org.rpcbench.proto.ProbeServiceGrpc;
import org.rpcbench.proto.Protos;
import org.rpcbench.proto.StreamServiceGrpc;
import org.rpcbench.proto.UserServiceGrpc;
import org.rpcbench.stack.BindFailedException;
import org.rpcbench.stack.CallCounter;
import org.rpcbench.stack.Causes;
import org.rpcbench.stack.ProbeReport;
import org.rpcbench.stack.ProtobufWire;
import org.rpcbench.stack.ProviderThreads;
import org.rpcbench.stack.RunningServer;
import org.rpcbench.stack.ServedServices;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.Versions;

/**
 * The gRPC server: grpc-java on Netty, on exactly the given host and port, serving the suite's implementations
 * through protobuf messages. Its thread model is Dubbo's provider default, so that the stacks differ by their own
 * work only, unless the module's {@code grpc.properties} says otherwise: IO threads one more than the cores (at
 * most 32) hand calls to a fixed pool of 200 threads ({@code dispatcher=all}), or run them themselves ({@code
 * dispatcher=direct}: gRPC's direct executor, what its performance guide suggests for handlers that never block).
 * Every call's content type is read by an interceptor: a call that is not gRPC's protobuf is refused, and the
 * benchmark's calls are counted by what was read.
 */
final class GrpcServer implements RunningServer {

    /** Dubbo's payload limit (gRPC's own default is 4 MiB), so that gRPC refuses what the Dubbo pairs refuse. */
    static final int MAX_MESSAGE_BYTES = 8 << 20;

    private final Server server;
    private final EventLoopGroup boss;
    private final EventLoopGroup workers;
    private final ExecutorService pool;
    private final ProviderThreads threads;
    private final WireFormats wire;
    private final Map<String, String> versions;
    private final AtomicBoolean closed = new AtomicBoolean();

    private GrpcServer(Server server, EventLoopGroup boss, EventLoopGroup workers, ExecutorService pool,
            ProviderThreads threads, WireFormats wire, Map<String, String> versions) {
        this.server = server;
        this.boss = boss;
        this.workers = workers;
        this.pool = pool;
        this.threads = threads;
        this.wire = wire;
        this.versions = versions;
    }

    /** @throws BindFailedException when the address cannot be bound */
    static GrpcServer start(ServerSettings settings, ServedServices services) {
        if (settings.registry() != null) {
            throw new IllegalArgumentException("the grpc stack has no registry: its clients connect directly;"
                    + " drop -r");
        }
        Map<String, String> versions = stackVersions();
        WireFormats wire = new WireFormats();
        ProviderThreads threads = ProviderThreads.load("grpc.properties");
        ExecutorService pool = threads.direct() ? null : fixedPool(threads.workers());
        EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        EventLoopGroup workers = new MultiThreadIoEventLoopGroup(ProviderThreads.IO_THREADS, NioIoHandler.newFactory());
        NettyServerBuilder builder = NettyServerBuilder.forAddress(
                        new InetSocketAddress(settings.host(), settings.port()))
                .channelType(NioServerSocketChannel.class)
                .bossEventLoopGroup(boss)
                .workerEventLoopGroup(workers);
        Server server = (threads.direct() ? builder.directExecutor() : builder.executor(pool))
                .maxInboundMessageSize(MAX_MESSAGE_BYTES)
                .addService(ServerInterceptors.intercept(new Users(services), wire))
                .addService(ServerInterceptors.intercept(new Echo(services), wire))
                .addService(ServerInterceptors.intercept(new Streams(services), wire))
                .addService(ServerInterceptors.intercept(new Probe(services, wire, versions), wire))
                .build();
        try {
            server.start();
            return new GrpcServer(server, boss, workers, pool, threads, wire, versions);
        } catch (IOException | RuntimeException e) {
            server.shutdownNow();
            boss.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            workers.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            if (pool != null) {
                pool.shutdownNow();
            }
            if (Causes.causedBy(e, BindException.class)) {
                throw new BindFailedException(settings.host(), settings.port(), e);
            }
            throw e instanceof RuntimeException runtime ? runtime : new IllegalStateException(e);
        }
    }

    /**
     * grpc-java's and protobuf's versions as their own classes state them (their jars carry no Maven metadata,
     * and the runnable jar merges their manifests away), then Netty's and Java's.
     */
    private static Map<String, String> stackVersions() {
        Map<String, String> versions = new LinkedHashMap<>();
        versions.put("grpc-java", GrpcUtil.getGrpcBuildVersion().getImplementationVersion());
        versions.put(Messages.PROTOBUF_JAVA, Messages.protobufVersion());
        versions.putAll(Versions.of("io.netty:netty-transport"));
        return versions;
    }

    /**
     * Dubbo's fixed pool's threads; calls beyond them wait in a queue rather than being refused, as gRPC hands the
     * pool several tasks per call.
     */
    private static ExecutorService fixedPool(int workers) {
        return new ThreadPoolExecutor(workers, workers, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
                ProviderThreads.daemon("grpc-worker"));
    }

    @Override
    public String protocol() {
        return WireFormats.PROTOCOL;
    }

    @Override
    public String serialization() {
        return ProtobufWire.SERIALIZATION;
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
        Map<String, String> details = new LinkedHashMap<>(threads.details());
        details.put("transport", "h2c");
        details.put("maxMessageBytes", String.valueOf(MAX_MESSAGE_BYTES));
        return details;
    }

    @Override
    public Map<String, Long> callsByWireFormat() {
        return wire.calls.snapshot(Function.identity());
    }

    /** Stops once; a second close does nothing. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        server.shutdown();
        try {
            if (!server.awaitTermination(2, TimeUnit.SECONDS)) {
                server.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            server.shutdownNow();
        }
        workers.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        if (pool != null) {
            pool.shutdownNow();
        }
    }

    static String hostAndPort(SocketAddress address) {
        InetSocketAddress inet = (InetSocketAddress) address;
        return inet.getAddress().getHostAddress() + ":" + inet.getPort();
    }

    /**
     * Reads each call's content type: gRPC's protobuf ({@code application/grpc}, or with {@code +proto}) is let
     * through and, unless the call is the probe, counted; anything else is refused with the type it was.
     */
    static final class WireFormats implements ServerInterceptor {

        static final String PROTOCOL = "grpc";
        /** What grpc-java's client sends for its protobuf messages. */
        static final String CLIENT_CONTENT_TYPE = "application/grpc";

        private static final Metadata.Key<String> CONTENT_TYPE =
                Metadata.Key.of("content-type", Metadata.ASCII_STRING_MARSHALLER);
        private static final Context.Key<CallWire> CALL_WIRE = Context.key("rpcbench.call-wire");

        final CallCounter<String> calls = new CallCounter<>();

        @Override
        public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
                ServerCallHandler<Q, A> next) {
            String contentType = headers.get(CONTENT_TYPE);
            String format = ProtobufWire.serializationOf(contentType);
            if (format == null) {
                call.close(Status.INVALID_ARGUMENT.withDescription("content type " + contentType
                        + " is not gRPC's protobuf"), new Metadata());
                return new ServerCall.Listener<>() {
                };
            }
            if (!call.getMethodDescriptor().getServiceName().equals(ProbeServiceGrpc.SERVICE_NAME)) {
                calls.increment(format);
                return next.startCall(call, headers);
            }
            // the probe alone is told how it arrived: the benchmark's calls pay for nothing but the count
            CallWire wire = new CallWire(contentType, call.getMethodDescriptor().getFullMethodName(),
                    hostAndPort(call.getAttributes().get(Grpc.TRANSPORT_ATTR_LOCAL_ADDR)),
                    hostAndPort(call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR)));
            return Contexts.interceptCall(Context.current().withValue(CALL_WIRE, wire), call, headers, next);
        }

        /** How the probe call being served arrived. */
        static CallWire current() {
            return CALL_WIRE.get();
        }
    }

    /** A call as it arrived: its content type and method path, its connection's two ends as the socket saw them. */
    record CallWire(String contentType, String method, String server, String client) {
    }

    /** The suite's UserService, through its messages. */
    private static final class Users extends UserServiceGrpc.UserServiceImplBase {

        private final ServedServices services;

        Users(ServedServices services) {
            this.services = services;
        }

        @Override
        public void existUser(Protos.ExistUserRequest request, StreamObserver<Protos.Answer> answer) {
            reply(answer, Protos.Answer.newBuilder()
                    .setValue(services.users().existUser(request.getEmail())).build());
        }

        @Override
        public void createUser(Protos.User request, StreamObserver<Protos.Answer> answer) {
            boolean created;
            try {
                created = services.users().createUser(Messages.user(request));
            } catch (WrongRequestException e) {
                // gRPC answers an exception with UNKNOWN and no words: the client must learn what arrived wrong
                answer.onError(Status.INVALID_ARGUMENT.withDescription(e.getMessage()).asRuntimeException());
                return;
            }
            reply(answer, Protos.Answer.newBuilder().setValue(created).build());
        }

        @Override
        public void getUser(Protos.GetUserRequest request, StreamObserver<Protos.User> answer) {
            reply(answer, Messages.user(services.users().getUser(request.getId())));
        }

        @Override
        public void listUser(Protos.ListUserRequest request, StreamObserver<Protos.Page> answer) {
            reply(answer, Messages.page(services.users().listUser(request.getPageNo())));
        }
    }

    /** The suite's echo and CPU-bound call, through their messages. */
    private static final class Echo extends EchoServiceGrpc.EchoServiceImplBase {

        private final ServedServices services;

        Echo(ServedServices services) {
            this.services = services;
        }

        @Override
        public void echo(Protos.Payload request, StreamObserver<Protos.Payload> answer) {
            reply(answer, Messages.payload(services.echo().echo(Messages.payload(request))));
        }

        @Override
        public void assembleRandomNumbers(Protos.AssembleRequest request,
                StreamObserver<Protos.AssembleAnswer> answer) {
            reply(answer, Protos.AssembleAnswer.newBuilder()
                    .setLength(services.echo().assembleRandomNumbers(request.getPayload(), request.getCount()))
                    .build());
        }
    }

    /**
     * The streaming calls, each answer converted and echoed as the unary echo's is; a client stream's messages held
     * to its first by protobuf's equality. Flow control is grpc-java's default: {@code onNext} queues a message
     * whether or not the transport is ready, and HTTP/2's window (grpc-java's 1 MiB, tuned to the connection's
     * bandwidth-delay product) paces what goes on the wire; the client's messages are read as gRPC delivers them, one
     * at a time per call.
     */
    private static final class Streams extends StreamServiceGrpc.StreamServiceImplBase {

        private final ServedServices services;

        Streams(ServedServices services) {
            this.services = services;
        }

        @Override
        public void serverStream(Protos.StreamRequest request, StreamObserver<Protos.Payload> answers) {
            Object payload = Messages.payload(request.getPayload());
            for (int i = 0; i < request.getCount(); i++) {
                answers.onNext(Messages.payload(services.echo().echo(payload)));
            }
            answers.onCompleted();
        }

        @Override
        public StreamObserver<Protos.Payload> clientStream(StreamObserver<Protos.ClientStreamAnswer> answer) {
            return new StreamObserver<>() {
                private Protos.Payload first;
                private int received;
                private boolean failed;

                @Override
                public void onNext(Protos.Payload message) {
                    if (failed) {
                        return;
                    }
                    received++;
                    if (first == null) {
                        first = message;
                    } else if (!message.equals(first)) {
                        failed = true;
                        answer.onError(Status.INVALID_ARGUMENT.withDescription("client stream message " + received
                                + " differs from the first").asRuntimeException());
                    }
                }

                @Override
                public void onError(Throwable failure) {
                    // the client cancelled: nothing to answer
                }

                @Override
                public void onCompleted() {
                    if (failed) {
                        return;
                    }
                    Protos.ClientStreamAnswer.Builder summary = Protos.ClientStreamAnswer.newBuilder()
                            .setReceived(received);
                    if (first != null) {
                        summary.setFirst(Messages.payload(services.echo().echo(Messages.payload(first))));
                    }
                    answer.onNext(summary.build());
                    answer.onCompleted();
                }
            };
        }

        @Override
        public StreamObserver<Protos.Payload> bidiStream(StreamObserver<Protos.Payload> answers) {
            return new StreamObserver<>() {
                @Override
                public void onNext(Protos.Payload message) {
                    answers.onNext(Messages.payload(services.echo().echo(Messages.payload(message))));
                }

                @Override
                public void onError(Throwable failure) {
                    // the client cancelled: nothing to answer
                }

                @Override
                public void onCompleted() {
                    answers.onCompleted();
                }
            };
        }
    }

    /** What the server is configured for, what it read off the probe's own call, and what it has spent. */
    private static final class Probe extends ProbeServiceGrpc.ProbeServiceImplBase {

        private final ServedServices services;
        private final WireFormats wire;
        private final Map<String, String> versions;

        Probe(ServedServices services, WireFormats wire, Map<String, String> versions) {
            this.services = services;
            this.wire = wire;
            this.versions = versions;
        }

        @Override
        public void probe(Protos.ProbeRequest request, StreamObserver<Protos.ProbeAnswer> answer) {
            CallWire call = WireFormats.current();
            ProbeReport report = new ProbeReport();
            report.setProtocol(WireFormats.PROTOCOL);
            report.setSerialization(ProtobufWire.SERIALIZATION);
            report.setWireSerialization(wireSerialization(call.contentType(), request));
            report.setServerAddress(call.server());
            report.setClientAddress(call.client());
            Map<String, String> read = new LinkedHashMap<>();
            read.put(ProbeReport.CONTENT_TYPE, call.contentType());
            read.put(ProbeReport.METHOD, call.method());
            String wrong = Messages.wrongProbe(request);
            read.put(ProbeReport.PROBE_MESSAGE, wrong == null ? "ProbeRequest, marker intact" : wrong);
            report.setWire(read);
            report.setCallsBySerialization(wire.calls.snapshot(Function.identity()));
            report.setVersions(versions);
            report.recordSpent(services.sample().get());
            reply(answer, Messages.probe(report));
        }
    }

    /**
     * protobuf when the probe came under the content type gRPC's client sends and its body decoded as the
     * ProbeRequest sent, marker intact: the content type alone names no serializer's bytes.
     */
    static String wireSerialization(String contentType, Protos.ProbeRequest request) {
        String wrong = Messages.wrongProbe(request);
        if (wrong != null) {
            return "not protobuf: " + wrong;
        }
        if (!WireFormats.CLIENT_CONTENT_TYPE.equals(contentType)) {
            return "not gRPC's protobuf: content type " + contentType;
        }
        return ProtobufWire.SERIALIZATION;
    }

    private static <A> void reply(StreamObserver<A> answer, A message) {
        answer.onNext(message);
        answer.onCompleted();
    }
}
