package org.rpcbench.soap;

import java.lang.reflect.InvocationTargetException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.xml.ws.WebServiceException;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsClientFactoryBean;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.transport.http.HTTPConduit;
import org.apache.cxf.transport.http.HTTPConduitFactory;
import org.apache.cxf.transport.http.URLConnectionHTTPConduit;
import org.apache.cxf.transports.http.configuration.ConnectionType;
import org.apache.cxf.transports.http.configuration.HTTPClientPolicy;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.UserCalls;
import org.rpcbench.api.UserService;
import org.rpcbench.api.WrongAnswerException;
import org.rpcbench.contract.FrameBytes;
import org.rpcbench.contract.WireProof;
import org.rpcbench.stack.Causes;
import org.rpcbench.stack.CountingRelay;
import org.rpcbench.stack.ProbeReport;
import org.rpcbench.stack.ProbeService;
import org.rpcbench.stack.ServerSample;
import org.rpcbench.stack.ServerUnreachableException;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.Target;
import org.rpcbench.stack.WireCheckException;

/**
 * The SOAP client: CXF JAX-WS proxies of the service interfaces, called from the benchmark's threads, on a CXF bus of
 * their own. Their conduit is CXF's {@code HttpURLConnection} one, the transport Dubbo 2's webservice protocol
 * called through, not CXF 4's default on the JDK's {@code HttpClient}, whose HTTP/1.1 pool can close a kept-alive
 * connection just as a call takes it up to JDK 23 (JDK-8338569, which failed a REST call here). Each thread's call
 * takes a kept-alive connection from the JDK's cache, or opens one: one per call in flight.
 */
final class SoapConnection implements StackConnection {

    private static final String HTTP_VERSION = "1.1";
    /**
     * The JDK's idle connections kept per server ({@code http.maxConnections}, 5 by default): above that many
     * threads, calls would close the connections they finish with. Read once, when the JDK first keeps one alive.
     */
    private static final String KEPT_ALIVE = "http.maxConnections";
    private static final int KEPT_ALIVE_PER_SERVER = 1024;

    private final Target target;
    private final Bus bus;
    private final UserService users;
    private final SoapEcho echo;
    private final ProbeService probe;
    private final AtomicBoolean closed = new AtomicBoolean();

    private SoapConnection(Target target, Bus bus) {
        this.target = target;
        this.bus = bus;
        String base = base(SoapStack.hostAndPort(target.host(), target.port()));
        users = proxy(UserService.class, base);
        echo = proxy(SoapEcho.class, base);
        probe = proxy(ProbeService.class, base);
    }

    /**
     * Makes the proxies and calls the probe, so that a server that is not there fails here.
     *
     * @throws ServerUnreachableException when nothing answers at the target
     * @throws WireCheckException when what answers is not a SOAP pair's server
     */
    static SoapConnection open(Target target) {
        if (System.getProperty(KEPT_ALIVE) == null) {
            System.setProperty(KEPT_ALIVE, String.valueOf(KEPT_ALIVE_PER_SERVER));
        }
        Bus bus = BusFactory.newInstance().createBus();
        bus.setExtension((HTTPConduitFactory) (transports, onBus, endpoint, reference)
                -> new URLConnectionHTTPConduit(onBus, endpoint, reference), HTTPConduitFactory.class);
        SoapConnection connection = new SoapConnection(target, bus);
        try {
            connection.probe(connection.probe);
            return connection;
        } catch (RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    private static String base(String hostAndPort) {
        return "http://" + hostAndPort + "/";
    }

    /** A proxy of the service at {@code <base><interface's simple name>}, on the target's timeout, kept alive. */
    private <T> T proxy(Class<T> service, String base) {
        JaxWsClientFactoryBean client = new JaxWsClientFactoryBean();
        client.setServiceFactory(new InterfaceOperations());
        JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean(client);
        factory.setBus(bus);
        factory.setServiceClass(service);
        factory.setAddress(base + service.getSimpleName());
        factory.setDataBinding(JavaTimeXml.dataBinding());
        T proxy = factory.create(service);
        HTTPClientPolicy policy = new HTTPClientPolicy();
        policy.setConnectionTimeout(target.timeoutMillis());
        policy.setReceiveTimeout(target.timeoutMillis());
        policy.setConnection(ConnectionType.KEEP_ALIVE);
        ((HTTPConduit) ClientProxy.getClient(proxy).getConduit()).setClient(policy);
        return proxy;
    }

    @Override
    public UserService userService() {
        return users;
    }

    @Override
    public EchoService echoService() {
        return new EchoService() {
            @Override
            public Object echo(Object payload) {
                return echo.echo(EchoPayload.of(payload)).payload();
            }

            @Override
            public int assembleRandomNumbers(String payload, int count) {
                return echo.assembleRandomNumbers(payload, count);
            }
        };
    }

    @Override
    public List<String> providers() {
        return List.of(SoapStack.hostAndPort(target.host(), target.port()));
    }

    /** The probe, as the benchmark's calls go: the server states what it is and what it read off the call. */
    @Override
    public List<WireProof> proveWire() {
        ProbeReport report = probe(probe);
        Map<String, String> read = new LinkedHashMap<>(report.getWire());
        if (!HTTP_VERSION.equals(read.get(ProbeReport.HTTP))) {
            throw new WireCheckException("the server at " + target.describe() + " read the probe as HTTP/"
                    + read.get(ProbeReport.HTTP) + ", not HTTP/" + HTTP_VERSION);
        }
        return List.of(new WireProof(SoapStack.NAME, SoapWire.PROTOCOL, SoapWire.SERIALIZATION,
                report.getProtocol(), report.getSerialization(), report.getWireSerialization(),
                report.getServerAddress(), report.getClientAddress(), report.getVersions(),
                new TreeMap<>(report.getCallsBySerialization()), 0, frameBytes(), read));
    }

    /**
     * Each user call's request and answer as the wire carries them, HTTP/1.1 headers included: the sample calls sent
     * once through a {@link CountingRelay}, their answers checked. Only the Host header differs from a direct call's
     * (it names the relay), so its length is swapped for the server's.
     */
    private Map<String, FrameBytes> frameBytes() {
        InetSocketAddress address = new InetSocketAddress(target.host(), target.port());
        Map<String, FrameBytes> frames = new LinkedHashMap<>();
        try (CountingRelay relay = CountingRelay.start(address)) {
            UserService counted = proxy(UserService.class, base(relay.address()));
            int hostDifference = SoapStack.hostAndPort(target.host(), target.port()).length()
                    - relay.address().length();
            for (UserCalls call : UserCalls.values()) {
                long sent = relay.sent();
                long received = relay.received();
                Object answer = UserService.class.getMethod(call.method(), call.parameterTypes())
                        .invoke(counted, call.sampleArguments());
                if (!Objects.equals(call.sampleAnswer(), answer)) {
                    throw new WrongAnswerException(call.method() + " answered " + answer + " through the"
                            + " byte-counting relay, expected " + call.sampleAnswer());
                }
                frames.put(call.method(), new FrameBytes(Math.toIntExact(relay.sent() - sent + hostDifference),
                        Math.toIntExact(relay.received() - received)));
            }
        } catch (InvocationTargetException e) {
            throw new WireCheckException("a call through the byte-counting relay failed: "
                    + Causes.describe(e.getCause()), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("UserService has no method of a UserCalls call", e);
        }
        return frames;
    }

    @Override
    public Map<String, ServerSample> sampleServers() {
        ProbeReport report = probe(probe);
        return Map.of(report.getServerAddress(), report.spent());
    }

    /**
     * @throws ServerUnreachableException when nothing answers at the target
     * @throws WireCheckException when the server does not answer the probe as a SOAP pair's server
     */
    private ProbeReport probe(ProbeService via) {
        try {
            return via.probe();
        } catch (WebServiceException e) {
            if (Causes.causedBy(e, ConnectException.class)) {
                throw new ServerUnreachableException(target, e);
            }
            throw new WireCheckException("the server at " + target.describe() + " did not answer the SOAP probe ("
                    + Causes.describe(e) + "): is it a soap pair's server?", e);
        }
    }

    /** Closes once; a second close does nothing. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            bus.shutdown(true);
        }
    }
}
