package org.rpcbench.dubbo;

import java.net.BindException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.constants.CommonConstants;
import org.apache.dubbo.common.extension.ExtensionLoader;
import org.apache.dubbo.common.profiler.ProfilerSwitch;
import org.apache.dubbo.common.utils.NetUtils;
import org.apache.dubbo.config.spring.ServiceBean;
import org.apache.dubbo.rpc.Filter;
import org.rpcbench.api.UserService;
import org.rpcbench.contract.RegistryAddress;
import org.rpcbench.registry.EmbeddedZooKeeper;
import org.rpcbench.stack.BindFailedException;
import org.rpcbench.stack.Causes;
import org.rpcbench.stack.JsonWire;
import org.rpcbench.stack.RunningServer;
import org.rpcbench.stack.ServedServices;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.Versions;
import org.springframework.context.support.GenericXmlApplicationContext;

/**
 * A pair's provider, wired from its {@code provider.xml} with the suite's implementations and exported on exactly
 * the host and port given; registered at a ZooKeeper when asked, an embedded one started with it if need be.
 */
final class DubboServer implements RunningServer {

    /** Java RMI's protocol name (extension {@code dubbo-rpc-rmi}). */
    static final String RMI = "rmi";

    private final GenericXmlApplicationContext context;
    private final URL exported;
    private final RegistryAddress registry;
    private final EmbeddedZooKeeper zookeeper;
    private final Map<String, String> versions;
    private final boolean simpleProfiler;

    private DubboServer(GenericXmlApplicationContext context, URL exported, RegistryAddress registry,
            EmbeddedZooKeeper zookeeper, Map<String, String> versions, boolean simpleProfiler) {
        this.context = context;
        this.exported = exported;
        this.registry = registry;
        this.zookeeper = zookeeper;
        this.versions = versions;
        this.simpleProfiler = simpleProfiler;
    }

    /**
     * @throws BindFailedException when the address cannot be bound
     * @throws RegistryAddress.RegistryUnreachableException when the registry does not answer
     * @throws IllegalStateException when the configured serializer (or REST's JSON framework) cannot be loaded
     */
    static DubboServer start(ServerSettings settings, ServedServices services) {
        EmbeddedZooKeeper zookeeper = null;
        RegistryAddress registry = null;
        if (RegistryAddress.EMBEDDED.equals(settings.registry())) {
            zookeeper = EmbeddedZooKeeper.start(settings.host(), 0);
            registry = zookeeper.address();
        } else if (settings.registry() != null) {
            registry = RegistryAddress.parse(settings.registry());
            registry.checkReachable();
        }
        try {
            Map<String, String> versions = Versions.of("org.apache.dubbo:dubbo", "io.netty:netty-transport");
            boolean simpleProfiler = simpleProfilerUnlessLoopbackOnly();
            GenericXmlApplicationContext context = startContext(settings, registry, services, versions);
            try {
                DubboServer server = new DubboServer(context, exportedUrl(context), registry, zookeeper, versions,
                        simpleProfiler);
                WireSerialization.checkAvailable(server.serialization());
                server.checkRmiBound(settings);
                return server;
            } catch (RuntimeException e) {
                context.close();
                throw e;
            }
        } catch (RuntimeException e) {
            if (zookeeper != null) {
                zookeeper.close();
            }
            throw e;
        }
    }

    /**
     * Dubbo's simple profiler, on by default, asks for the caller's address on every call, and Dubbo turns a
     * loopback caller into this machine's address. On a host with only loopback (a CI container, a network
     * namespace) that lookup finds nothing, is not cached, and logs a stack trace: every call, a tenth of the
     * throughput and hundreds of MB of log. Dubbo's own lookup is asked once here; when it finds nothing the profiler
     * is switched off, and the ready line says so.
     *
     * @return whether the simple profiler stays on, as users run Dubbo
     */
    private static boolean simpleProfilerUnlessLoopbackOnly() {
        if (NetUtils.getLocalAddress() == null) {
            ProfilerSwitch.disableSimpleProfiler();
        }
        return ProfilerSwitch.isEnableSimpleProfiler();
    }

    /**
     * The module's provider.xml when it adds something of its own (registered classes, RMI's sockets...), else the
     * stack's provider for the protocol its pom names.
     */
    private static String providerXml() {
        if (SpringContexts.onClassPath("provider.xml")) {
            return "classpath:provider.xml";
        }
        String protocol = SpringContexts.configuredProtocol();
        return switch (protocol) {
            case "dubbo" -> "classpath:org/rpcbench/dubbo/dubbo-pair-provider.xml";
            case DubboConnection.TRIPLE -> "classpath:org/rpcbench/dubbo/triple-pair-provider.xml";
            default -> throw new IllegalStateException("a " + protocol + " pair configures its provider in a"
                    + " provider.xml of its own, and this module has none");
        };
    }

    private static GenericXmlApplicationContext startContext(ServerSettings settings, RegistryAddress registry,
            ServedServices services, Map<String, String> versions) {
        Map<String, Object> placeholders = new HashMap<>();
        placeholders.put(SpringContexts.HOST, settings.host());
        placeholders.put(SpringContexts.PORT, String.valueOf(settings.port()));
        placeholders.put(SpringContexts.REGISTRY, registry == null ? SpringContexts.NO_REGISTRY : registry.toString());
        Map<String, Object> beans = Map.of("userServiceImpl", services.users(), "echoServiceImpl", services.echo(),
                "streamServiceImpl", new StreamServiceImpl(services.echo()),
                "probeServiceImpl", new ProbeServiceImpl(services.sample(), versions));
        try {
            return SpringContexts.start(providerXml(), placeholders, beans);
        } catch (RuntimeException e) {
            if (Causes.causedBy(e, BindException.class)) {
                throw new BindFailedException(settings.host(), settings.port(), e);
            }
            throw e;
        }
    }

    /**
     * The URL of a measured service (its protocol, serializer, bind host, port and thread model, which every
     * service of the provider shares): {@code UserService}, or the service a pair carries its calls in.
     */
    private static URL exportedUrl(GenericXmlApplicationContext context) {
        for (ServiceBean<?> service : context.getBeansOfType(ServiceBean.class).values()) {
            if (!WireSerializationFilter.isInstrument(service.getInterfaceClass())
                    && !service.getExportedUrls().isEmpty()) {
                return service.getExportedUrls().get(0);
            }
        }
        throw new IllegalStateException("provider.xml exports no measured service such as "
                + UserService.class.getName());
    }

    /**
     * Refuses an rmi provider with a registry, and one whose registry port this JVM did not bind: it handed its
     * stubs to a registry of another process that answered there (Spring's exporter uses one it finds), refused as
     * the port taken.
     */
    private void checkRmiBound(ServerSettings settings) {
        if (!RMI.equals(protocol())) {
            return;
        }
        if (registry != null) {
            throw new IllegalArgumentException("the rmi pair has no registry: Dubbo would register the machine's"
                    + " address, and RMI's clients look its objects up there; run it without -r");
        }
        if (!RmiSockets.boundPorts().contains(port())) {
            throw new BindFailedException(settings.host(), settings.port(),
                    new BindException("Address already in use (an RMI registry of another process answers there)"));
        }
    }

    /** The host the provider binds: Dubbo rewrites the protocol's own host before the transport sees it. */
    String host() {
        return exported.getParameter(ExactHostTransporter.BIND_HOST_KEY);
    }

    int port() {
        return exported.getPort();
    }

    @Override
    public String protocol() {
        return exported.getProtocol();
    }

    @Override
    public String serialization() {
        return WireSerialization.configured(exported);
    }

    @Override
    public String registry() {
        return registry == null ? null : registry.toString();
    }

    @Override
    public Map<String, String> versions() {
        return versions;
    }

    /** The provider's thread model, as Dubbo resolved it: what the ceiling's server copies by default. */
    @Override
    public Map<String, String> details() {
        Map<String, String> details = new LinkedHashMap<>();
        if (RMI.equals(protocol())) {
            // RMI serves each connection on a thread of its own, not on Dubbo's pool; its objects on a port of
            // their own
            details.put("threads", "rmi-per-connection");
            details.put("rmi-ports", RmiSockets.boundPorts().stream().map(String::valueOf)
                    .collect(Collectors.joining(",")));
        } else {
            details.put("threadpool", exported.getParameter("threadpool", "fixed"));
            details.put("threads", exported.getParameter("threads", "200"));
            details.put("dispatcher", exported.getParameter("dispatcher", "all"));
        }
        details.put("filters", providerFilters());
        details.put("simple-profiler", simpleProfiler ? "on" : "off(loopback-only-host)");
        if (JsonWire.SERIALIZATION.equals(serialization())) {
            details.put("json-framework", RestJson.framework());
        }
        int registered = ClassRegistration.ids().size();
        if (registered > 0) {
            details.put("registered-classes", String.valueOf(registered));
        }
        return details;
    }

    /**
     * The filters each call of the measured service passes, resolved from its exported URL the way Dubbo's chain
     * builder resolves them: a pair that turns Dubbo's defaults off (filter="-default") shows the suite's own only.
     */
    private String providerFilters() {
        ExtensionLoader<Filter> filters = exported.getOrDefaultModuleModel().getExtensionLoader(Filter.class);
        return filters.getActivateExtension(exported, CommonConstants.SERVICE_FILTER_KEY, CommonConstants.PROVIDER)
                .stream().map(filters::getExtensionName).collect(Collectors.joining(","));
    }

    @Override
    public Map<String, Long> callsByWireFormat() {
        return WireSerializationFilter.callsBySerialization();
    }

    /** Unregisters and closes the provider before the registry it may have started goes. */
    @Override
    public void close() {
        context.close();
        if (zookeeper != null) {
            zookeeper.close();
        }
    }
}
