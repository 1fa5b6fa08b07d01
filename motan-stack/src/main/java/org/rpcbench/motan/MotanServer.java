package org.rpcbench.motan;

import java.net.BindException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

import com.weibo.api.motan.config.ProtocolConfig;
import com.weibo.api.motan.config.RegistryConfig;
import com.weibo.api.motan.config.ServiceConfig;
import com.weibo.api.motan.rpc.Request;
import com.weibo.api.motan.rpc.RpcContext;
import org.rpcbench.api.Page;
import org.rpcbench.api.User;
import org.rpcbench.stack.BindFailedException;
import org.rpcbench.stack.CallCounter;
import org.rpcbench.stack.Causes;
import org.rpcbench.stack.ProbeReport;
import org.rpcbench.stack.ProviderThreads;
import org.rpcbench.stack.RunningServer;
import org.rpcbench.stack.ServedServices;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.Versions;

/**
 * The motan server: one motan service on exactly the given host and port, exported to motan's local registry
 * (clients use a direct URL, as seed 004's do), on motan's netty4 parts ({@link ExactHostServer}) with Dubbo's
 * provider thread model: IO threads one more than the cores, a worker pool of 200.
 */
final class MotanServer implements RunningServer {

    static final String PROTOCOL = "motan";
    static final String PROBE_METHOD = "probe";
    /** Dubbo's payload limit, so that motan refuses what the Dubbo pairs refuse (motan's own default is 10 MiB). */
    static final int MAX_CONTENT_BYTES = 8 << 20;

    private final ServiceConfig<MotanServices> service;
    private final int port;
    private final MotanSettings settings;
    private final ProviderThreads threads;
    private final CallCounter<String> calls;
    private final Map<String, String> versions;
    private final AtomicBoolean closed = new AtomicBoolean();

    private MotanServer(ServiceConfig<MotanServices> service, int port, MotanSettings settings,
            ProviderThreads threads, CallCounter<String> calls, Map<String, String> versions) {
        this.service = service;
        this.port = port;
        this.settings = settings;
        this.threads = threads;
        this.calls = calls;
        this.versions = versions;
    }

    /** @throws BindFailedException when the port cannot be bound */
    static MotanServer start(ServerSettings server, ServedServices services) {
        if (server.registry() != null) {
            throw new IllegalArgumentException("the motan stack has no registry: its clients connect by a direct URL,"
                    + " as seed 004's do; drop -r");
        }
        MotanSettings settings = MotanSettings.load();
        ProviderThreads threads = ProviderThreads.load(MotanSettings.RESOURCE);
        if (threads.direct()) {
            throw new IllegalArgumentException(MotanSettings.RESOURCE + ": motan's netty4 server hands every call to"
                    + " its worker pool; dispatcher=direct is not available");
        }
        Map<String, String> versions = Versions.of("com.weibo:motan-core", "com.weibo:motan-transport-netty4",
                "io.netty:netty-transport");
        CallCounter<String> calls = CountingCodec.register(server.port());
        ConnectionTaps taps = new ConnectionTaps();
        ServiceConfig<MotanServices> service = new ServiceConfig<>();
        service.setInterface(MotanServices.class);
        service.setRef(new Served(services, taps, settings, calls, versions));
        RegistryConfig local = new RegistryConfig();
        local.setRegProtocol("local");
        service.setRegistry(local);
        service.setProtocol(protocol(settings, threads));
        service.setHost(server.host());
        service.setExport(PROTOCOL + ":" + server.port());
        ExactHostEndpointFactory.expect(server.port(), new ExactHostEndpointFactory.Binding(server.host(), taps));
        try {
            service.export();
            return new MotanServer(service, server.port(), settings, threads, calls, versions);
        } catch (Exception e) {
            // Netty's bind failure reaches here unwrapped, a checked BindException motan does not declare
            service.unexport();
            CountingCodec.unregister(server.port());
            ExactHostEndpointFactory.forget(server.port());
            if (Causes.causedBy(e, BindException.class)) {
                throw new BindFailedException(server.host(), server.port(), e);
            }
            throw e instanceof RuntimeException runtime ? runtime : new IllegalStateException(e);
        }
    }

    private static ProtocolConfig protocol(MotanSettings settings, ProviderThreads threads) {
        ProtocolConfig protocol = new ProtocolConfig();
        protocol.setId(PROTOCOL);
        protocol.setName(PROTOCOL);
        protocol.setSerialization(settings.serialization());
        protocol.setCodec(CountingCodec.NAME);
        protocol.setEndpointFactory(ExactHostEndpointFactory.NAME);
        protocol.setMinWorkerThread(threads.workers());
        protocol.setMaxWorkerThread(threads.workers());
        protocol.setMaxContentLength(MAX_CONTENT_BYTES);
        return protocol;
    }

    @Override
    public String protocol() {
        return PROTOCOL;
    }

    @Override
    public String serialization() {
        return settings.serialization();
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
        details.put("transport", "netty4");
        details.put("maxContentBytes", String.valueOf(MAX_CONTENT_BYTES));
        return details;
    }

    @Override
    public Map<String, Long> callsByWireFormat() {
        return calls.snapshot(Function.identity());
    }

    /** Stops once; a second close does nothing. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            service.unexport();
            CountingCodec.unregister(port);
            ExactHostEndpointFactory.forget(port);
        }
    }

    /** The suite's implementations as the one motan service, and the probe, which reads how it arrived. */
    private static final class Served implements MotanServices {

        private final ServedServices services;
        private final ConnectionTaps taps;
        private final MotanSettings settings;
        private final CallCounter<String> calls;
        private final Map<String, String> versions;

        Served(ServedServices services, ConnectionTaps taps, MotanSettings settings, CallCounter<String> calls,
                Map<String, String> versions) {
            this.services = services;
            this.taps = taps;
            this.settings = settings;
            this.calls = calls;
            this.versions = versions;
        }

        @Override
        public boolean existUser(String email) {
            return services.users().existUser(email);
        }

        @Override
        public boolean createUser(User user) {
            return services.users().createUser(user);
        }

        @Override
        public User getUser(long id) {
            return services.users().getUser(id);
        }

        @Override
        public Page<User> listUser(int pageNo) {
            return services.users().listUser(pageNo);
        }

        @Override
        public Object echo(Object payload) {
            return services.echo().echo(payload);
        }

        @Override
        public int assembleRandomNumbers(String payload, int count) {
            return services.echo().assembleRandomNumbers(payload, count);
        }

        @Override
        public ProbeReport probe(String marker) {
            Request request = RpcContext.getContext().getRequest();
            ConnectionTaps.Connection connection = taps.carrying(request.getRequestId());
            if (connection == null) {
                throw new IllegalStateException("the probe " + request.getRequestId()
                        + " was read on no connection this server tapped");
            }
            ProbeReport report = new ProbeReport();
            report.setProtocol(PROTOCOL);
            report.setSerialization(settings.serialization());
            report.setWireSerialization(request.getAttachments().get(CountingCodec.DECODED_WITH));
            report.setServerAddress(connection.server);
            report.setClientAddress(connection.client);
            Map<String, String> wire = new LinkedHashMap<>();
            wire.put("magic", connection.magicHex());
            wire.put("motan-protocol", "v" + connection.version);
            report.setWire(wire);
            report.setVersions(versions);
            report.setCallsBySerialization(calls.snapshot(Function.identity()));
            report.recordSpent(services.sample().get());
            return report;
        }
    }
}
