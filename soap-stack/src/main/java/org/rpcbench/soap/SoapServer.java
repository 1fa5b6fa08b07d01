package org.rpcbench.soap;

import java.net.BindException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

import jakarta.servlet.http.HttpServletRequest;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.phase.PhaseInterceptorChain;
import org.apache.cxf.transport.http.AbstractHTTPDestination;
import org.apache.cxf.transport.http_jetty.JettyHTTPServerEngine;
import org.apache.cxf.transport.http_jetty.JettyHTTPServerEngineFactory;
import org.apache.cxf.transport.http_jetty.ThreadingParameters;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.AbstractConnector;
import org.rpcbench.api.UserService;
import org.rpcbench.stack.BindFailedException;
import org.rpcbench.stack.CallCounter;
import org.rpcbench.stack.Causes;
import org.rpcbench.stack.ProbeReport;
import org.rpcbench.stack.ProbeService;
import org.rpcbench.stack.ProviderThreads;
import org.rpcbench.stack.RunningServer;
import org.rpcbench.stack.ServedServices;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.Versions;

/**
 * The SOAP server: CXF's JAX-WS endpoints, one per service, on its Jetty transport, bound to exactly the given host
 * and port. Each endpoint's WSDL is CXF's, generated from the service interface (served at {@code ?wsdl}). Jetty's
 * pool runs the calls, at most {@value ProviderThreads#WORKERS} threads as Dubbo's provider default has. Every
 * benchmark call's content type and envelope are read by an interceptor once CXF has read the envelope: a call that
 * is not SOAP 1.1 is refused, and the others are counted by what was read.
 */
final class SoapServer implements RunningServer {

    private static final String TRANSPORT = "http";

    private final Bus bus;
    private final int port;
    private final List<Server> endpoints;
    private final WireFormats wire;
    private final Map<String, String> versions;
    private final AtomicBoolean closed = new AtomicBoolean();

    private SoapServer(Bus bus, int port, List<Server> endpoints, WireFormats wire, Map<String, String> versions) {
        this.bus = bus;
        this.port = port;
        this.endpoints = endpoints;
        this.wire = wire;
        this.versions = versions;
    }

    /** @throws BindFailedException when the address cannot be bound */
    static SoapServer start(ServerSettings settings, ServedServices services) {
        if (settings.registry() != null) {
            throw new IllegalArgumentException("the soap stack has no registry: its clients connect directly;"
                    + " drop -r");
        }
        Map<String, String> versions = Versions.of(SoapStack.ARTIFACTS);
        WireFormats wire = new WireFormats();
        Bus bus = BusFactory.newInstance().createBus();
        List<Server> endpoints = new ArrayList<>();
        SoapServer server = new SoapServer(bus, settings.port(), endpoints, wire, versions);
        try {
            JettyHTTPServerEngine engine = bus.getExtension(JettyHTTPServerEngineFactory.class)
                    .createJettyHTTPServerEngine(settings.host(), settings.port(), TRANSPORT);
            ThreadingParameters threads = new ThreadingParameters();
            threads.setMaxThreads(ProviderThreads.WORKERS);
            threads.setThreadNamePrefix("soap-server");
            engine.setThreadingParameters(threads);
            String base = TRANSPORT + "://" + SoapStack.hostAndPort(settings.host(), settings.port()) + "/";
            endpoints.add(publish(bus, base, UserService.class, services.users(), wire));
            endpoints.add(publish(bus, base, SoapEcho.class, new Echo(services), wire));
            ConnectionCount connections = new ConnectionCount();
            ((AbstractConnector) engine.getConnector()).addEventListener(connections);
            endpoints.add(publish(bus, base, ProbeService.class, new Probe(services, wire, versions, connections),
                    null));
            return server;
        } catch (Exception e) {
            server.close();
            if (Causes.causedBy(e, BindException.class)) {
                throw new BindFailedException(settings.host(), settings.port(), e);
            }
            throw e instanceof RuntimeException runtime ? runtime : new IllegalStateException(e);
        }
    }

    /** One service at {@code <base><interface's simple name>}, counted by {@code wire} where given. */
    private static Server publish(Bus bus, String base, Class<?> service, Object implementation, WireFormats wire) {
        JaxWsServerFactoryBean factory = new JaxWsServerFactoryBean(new InterfaceOperations());
        factory.setBus(bus);
        factory.setServiceClass(service);
        factory.setServiceBean(implementation);
        factory.setAddress(base + service.getSimpleName());
        factory.setDataBinding(JavaTimeXml.dataBinding());
        if (wire != null) {
            factory.getInInterceptors().add(wire);
        }
        return factory.create();
    }

    @Override
    public String protocol() {
        return SoapWire.PROTOCOL;
    }

    @Override
    public String serialization() {
        return SoapWire.SERIALIZATION;
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
        Map<String, String> details = new LinkedHashMap<>();
        details.put("threads", String.valueOf(ProviderThreads.WORKERS));
        details.put("transport", "jetty");
        details.put("style", "document/literal-wrapped");
        details.put("databinding", "jaxb");
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
        for (Server endpoint : endpoints) {
            endpoint.destroy();
        }
        bus.shutdown(true);
        JettyHTTPServerEngineFactory.destroyForPort(port);
    }

    /**
     * Reads each benchmark call's content type and envelope namespace (CXF took the SOAP version from the envelope
     * element it read off the body): SOAP 1.1 is counted, anything else refused with what it was.
     */
    static final class WireFormats extends AbstractPhaseInterceptor<SoapMessage> {

        final CallCounter<String> calls = new CallCounter<>();

        WireFormats() {
            super(Phase.PRE_PROTOCOL);
        }

        @Override
        public void handleMessage(SoapMessage message) {
            String format = SoapWire.serializationOf((String) message.get(Message.CONTENT_TYPE),
                    message.getVersion().getNamespace());
            if (!SoapWire.SERIALIZATION.equals(format)) {
                throw new Fault(new IllegalArgumentException(format));
            }
            calls.increment(format);
        }
    }

    /** The connections the server's connector has accepted: few, when clients keep theirs alive. */
    static final class ConnectionCount implements Connection.Listener {

        private final LongAdder opened = new LongAdder();

        @Override
        public void onOpened(Connection connection) {
            opened.increment();
        }

        long opened() {
            return opened.sum();
        }
    }

    /** The suite's echo and CPU-bound call, the echo's payload in its holder. */
    private static final class Echo implements SoapEcho {

        private final ServedServices services;

        Echo(ServedServices services) {
            this.services = services;
        }

        @Override
        public EchoPayload echo(EchoPayload payload) {
            return EchoPayload.of(services.echo().echo(payload.payload()));
        }

        @Override
        public int assembleRandomNumbers(String payload, int count) {
            return services.echo().assembleRandomNumbers(payload, count);
        }
    }

    /** What the server is configured for, what it read off the probe's own call, and what it has spent. */
    private static final class Probe implements ProbeService {

        private final ServedServices services;
        private final WireFormats wire;
        private final Map<String, String> versions;
        private final ConnectionCount connections;

        Probe(ServedServices services, WireFormats wire, Map<String, String> versions, ConnectionCount connections) {
            this.services = services;
            this.wire = wire;
            this.versions = versions;
            this.connections = connections;
        }

        @Override
        public ProbeReport probe() {
            SoapMessage message = (SoapMessage) PhaseInterceptorChain.getCurrentMessage();
            HttpServletRequest request = (HttpServletRequest) message.get(AbstractHTTPDestination.HTTP_REQUEST);
            String contentType = request.getContentType();
            String envelope = message.getVersion().getNamespace();
            ProbeReport report = new ProbeReport();
            report.setProtocol(SoapWire.PROTOCOL);
            report.setSerialization(SoapWire.SERIALIZATION);
            report.setWireSerialization(SoapWire.serializationOf(contentType, envelope));
            report.setServerAddress(hostAndPort(request.getLocalAddr(), request.getLocalPort()));
            report.setClientAddress(hostAndPort(request.getRemoteAddr(), request.getRemotePort()));
            Map<String, String> read = new LinkedHashMap<>();
            read.put(ProbeReport.HTTP, request.getProtocol().substring(request.getProtocol().indexOf('/') + 1));
            read.put(ProbeReport.CONTENT_TYPE, contentType);
            read.put(SoapWire.ENVELOPE, envelope);
            read.put(ProbeReport.METHOD, request.getMethod() + " " + request.getRequestURI());
            read.put("connections-accepted", String.valueOf(connections.opened()));
            report.setWire(read);
            report.setCallsBySerialization(wire.calls.snapshot(Function.identity()));
            report.setVersions(versions);
            report.recordSpent(services.sample().get());
            return report;
        }

        /** host:port with the host as the socket gave it, an IPv6 one without the brackets a URL puts round it. */
        private static String hostAndPort(String host, int port) {
            return host.replace("[", "").replace("]", "") + ":" + port;
        }
    }
}
