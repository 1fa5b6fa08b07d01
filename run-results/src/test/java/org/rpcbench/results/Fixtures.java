package org.rpcbench.results;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;

/** The crafted run directories and JMH files under src/test/resources, shared with the report and the gate. */
public final class Fixtures {

    private Fixtures() {
    }

    public static Path path(String name) {
        URL url = Fixtures.class.getClassLoader().getResource(name);
        if (url == null) {
            throw new IllegalStateException("no test resource " + name);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String arg(String name) {
        return path(name).toString();
    }
}
