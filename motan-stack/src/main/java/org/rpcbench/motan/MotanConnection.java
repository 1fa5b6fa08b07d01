package org.rpcbench.motan;

import java.io.IOException;
import java.lang.reflect.Method;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

import com.weibo.api.motan.codec.Codec;
import com.weibo.api.motan.config.ProtocolConfig;
import com.weibo.api.motan.config.RefererConfig;
import com.weibo.api.motan.config.RegistryConfig;
import com.weibo.api.motan.exception.MotanErrorMsgConstant;
import com.weibo.api.motan.exception.MotanServiceException;
import com.weibo.api.motan.protocol.rpc.DefaultRpcCodec;
import com.weibo.api.motan.rpc.DefaultRequest;
import com.weibo.api.motan.rpc.DefaultResponse;
import com.weibo.api.motan.rpc.Request;
import com.weibo.api.motan.rpc.Response;
import com.weibo.api.motan.rpc.ResponseFuture;
import com.weibo.api.motan.rpc.URL;
import com.weibo.api.motan.transport.Channel;
import com.weibo.api.motan.util.ReflectUtil;
import org.rpcbench.api.AsyncServices;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.Page;
import org.rpcbench.api.User;
import org.rpcbench.api.UserCalls;
import org.rpcbench.api.UserService;
import org.rpcbench.contract.FrameBytes;
import org.rpcbench.contract.WireProof;
import org.rpcbench.stack.ProbeReport;
import org.rpcbench.stack.ServerSample;
import org.rpcbench.stack.ServerUnreachableException;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.Target;
import org.rpcbench.stack.WireCheckException;

/**
 * The motan client: one referer of the pair's one service, pointed at the server by a direct URL (seed 004's
 * {@code directUrl}), called synchronously from the benchmark's threads (and asynchronously by the open loop's
 * asynchronous sender). One connection by default, as the other stacks; {@code --connections N} makes motan's pool
 * N connections, which motan uses in turn (seed 004 ran 10).
 */
final class MotanConnection implements StackConnection {

    private final Target target;
    private final MotanSettings settings;
    private final RefererConfig<MotanServicesAsync> referer;
    private final MotanServicesAsync services;
    private final int connections;

    private MotanConnection(Target target, MotanSettings settings, RefererConfig<MotanServicesAsync> referer,
            MotanServicesAsync services, int connections) {
        this.target = target;
        this.settings = settings;
        this.referer = referer;
        this.services = services;
        this.connections = connections;
    }

    /**
     * Refers to the service at the target and calls its probe, so that a server that is not there, or is not a
     * motan pair's, fails here.
     *
     * @throws ServerUnreachableException when no server answers at the target
     */
    static MotanConnection open(Target target) {
        if (!target.direct()) {
            throw new IllegalArgumentException("the motan stack has no registry: it connects to --host and --port");
        }
        MotanSettings settings;
        try {
            settings = MotanSettings.load();
        } catch (IllegalArgumentException e) {
            throw new WireCheckException(e.getMessage(), e);
        }
        requireListening(target);
        int connections = Math.max(1, target.connections());
        RefererConfig<MotanServicesAsync> referer = new RefererConfig<>();
        referer.setInterface(MotanServicesAsync.class);
        RegistryConfig direct = new RegistryConfig();
        direct.setRegProtocol("direct");
        direct.setAddress(target.host() + ":" + target.port());
        referer.setRegistry(direct);
        ProtocolConfig protocol = new ProtocolConfig();
        protocol.setId(MotanServer.PROTOCOL);
        protocol.setName(MotanServer.PROTOCOL);
        protocol.setSerialization(settings.serialization());
        protocol.setMinClientConnection(connections);
        protocol.setMaxContentLength(MotanServer.MAX_CONTENT_BYTES);
        referer.setProtocol(protocol);
        referer.setRequestTimeout(target.timeoutMillis());
        referer.setConnectTimeout(target.timeoutMillis());
        referer.setAsyncInitConnection(false);
        referer.setRetries(0);
        try {
            MotanConnection connection = new MotanConnection(target, settings, referer, referer.getRef(),
                    connections);
            connection.services.probe(WireFormats.PROBE_MARKER);
            return connection;
        } catch (RuntimeException e) {
            referer.destroy();
            if (e instanceof MotanServiceException motan
                    && motan.getErrorCode() == MotanErrorMsgConstant.SERVICE_TIMEOUT_ERROR_CODE) {
                throw new WireCheckException("the server at " + target.describe() + " did not answer motan's probe"
                        + " within " + target.timeoutMillis() + " ms: is it a motan pair's server?", e);
            }
            throw new WireCheckException("the server at " + target.describe() + " refused motan's probe: "
                    + e.getMessage(), e);
        }
    }

    /**
     * Connects once, plainly: motan reports a refused connection only in its log, and fails the first call with a
     * message that does not say why.
     */
    private static void requireListening(Target target) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(target.host(), target.port()), target.timeoutMillis());
        } catch (IOException e) {
            throw new ServerUnreachableException(target, e);
        }
    }

    @Override
    public UserService userService() {
        return services;
    }

    @Override
    public EchoService echoService() {
        return services;
    }

    /**
     * Motan's asynchronous calls on the same referer and connections: each returns motan's response future at once,
     * which motan completes when the answer arrives (or fails at the request timeout).
     */
    @Override
    public AsyncServices asyncServices() {
        return new AsyncServices() {
            @Override
            public CompletableFuture<Boolean> existUser(String email) {
                return answer(services.existUserAsync(email), Boolean.class);
            }

            @Override
            public CompletableFuture<Boolean> createUser(User user) {
                return answer(services.createUserAsync(user), Boolean.class);
            }

            @Override
            public CompletableFuture<User> getUser(long id) {
                return answer(services.getUserAsync(id), User.class);
            }

            @Override
            @SuppressWarnings("unchecked")
            public CompletableFuture<Page<User>> listUser(int pageNo) {
                return answer(services.listUserAsync(pageNo), Page.class).thenApply(page -> (Page<User>) page);
            }

            @Override
            public CompletableFuture<Object> echo(Object payload) {
                return answer(services.echoAsync(payload), Object.class);
            }
        };
    }

    private static <T> CompletableFuture<T> answer(ResponseFuture sent, Class<T> type) {
        CompletableFuture<T> answer = new CompletableFuture<>();
        sent.addListener(done -> {
            if (done.isSuccess()) {
                answer.complete(type.cast(done.getValue()));
            } else {
                answer.completeExceptionally(done.getException());
            }
        });
        return answer;
    }

    @Override
    public List<String> providers() {
        return List.of(target.host() + ":" + target.port());
    }

    /**
     * The probe, once per pooled connection: motan takes its connections in turn, so an idle client's probes
     * reach each one; every distinct connection that answered is proven.
     */
    @Override
    public List<WireProof> proveWire() {
        Map<String, FrameBytes> frames = frameBytes(settings.serialization());
        Map<String, WireProof> proofs = new LinkedHashMap<>();
        for (int i = 0; i < connections; i++) {
            ProbeReport report = probe();
            proofs.putIfAbsent(report.getClientAddress(), new WireProof(MotanStack.NAME, MotanServer.PROTOCOL,
                    settings.serialization(), report.getProtocol(), report.getSerialization(),
                    report.getWireSerialization(), report.getServerAddress(), report.getClientAddress(),
                    report.getVersions(), new TreeMap<>(report.getCallsBySerialization()), 0, frames,
                    report.getWire()));
        }
        return new ArrayList<>(proofs.values());
    }

    @Override
    public Map<String, ServerSample> sampleServers() {
        ProbeReport report = probe();
        return Map.of(report.getServerAddress(), report.spent());
    }

    private ProbeReport probe() {
        try {
            return services.probe(WireFormats.PROBE_MARKER);
        } catch (RuntimeException e) {
            throw new WireCheckException("the probe call to " + target.describe() + " failed: " + e.getMessage(), e);
        }
    }

    /**
     * Each UserService call's request and answer as motan's codec frames them (its 16-byte header included), for
     * the sample request; the attachments motan's client adds to each request (group, version, application) come
     * on top.
     */
    static Map<String, FrameBytes> frameBytes(String serialization) {
        Channel channel = new EncodingOnly(new URL(MotanServer.PROTOCOL, "127.0.0.1", 0,
                MotanServices.class.getName(), Map.of("serialization", serialization)));
        Codec codec = new DefaultRpcCodec();
        Map<String, FrameBytes> bytes = new LinkedHashMap<>();
        try {
            for (UserCalls call : UserCalls.values()) {
                DefaultRequest request = new DefaultRequest();
                request.setInterfaceName(MotanServices.class.getName());
                request.setMethodName(call.method());
                request.setParamtersDesc(ReflectUtil.getMethodParamDesc(method(call)));
                request.setArguments(call.sampleArguments());
                Response answer = new DefaultResponse(call.sampleAnswer());
                bytes.put(call.method(), new FrameBytes(codec.encode(channel, request).length,
                        codec.encode(channel, answer).length));
            }
        } catch (IOException e) {
            throw new IllegalStateException("motan's codec could not frame the sample calls", e);
        }
        return bytes;
    }

    private static Method method(UserCalls call) {
        for (Method method : UserService.class.getMethods()) {
            if (method.getName().equals(call.method())) {
                return method;
            }
        }
        throw new IllegalStateException("UserService has no " + call.method());
    }

    /** Closes once: motan's destroy is idempotent. */
    @Override
    public void close() {
        referer.destroy();
    }

    /** What motan's codec asks of a channel when it only encodes: the URL naming the serializer. */
    private record EncodingOnly(URL url) implements Channel {

        @Override
        public URL getUrl() {
            return url;
        }

        @Override
        public InetSocketAddress getLocalAddress() {
            return null;
        }

        @Override
        public InetSocketAddress getRemoteAddress() {
            return null;
        }

        @Override
        public Response request(Request request) {
            throw new UnsupportedOperationException("encoding only");
        }

        @Override
        public boolean open() {
            return false;
        }

        @Override
        public void close() {
        }

        @Override
        public void close(int timeout) {
        }

        @Override
        public boolean isClosed() {
            return true;
        }

        @Override
        public boolean isAvailable() {
            return false;
        }
    }
}
