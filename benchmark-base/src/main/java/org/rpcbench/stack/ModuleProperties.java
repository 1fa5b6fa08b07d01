package org.rpcbench.stack;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** A pair module's properties file on the class path ({@code grpc.properties}, {@code motan.properties}...). */
public final class ModuleProperties {

    private ModuleProperties() {
    }

    /** The file's properties; none when the module has no such file. */
    public static Properties read(String resource) {
        Properties properties = new Properties();
        try (InputStream in = ModuleProperties.class.getClassLoader().getResourceAsStream(resource)) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
        return properties;
    }
}
