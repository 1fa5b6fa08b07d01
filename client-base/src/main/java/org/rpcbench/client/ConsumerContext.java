package org.rpcbench.client;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

import org.apache.dubbo.config.spring.ReferenceBean;
import org.apache.dubbo.remoting.RemotingException;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.cluster.ClusterInvoker;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.UserService;
import org.rpcbench.dubbo.Endpoint;
import org.rpcbench.dubbo.ExactHostTransporter;
import org.rpcbench.dubbo.HandshakeService;
import org.rpcbench.dubbo.ProbeReport;
import org.rpcbench.dubbo.ProbeService;
import org.rpcbench.dubbo.WireSerialization;
import org.rpcbench.launch.Causes;
import org.springframework.context.support.GenericXmlApplicationContext;

/**
 * A pair's consumer, wired from its {@code consumer.xml}: connected to exactly one endpoint, or to every provider
 * a ZooKeeper registry lists.
 */
public final class ConsumerContext implements AutoCloseable {

    static final String TIMEOUT_PROPERTY = "rpcbench.timeout";
    static final int DEFAULT_TIMEOUT_MILLIS = 5000;
    /** Dubbo's {@code connections} of the benchmark references; 0 (its default) shares one connection. */
    static final String CONNECTIONS_PROPERTY = "rpcbench.connections";
    /** Round robin reaches each provider once in as many calls; the extra rounds allow for a list that changed. */
    private static final int PROBE_ROUNDS = 3;

    private final Endpoint endpoint;
    private final GenericXmlApplicationContext context;

    private ConsumerContext(Endpoint endpoint, GenericXmlApplicationContext context) {
        this.endpoint = endpoint;
        this.context = context;
    }

    /**
     * Connects, or fails within Dubbo's connect timeout with a message naming the endpoint or registry.
     *
     * @throws ServerUnreachableException when no server answers there, or none is registered
     */
    public static ConsumerContext open(Endpoint endpoint) {
        return open(endpoint, "classpath:consumer.xml", Map.of());
    }

    /** A consumer from another XML resource, with extra placeholder values. */
    public static ConsumerContext open(Endpoint endpoint, String xmlResource, Map<String, String> properties) {
        if (endpoint.registry() != null) {
            endpoint.registry().checkReachable();
        }
        Map<String, String> withDefaults = new HashMap<>(properties);
        withDefaults.putIfAbsent(TIMEOUT_PROPERTY, String.valueOf(DEFAULT_TIMEOUT_MILLIS));
        withDefaults.putIfAbsent(CONNECTIONS_PROPERTY, System.getProperty(CONNECTIONS_PROPERTY, "0"));
        GenericXmlApplicationContext context;
        try {
            context = endpoint.startContext(xmlResource, withDefaults);
        } catch (RuntimeException e) {
            if (Causes.causedBy(e, RemotingException.class)
                    || endpoint.registry() != null && String.valueOf(e.getMessage()).contains("No provider available")) {
                throw new ServerUnreachableException(endpoint, e);
            }
            throw new IllegalStateException("the consumer could not start: " + e.getMessage(), e);
        }
        return new ConsumerContext(endpoint, context);
    }

    public UserService userService() {
        return context.getBean("userService", UserService.class);
    }

    public EchoService echoService() {
        return context.getBean("echoService", EchoService.class);
    }

    /** How long the benchmark's UserService calls wait for an answer before they fail. */
    public long callTimeoutMillis() {
        Integer timeout = context.getBean("&userService", ReferenceBean.class).getReferenceConfig().getTimeout();
        return timeout == null ? DEFAULT_TIMEOUT_MILLIS : timeout;
    }

    /** The server's report of one call over the benchmark's settings (the next provider in turn). */
    public ProbeReport probe() {
        return call(() -> context.getBean(ProbeService.class).probe());
    }

    /** A report from every provider the consumer knows, by the server's end of its connection. */
    public Map<String, ProbeReport> probeEach() {
        return askEach(this::probe, providers().size());
    }

    /** The serializer this consumer is configured to send with. */
    public String serialization() {
        return probeInvoker().getUrl().getParameter(WireSerialization.URL_KEY);
    }

    /**
     * The providers the consumer calls, host:port as each was told to bind: the direct URL's, or those the
     * registry listed (a provider registers the machine's address but binds, and is reached at, its bind host).
     */
    public List<String> providers() {
        if (endpoint.registry() == null) {
            return List.of(endpoint.host() + ":" + endpoint.port());
        }
        return ((ClusterInvoker<?>) probeInvoker()).getDirectory().getAllInvokers().stream()
                .map(Invoker::getUrl)
                .map(url -> url.getParameter(ExactHostTransporter.BIND_HOST_KEY, url.getHost()) + ":" + url.getPort())
                .distinct()
                .sorted()
                .toList();
    }

    /**
     * Proves, before anything is measured, for every provider the consumer calls: that it is configured for the
     * consumer's serializer, that it read that serializer's id from the header of a call made over the benchmark's
     * own settings, and that the connection reached exactly the address it binds. Returns each provider's report.
     *
     * @throws WireCheckException when any of it does not hold
     */
    public List<ProbeReport> verify() {
        String configured = serialization();
        try {
            WireSerialization.idOf(configured);
        } catch (IllegalStateException e) {
            throw new WireCheckException("client: " + e.getMessage());
        }
        List<String> providers = providers();
        for (ProbeReport server : askEach(() -> call(() -> context.getBean(HandshakeService.class).handshake()),
                providers.size()).values()) {
            if (!configured.equals(server.getSerialization())) {
                throw new WireCheckException("the client is configured for " + configured + " but the server at "
                        + server.getServerAddress() + " for " + server.getSerialization() + ": start the matching pair");
            }
        }
        Map<String, ProbeReport> reports = askEach(this::probe, providers.size());
        for (ProbeReport report : reports.values()) {
            if (!configured.equals(report.getWireSerialization())) {
                throw new WireCheckException("the server at " + report.getServerAddress() + " read "
                        + report.getWireSerialization() + " on the wire, not the configured " + configured);
            }
        }
        // askEach stops at as many servers as providers: each provider matched means each was reached, no other
        for (String provider : providers) {
            if (reports.keySet().stream().noneMatch(reached -> isAddress(reached, provider))) {
                throw new WireCheckException("the connection to " + provider + " reached "
                        + String.join(", ", reports.keySet()) + " instead (Dubbo replaced the address)");
            }
        }
        return List.copyOf(reports.values());
    }

    /** Asks each of the providers in turn (the probe references balance round robin) until every one answered. */
    private Map<String, ProbeReport> askEach(Supplier<ProbeReport> call, int providers) {
        if (providers == 0) {
            throw new WireCheckException("no provider is registered at " + endpoint.registry());
        }
        Map<String, ProbeReport> reports = new TreeMap<>();
        for (int i = 0; i < providers * PROBE_ROUNDS && reports.size() < providers; i++) {
            ProbeReport report = call.get();
            reports.putIfAbsent(report.getServerAddress(), report);
        }
        return reports;
    }

    private Invoker<?> probeInvoker() {
        return context.getBean("&probeService", ReferenceBean.class).getReferenceConfig().getInvoker();
    }

    private ProbeReport call(Supplier<ProbeReport> probe) {
        try {
            return probe.get();
        } catch (RuntimeException e) {
            throw new WireCheckException("the probe call to " + target(endpoint) + " failed: " + e, e);
        }
    }

    /** Whether a literal host:port a server saw is the host:port a provider was configured with (host resolved). */
    private static boolean isAddress(String literal, String configured) {
        int colon = literal.lastIndexOf(':');
        int configuredColon = configured.lastIndexOf(':');
        if (!literal.substring(colon + 1).equals(configured.substring(configuredColon + 1))) {
            return false;
        }
        try {
            return Arrays.stream(InetAddress.getAllByName(configured.substring(0, configuredColon)))
                    .anyMatch(address -> address.getHostAddress().equals(literal.substring(0, colon)));
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** What the consumer calls: host:port, or the providers registered at a registry. */
    static String target(Endpoint endpoint) {
        return endpoint.registry() == null ? endpoint.host() + ":" + endpoint.port()
                : "the providers registered at " + endpoint.registry();
    }

    @Override
    public void close() {
        context.close();
    }

    /** The serializer or address of a connection is not what the run is configured for. */
    public static final class WireCheckException extends IllegalStateException {

        private static final long serialVersionUID = 1L;

        WireCheckException(String message) {
            this(message, null);
        }

        WireCheckException(String message, Throwable cause) {
            super("wire check failed: " + message, cause);
        }
    }

    /** Nothing answered at the endpoint, or no provider is registered. */
    public static final class ServerUnreachableException extends IllegalStateException {

        private static final long serialVersionUID = 1L;

        ServerUnreachableException(Endpoint endpoint, Throwable cause) {
            super(endpoint.registry() == null
                    ? "no server answers at " + target(endpoint) + ": start one with benchmark.sh <pair>-server"
                            + " (same -s and -p) and wait for its ready line"
                    : "no provider of the benchmark is registered at " + endpoint.registry() + ": start one with"
                            + " benchmark.sh -r " + endpoint.registry() + " <pair>-server and wait for its ready line",
                    cause);
        }
    }
}
