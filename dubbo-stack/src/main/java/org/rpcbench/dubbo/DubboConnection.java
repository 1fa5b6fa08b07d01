package org.rpcbench.dubbo;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.spring.ReferenceBean;
import org.apache.dubbo.remoting.RemotingException;
import org.apache.dubbo.rpc.Constants;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcContextAttachment;
import org.apache.dubbo.rpc.cluster.ClusterInvoker;
import org.rpcbench.api.AsyncServices;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.Page;
import org.rpcbench.api.User;
import org.rpcbench.api.UserCalls;
import org.rpcbench.api.UserService;
import org.rpcbench.contract.FrameBytes;
import org.rpcbench.contract.WireProof;
import org.rpcbench.dubbo.frames.DubboFrames;
import org.rpcbench.stack.Causes;
import org.rpcbench.stack.ProbeReport;
import org.rpcbench.stack.ProbeService;
import org.rpcbench.stack.ServerSample;
import org.rpcbench.stack.ServerUnreachableException;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.StreamCalls;
import org.rpcbench.stack.Target;
import org.rpcbench.stack.WireCheckException;
import org.springframework.context.support.GenericXmlApplicationContext;

/**
 * A pair's consumer, wired from its {@code consumer.xml}: connected to exactly one target, or to every provider
 * a ZooKeeper registry lists.
 */
final class DubboConnection implements StackConnection {

    /** Round robin reaches each provider once in as many calls; the extra rounds allow for a list that changed. */
    private static final int PROBE_ROUNDS = 3;

    /** Triple's protocol name, as a pair's pom names it and as in a provider's URL. */
    static final String TRIPLE = "tri";

    private final Target target;
    private final GenericXmlApplicationContext context;

    private DubboConnection(Target target, GenericXmlApplicationContext context) {
        this.target = target;
        this.context = context;
    }

    static DubboConnection open(Target target) {
        // the module's own when it adds something (registered classes, RMI's timeouts...), else the stack's
        return open(target, SpringContexts.onClassPath("consumer.xml") ? "classpath:consumer.xml"
                : "classpath:org/rpcbench/dubbo/pair-consumer.xml", Map.of());
    }

    /**
     * A consumer from an XML resource with extra placeholder values; connects, or fails within Dubbo's connect
     * timeout with a message naming the target or registry.
     *
     * @throws ServerUnreachableException when no server answers there, or none is registered
     */
    static DubboConnection open(Target target, String xmlResource, Map<String, String> extraPlaceholders) {
        if (!target.direct()) {
            target.registry().checkReachable();
        }
        Map<String, Object> placeholders = new HashMap<>(extraPlaceholders);
        placeholders.put(SpringContexts.REGISTRY,
                target.direct() ? SpringContexts.NO_REGISTRY : target.registry().toString());
        placeholders.put(SpringContexts.URL,
                target.direct() ? SpringContexts.configuredProtocol() + "://" + target.host() + ":" + target.port()
                        : "");
        placeholders.put(SpringContexts.CONNECTIONS, String.valueOf(target.connections()));
        placeholders.put(SpringContexts.TIMEOUT, String.valueOf(target.timeoutMillis()));
        GenericXmlApplicationContext context;
        try {
            context = SpringContexts.start(xmlResource, placeholders, Map.of());
        } catch (RuntimeException e) {
            // triple's client waits for the server's HTTP/2 settings; a server of another protocol never sends them
            if (Causes.mentioning(e, "connection preface timeout")) {
                throw new WireCheckException("the server at " + target.describe() + " took the connection but did"
                        + " not answer triple's HTTP/2 preface: is it a triple pair's server?", e);
            }
            // RMI's client sends its handshake and waits for RMI's answer, which a server of another protocol
            // never gives
            if (Causes.mentioning(e, "error during JRMP connection establishment")) {
                throw new WireCheckException("the server at " + target.describe() + " took the connection but did"
                        + " not answer RMI's handshake within " + target.timeoutMillis() + " ms: is it an rmi pair's"
                        + " server?", e);
            }
            if (Causes.causedBy(e, RemotingException.class)
                    || !target.direct() && String.valueOf(e.getMessage()).contains("No provider available")) {
                throw new ServerUnreachableException(target, e);
            }
            throw new IllegalStateException("the consumer could not start: " + e.getMessage(), e);
        }
        return new DubboConnection(target, context);
    }

    @Override
    public UserService userService() {
        return context.getBean("userService", UserService.class);
    }

    @Override
    public EchoService echoService() {
        return context.getBean("echoService", EchoService.class);
    }

    /** Triple's streams, through the reference its consumer declares (DubboStack#checkStreaming lets it). */
    @Override
    public StreamCalls streamCalls() {
        return new TripleStreamCalls(context.getBean("streamService", StreamService.class), target.timeoutMillis());
    }

    /**
     * Dubbo's asynchronous invocation on the same references: the call goes out with {@code async=true}, the
     * reference returns at once, and the answer's future is the one Dubbo leaves in the service context. Not
     * {@code RpcContext.asyncCall}, which takes the default {@code false} a boolean method returns at once for the
     * answer. Java RMI's calls block, so Dubbo's rmi protocol has none.
     */
    @Override
    public AsyncServices asyncServices() {
        if (DubboServer.RMI.equals(SpringContexts.configuredProtocol())) {
            throw new UnsupportedOperationException("Dubbo's rmi protocol calls through Java RMI, whose calls block"
                    + " the caller until the answer");
        }
        UserService users = userService();
        EchoService echo = echoService();
        return new AsyncServices() {
            @Override
            public CompletableFuture<Boolean> existUser(String email) {
                return sent(() -> users.existUser(email));
            }

            @Override
            public CompletableFuture<Boolean> createUser(User user) {
                return sent(() -> users.createUser(user));
            }

            @Override
            public CompletableFuture<User> getUser(long id) {
                return sent(() -> users.getUser(id));
            }

            @Override
            public CompletableFuture<Page<User>> listUser(int pageNo) {
                return sent(() -> users.listUser(pageNo));
            }

            @Override
            public CompletableFuture<Object> echo(Object payload) {
                return sent(() -> echo.echo(payload));
            }
        };
    }

    /** Makes the call asynchronously: what the reference returns at once is a placeholder, not the answer. */
    @SuppressWarnings("unchecked")
    private static <T> CompletableFuture<T> sent(Runnable call) {
        RpcContextAttachment attachments = RpcContext.getClientAttachment();
        attachments.setAttachment(Constants.ASYNC_KEY, Boolean.TRUE.toString());
        try {
            call.run();
        } finally {
            attachments.removeAttachment(Constants.ASYNC_KEY);
        }
        return (CompletableFuture<T>) RpcContext.getServiceContext().getFuture();
    }

    /** The serializer this consumer is configured to send with. */
    String serialization() {
        return probeInvoker().getUrl().getParameter(WireSerialization.URL_KEY);
    }

    /**
     * The providers the consumer calls, host:port as each was told to bind: the direct URL's, or those the
     * registry listed (a provider registers the machine's address but binds, and is reached at, its bind host).
     */
    @Override
    public List<String> providers() {
        if (target.direct()) {
            return List.of(target.host() + ":" + target.port());
        }
        return providerUrls().stream()
                .map(url -> url.getParameter(ExactHostTransporter.BIND_HOST_KEY, url.getHost()) + ":" + url.getPort())
                .distinct()
                .sorted()
                .toList();
    }

    /**
     * First asks every provider, over hessian2 (which every Dubbo side reads), what it is configured for, so that
     * a client of another pair gets a clear message instead of a request the server cannot decode, and whether
     * it numbers the registered classes as this client does; then probes
     * each over the benchmark's own settings for what it read off the wire.
     */
    @Override
    public List<WireProof> proveWire() {
        String configured = serialization();
        try {
            WireSerialization.idOf(configured);
        } catch (IllegalStateException e) {
            throw new WireCheckException("client: " + e.getMessage());
        }
        int providers = providers().size();
        Map<String, Integer> registration = ClassRegistration.ids();
        for (ProbeReport server : askEach(() -> call(() -> context.getBean(HandshakeService.class).handshake()),
                providers).values()) {
            if (!configured.equals(server.getSerialization())) {
                throw WireCheckException.mismatch("", configured, server.getServerAddress(), server.getSerialization());
            }
            String difference = ClassRegistration.difference(registration, server.getRegistration());
            if (difference != null) {
                throw new WireCheckException("client and server " + server.getServerAddress() + " number the "
                        + configured + " classes differently, so objects would be read as other classes: "
                        + difference);
            }
        }
        String protocol = providerUrls().stream().map(URL::getProtocol).findFirst().orElse(null);
        CallFrames pairFrames = context.getBeanProvider(CallFrames.class).getIfAvailable();
        Map<String, FrameBytes> frames = pairFrames != null ? pairFrames.userCalls()
                : TRIPLE.equals(protocol) ? TripleFrames.of(probeInvoker().getUrl())
                : DubboServer.RMI.equals(protocol) ? RmiFrames.of(userService())
                : frameBytes(configured);
        return askEach(this::probe, providers).values().stream()
                .map(report -> new WireProof(DubboStack.NAME, protocol, configured, report.getProtocol(),
                        report.getSerialization(), report.getWireSerialization(), report.getServerAddress(),
                        report.getClientAddress(), new LinkedHashMap<>(report.getVersions()),
                        new TreeMap<>(report.getCallsBySerialization()), registration.size(), frames,
                        wire(protocol, report)))
                .toList();
    }

    /**
     * What else the provider read off the probe, and, where triple was asked for more connections than it opens,
     * that it shares one: triple multiplexes every reference to a provider over one HTTP/2 connection and ignores
     * Dubbo's {@code connections}.
     */
    private Map<String, String> wire(String protocol, ProbeReport report) {
        Map<String, String> wire = new LinkedHashMap<>(report.getWire());
        if (TRIPLE.equals(protocol) && target.connections() > 1) {
            wire.put("connections", "1 (triple shares one HTTP/2 connection per provider; asked for "
                    + target.connections() + ")");
        }
        return wire;
    }

    /** Each UserService call's dubbo-protocol frames as this consumer sends them and its provider answers. */
    private Map<String, FrameBytes> frameBytes(String serialization) {
        DubboFrames frames = new DubboFrames(serialization, context.getBean(ApplicationConfig.class).getName(),
                target.timeoutMillis());
        Map<String, FrameBytes> bytes = new LinkedHashMap<>();
        for (UserCalls call : UserCalls.values()) {
            bytes.put(call.method(), new FrameBytes(frames.request(UserService.class, call.method(),
                    call.parameterTypes(), call.sampleArguments()), frames.answer(call.sampleAnswer())));
        }
        return bytes;
    }

    @Override
    public Map<String, ServerSample> sampleServers() {
        Map<String, ServerSample> samples = new TreeMap<>();
        askEach(this::probe, providers().size()).forEach((server, report) -> samples.put(server, report.spent()));
        return samples;
    }

    /** The server's report of one call over the benchmark's settings (the next provider in turn). */
    ProbeReport probe() {
        return call(() -> context.getBean(ProbeService.class).probe());
    }

    /** Asks each of the providers in turn (the probe references balance round robin) until every one answered. */
    private Map<String, ProbeReport> askEach(Supplier<ProbeReport> call, int providers) {
        if (providers == 0) {
            throw new WireCheckException("no provider is registered at " + target.registry());
        }
        Map<String, ProbeReport> reports = new TreeMap<>();
        for (int i = 0; i < providers * PROBE_ROUNDS && reports.size() < providers; i++) {
            ProbeReport report = call.get();
            reports.putIfAbsent(report.getServerAddress(), report);
        }
        return reports;
    }

    /** The provider URLs the probe reference calls: the direct one, or those the registry listed. */
    private List<URL> providerUrls() {
        return ((ClusterInvoker<?>) probeInvoker()).getDirectory().getAllInvokers().stream()
                .map(Invoker::getUrl)
                .toList();
    }

    private Invoker<?> probeInvoker() {
        return context.getBean("&probeService", ReferenceBean.class).getReferenceConfig().getInvoker();
    }

    private ProbeReport call(Supplier<ProbeReport> probe) {
        try {
            return probe.get();
        } catch (RuntimeException e) {
            throw new WireCheckException("the probe call to " + target.describe() + " failed: " + e, e);
        }
    }

    @Override
    public void close() {
        context.close();
    }
}
