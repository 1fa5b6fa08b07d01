package org.rpcbench.motan;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

import com.weibo.api.motan.codec.Serialization;
import com.weibo.api.motan.core.extension.ExtensionLoader;

/**
 * A motan pair's configuration, its module's {@code motan.properties}: the serialization both sides use (motan's
 * name for it; hessian2 when unsaid) and the server's thread model ({@code threads}, as every stack reads it).
 *
 * @param serialization motan's name of the serializer
 */
record MotanSettings(String serialization) {

    static final String RESOURCE = "motan.properties";

    /**
     * @throws IllegalArgumentException when the serializer named is not one motan has on the class path: motan
     *                                  would otherwise fail only at the first call
     */
    static MotanSettings load() {
        Properties properties = new Properties();
        try (InputStream in = MotanSettings.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
        String serialization = properties.getProperty("serialization", "hessian2").trim();
        if (ExtensionLoader.getExtensionLoader(Serialization.class).getExtensionClass(serialization) == null) {
            throw new IllegalArgumentException(RESOURCE + ": motan has no serialization '" + serialization
                    + "' on the class path");
        }
        return new MotanSettings(serialization);
    }
}
