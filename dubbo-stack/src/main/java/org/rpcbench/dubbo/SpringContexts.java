package org.rpcbench.dubbo;

import java.util.Map;

import org.springframework.context.support.GenericXmlApplicationContext;
import org.springframework.core.env.MapPropertySource;

/**
 * A pair's Spring XML (its provider.xml or consumer.xml) started with the run's settings as placeholders
 * ({@code ${rpcbench.host}}, ...) and the objects the suite hands over (the served implementations) as beans.
 */
final class SpringContexts {

    static final String HOST = "rpcbench.host";
    static final String PORT = "rpcbench.port";
    /** N/A (Dubbo's "no registry") or zookeeper://host:port. */
    static final String REGISTRY = "rpcbench.registry";
    /** A consumer's direct URL, or empty when it finds its providers through the registry. */
    static final String URL = "rpcbench.url";
    static final String CONNECTIONS = "rpcbench.connections";
    static final String TIMEOUT = "rpcbench.timeout";
    static final String NO_REGISTRY = "N/A";

    private SpringContexts() {
    }

    static GenericXmlApplicationContext start(String xmlResource, Map<String, Object> placeholders,
            Map<String, Object> beans) {
        GenericXmlApplicationContext context = new GenericXmlApplicationContext();
        context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("rpcbench", placeholders));
        beans.forEach(context.getBeanFactory()::registerSingleton);
        try {
            context.load(xmlResource);
            context.refresh();
            return context;
        } catch (RuntimeException e) {
            context.close();
            throw e;
        }
    }
}
