package org.rpcbench.dubbo;

import java.util.HashMap;
import java.util.Map;

import org.rpcbench.registry.RegistryAddress;
import org.springframework.context.support.GenericXmlApplicationContext;
import org.springframework.core.env.MapPropertySource;

/**
 * Where a provider binds (and registers) and where a consumer finds it, handed to a pair's Spring XML as
 * placeholders: {@code ${rpcbench.host}} and {@code ${rpcbench.port}} (the provider's bind address, the consumer's
 * direct URL), {@code ${rpcbench.registry}} (the registry, or N/A) and {@code ${rpcbench.url}} (a consumer's direct
 * URL, empty when it discovers providers through the registry).
 *
 * @param registry the ZooKeeper registry, or null for a direct connection
 */
public record Endpoint(String host, int port, RegistryAddress registry) {

    public static final String HOST_PROPERTY = "rpcbench.host";
    public static final String PORT_PROPERTY = "rpcbench.port";
    public static final String REGISTRY_PROPERTY = "rpcbench.registry";
    public static final String URL_PROPERTY = "rpcbench.url";
    /** Dubbo's way of saying "no registry". */
    private static final String NO_REGISTRY = "N/A";

    /** A direct endpoint: no registry. */
    public Endpoint(String host, int port) {
        this(host, port, null);
    }

    /** The endpoint a system property set names (a JMH fork's), as {@link #properties()} wrote them. */
    public static Endpoint fromSystemProperties() {
        String registry = System.getProperty(REGISTRY_PROPERTY, NO_REGISTRY);
        return new Endpoint(System.getProperty(HOST_PROPERTY), Integer.getInteger(PORT_PROPERTY),
                NO_REGISTRY.equals(registry) ? null : RegistryAddress.parse(registry));
    }

    /** The placeholders a pair's XML reads. */
    public Map<String, String> properties() {
        return Map.of(HOST_PROPERTY, host, PORT_PROPERTY, String.valueOf(port),
                REGISTRY_PROPERTY, registry == null ? NO_REGISTRY : registry.toString(),
                URL_PROPERTY, registry == null ? "dubbo://" + host + ":" + port : "");
    }

    /** Starts a Spring context from an XML resource, with this endpoint (and any extra properties) as placeholders. */
    public GenericXmlApplicationContext startContext(String xmlResource, Map<String, String> extraProperties) {
        Map<String, Object> properties = new HashMap<>(extraProperties);
        properties.putAll(properties());
        GenericXmlApplicationContext context = new GenericXmlApplicationContext();
        context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("rpcbench", properties));
        try {
            context.load(xmlResource);
            context.refresh();
            return context;
        } catch (RuntimeException e) {
            context.close();
            throw e;
        }
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}
