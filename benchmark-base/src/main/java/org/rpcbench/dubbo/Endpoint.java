package org.rpcbench.dubbo;

import java.util.HashMap;
import java.util.Map;

import org.springframework.context.support.GenericXmlApplicationContext;
import org.springframework.core.env.MapPropertySource;

/**
 * The host and port a provider binds and a consumer targets, handed to a pair's Spring XML as the placeholders
 * {@code ${rpcbench.host}} and {@code ${rpcbench.port}}.
 */
public record Endpoint(String host, int port) {

    public static final String HOST_PROPERTY = "rpcbench.host";
    public static final String PORT_PROPERTY = "rpcbench.port";

    /** Starts a Spring context from an XML resource, with this endpoint (and any extra properties) as placeholders. */
    public GenericXmlApplicationContext startContext(String xmlResource, Map<String, String> extraProperties) {
        Map<String, Object> properties = new HashMap<>(extraProperties);
        properties.put(HOST_PROPERTY, host);
        properties.put(PORT_PROPERTY, String.valueOf(port));
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
