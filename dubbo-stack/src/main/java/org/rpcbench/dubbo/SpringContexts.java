package org.rpcbench.dubbo;

import java.util.Map;
import java.util.Properties;

import org.rpcbench.stack.ModuleProperties;
import org.springframework.context.support.GenericXmlApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertiesPropertySource;

/**
 * A pair's Spring XML (its provider.xml or consumer.xml, or the stack's for a pair that adds nothing of its own)
 * started with the run's settings as placeholders ({@code ${rpcbench.host}}, ...), beneath them what the pair's pom
 * says of it ({@code ${rpcbench.serialization}}, ...), and the objects the suite hands over (the served
 * implementations) as beans.
 */
final class SpringContexts {

    /**
     * What a Dubbo pair's pom says of it, filtered into the module by its parent (dubbo-client-parent,
     * dubbo-server-parent): {@link #MODULE}, {@link #SERIALIZATION}, {@link #PROTOCOL}. So a pair names its
     * serializer once.
     */
    static final String PAIR_PROPERTIES = "dubbo-pair.properties";
    static final String MODULE = "rpcbench.module";
    static final String SERIALIZATION = "rpcbench.serialization";
    /** dubbo, tri or rmi: a consumer's direct URL's scheme, from which a Dubbo reference takes its protocol. */
    static final String PROTOCOL = "rpcbench.protocol";

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

    /** The protocol the pair's pom names (dubbo when it names none). */
    static String configuredProtocol() {
        return pair().getProperty(PROTOCOL, "dubbo").trim();
    }

    /** The serializer the pair's pom names. */
    static String configuredSerialization() {
        return pair().getProperty(SERIALIZATION, "").trim();
    }

    private static Properties pair() {
        return ModuleProperties.read(PAIR_PROPERTIES);
    }

    /** Whether the module has this resource of its own (its provider.xml or consumer.xml). */
    static boolean onClassPath(String resource) {
        return SpringContexts.class.getClassLoader().getResource(resource) != null;
    }

    static GenericXmlApplicationContext start(String xmlResource, Map<String, Object> placeholders,
            Map<String, Object> beans) {
        GenericXmlApplicationContext context = new GenericXmlApplicationContext();
        context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("rpcbench", placeholders));
        context.getEnvironment().getPropertySources().addLast(new PropertiesPropertySource("pair", pair()));
        // what only one protocol has (triple's streams) sits in a profile named after it
        context.getEnvironment().setActiveProfiles(configuredProtocol());
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
