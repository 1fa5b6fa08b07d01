package org.rpcbench.server;

import java.net.BindException;
import java.util.Map;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.Version;
import org.apache.dubbo.config.spring.ServiceBean;
import org.rpcbench.api.UserService;
import org.rpcbench.dubbo.Endpoint;
import org.rpcbench.dubbo.ExactHostTransporter;
import org.rpcbench.dubbo.WireSerialization;
import org.rpcbench.launch.Causes;
import org.rpcbench.registry.RegistryAddress;
import org.springframework.context.support.GenericXmlApplicationContext;

/** A pair's provider, wired from its {@code provider.xml} and exported on exactly the host and port given. */
public final class ProviderContext implements AutoCloseable {

    private final GenericXmlApplicationContext context;
    private final URL exported;
    private final Endpoint endpoint;

    private ProviderContext(GenericXmlApplicationContext context, URL exported, Endpoint endpoint) {
        this.context = context;
        this.exported = exported;
        this.endpoint = endpoint;
    }

    /**
     * Starts the provider, registered at the endpoint's registry when it names one, and checks it can serve with
     * the serializer it is configured with.
     *
     * @throws PortInUseException when the port is taken
     * @throws RegistryAddress.RegistryUnreachableException when the registry does not answer
     * @throws IllegalStateException when the configured serializer cannot be loaded
     */
    public static ProviderContext start(Endpoint endpoint) {
        if (endpoint.registry() != null) {
            endpoint.registry().checkReachable();
        }
        GenericXmlApplicationContext context;
        try {
            context = endpoint.startContext("classpath:provider.xml", Map.of());
        } catch (RuntimeException e) {
            if (Causes.causedBy(e, BindException.class)) {
                throw new PortInUseException(endpoint, e);
            }
            throw e;
        }
        try {
            ProviderContext provider = new ProviderContext(context, exportedUrl(context), endpoint);
            WireSerialization.idOf(provider.serialization());
            return provider;
        } catch (RuntimeException e) {
            context.close();
            throw e;
        }
    }

    private static URL exportedUrl(GenericXmlApplicationContext context) {
        for (ServiceBean<?> service : context.getBeansOfType(ServiceBean.class).values()) {
            if (UserService.class.getName().equals(service.getInterface()) && !service.getExportedUrls().isEmpty()) {
                return service.getExportedUrls().get(0);
            }
        }
        throw new IllegalStateException("provider.xml exports no " + UserService.class.getName());
    }


    public String host() {
        return exported.getParameter(ExactHostTransporter.BIND_HOST_KEY);
    }

    public int port() {
        return exported.getPort();
    }

    public String protocol() {
        return exported.getProtocol();
    }

    public String serialization() {
        return exported.getParameter(WireSerialization.URL_KEY);
    }

    /** The one line a launcher waits for. */
    public String readyLine() {
        return "rpcbench server ready: host=" + host() + " port=" + port() + " protocol=" + protocol()
                + " serialization=" + serialization()
                + " registry=" + (endpoint.registry() == null ? "none" : endpoint.registry())
                + " dubbo=" + Version.getVersion()
                + " java=" + ProbeServiceImpl.javaVersion();
    }

    @Override
    public void close() {
        context.close();
    }

    /** The port the provider was told to bind is taken. */
    public static final class PortInUseException extends RuntimeException {

        private static final long serialVersionUID = 1L;

        PortInUseException(Endpoint endpoint, Throwable cause) {
            super("port " + endpoint.port() + " on " + endpoint.host()
                    + " is already in use: stop what holds it or pick another port", cause);
        }
    }
}
