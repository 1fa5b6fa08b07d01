package org.rpcbench.client;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

import org.apache.dubbo.config.spring.ReferenceBean;
import org.apache.dubbo.remoting.RemotingException;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.UserService;
import org.rpcbench.dubbo.Endpoint;
import org.rpcbench.dubbo.HandshakeService;
import org.rpcbench.dubbo.ProbeReport;
import org.rpcbench.dubbo.ProbeService;
import org.rpcbench.dubbo.WireSerialization;
import org.rpcbench.launch.Causes;
import org.springframework.context.support.GenericXmlApplicationContext;

/** A pair's consumer, wired from its {@code consumer.xml} and connected to exactly one endpoint. */
public final class ConsumerContext implements AutoCloseable {

    static final String TIMEOUT_PROPERTY = "rpcbench.timeout";
    static final int DEFAULT_TIMEOUT_MILLIS = 5000;
    /** Dubbo's {@code connections} of the benchmark references; 0 (its default) shares one connection. */
    static final String CONNECTIONS_PROPERTY = "rpcbench.connections";

    private final Endpoint endpoint;
    private final GenericXmlApplicationContext context;

    private ConsumerContext(Endpoint endpoint, GenericXmlApplicationContext context) {
        this.endpoint = endpoint;
        this.context = context;
    }

    /**
     * Connects, or fails within Dubbo's connect timeout with a message naming the endpoint.
     *
     * @throws ServerUnreachableException when no server answers there
     */
    public static ConsumerContext open(Endpoint endpoint) {
        return open(endpoint, "classpath:consumer.xml", Map.of());
    }

    /** A consumer from another XML resource, with extra placeholder values. */
    public static ConsumerContext open(Endpoint endpoint, String xmlResource, Map<String, String> properties) {
        Map<String, String> withDefaults = new HashMap<>(properties);
        withDefaults.putIfAbsent(TIMEOUT_PROPERTY, String.valueOf(DEFAULT_TIMEOUT_MILLIS));
        withDefaults.putIfAbsent(CONNECTIONS_PROPERTY, System.getProperty(CONNECTIONS_PROPERTY, "0"));
        GenericXmlApplicationContext context;
        try {
            context = endpoint.startContext(xmlResource, withDefaults);
        } catch (RuntimeException e) {
            if (Causes.causedBy(e, RemotingException.class)) {
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

    /** The server's report of one call over the benchmark's settings: its configuration, wire and load. */
    public ProbeReport probe() {
        return call(() -> context.getBean(ProbeService.class).probe());
    }

    /** The serializer this consumer is configured to send with. */
    public String serialization() {
        ReferenceBean<?> probe = context.getBean("&probeService", ReferenceBean.class);
        return probe.getReferenceConfig().getInvoker().getUrl().getParameter(WireSerialization.URL_KEY);
    }

    /**
     * Proves, before anything is measured, that client and server are configured for the same serializer, that the
     * server read that serializer's id from the header of a call made over the benchmark's own settings, and that
     * the connection reached exactly the configured endpoint.
     *
     * @throws WireCheckException when any of it does not hold
     */
    public ProbeReport verify() {
        String configured = serialization();
        try {
            WireSerialization.idOf(configured);
        } catch (IllegalStateException e) {
            throw new WireCheckException("client: " + e.getMessage());
        }
        ProbeReport server = call(() -> context.getBean(HandshakeService.class).handshake());
        if (!configured.equals(server.getSerialization())) {
            throw new WireCheckException("the client is configured for " + configured + " but the server at "
                    + endpoint + " for " + server.getSerialization() + ": start the matching pair");
        }
        ProbeReport report = probe();
        if (!configured.equals(report.getWireSerialization())) {
            throw new WireCheckException("the server at " + endpoint + " read " + report.getWireSerialization()
                    + " on the wire, not the configured " + configured);
        }
        if (!isEndpoint(report.getServerAddress())) {
            throw new WireCheckException("the connection to " + endpoint + " reached " + report.getServerAddress()
                    + " instead (Dubbo replaced the address)");
        }
        return report;
    }

    private ProbeReport call(Supplier<ProbeReport> probe) {
        try {
            return probe.get();
        } catch (RuntimeException e) {
            throw new WireCheckException("the probe call to " + endpoint + " failed: " + e, e);
        }
    }

    private boolean isEndpoint(String hostAndPort) {
        int colon = hostAndPort.lastIndexOf(':');
        String host = hostAndPort.substring(0, colon);
        if (Integer.parseInt(hostAndPort.substring(colon + 1)) != endpoint.port()) {
            return false;
        }
        try {
            return Arrays.stream(InetAddress.getAllByName(endpoint.host()))
                    .anyMatch(address -> address.getHostAddress().equals(host));
        } catch (UnknownHostException e) {
            return false;
        }
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

    /** Nothing answered at the endpoint. */
    public static final class ServerUnreachableException extends IllegalStateException {

        private static final long serialVersionUID = 1L;

        ServerUnreachableException(Endpoint endpoint, Throwable cause) {
            super("no server answers at " + endpoint + ": start one with benchmark.sh <pair>-server"
                    + " (same -s and -p) and wait for its ready line", cause);
        }
    }
}
