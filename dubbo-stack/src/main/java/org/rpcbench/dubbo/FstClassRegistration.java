package org.rpcbench.dubbo;

import java.lang.reflect.Field;

import org.apache.dubbo.common.serialize.fst.FstFactory;
import org.nustaq.serialization.FSTConfiguration;
import org.rpcbench.api.RegisteredClasses;

/**
 * Declared as a bean in a registered fst pair's provider.xml and consumer.xml: registers {@link RegisteredClasses}
 * in order with the configuration the Dubbo extension serializes with, so fst writes small ids for them instead of
 * class names. The extension offers only Dubbo's {@code SerializationOptimizer} route, whose registry is a hash map
 * keyed by class (its order, and so the ids, can differ between two JVMs); its configuration is reached by its field.
 */
public final class FstClassRegistration {

    public FstClassRegistration() {
        FSTConfiguration configuration = configurationOf(FstFactory.getDefaultFactory());
        ClassRegistration.registerOnce(
                () -> configuration.registerClass(RegisteredClasses.ORDER.toArray(Class<?>[]::new)),
                type -> configuration.getClassRegistry().getIdFromClazz(type));
    }

    /** The configuration the Dubbo extension serializes with. */
    static FSTConfiguration configurationOf(FstFactory factory) {
        try {
            Field field = FstFactory.class.getDeclaredField("conf");
            field.setAccessible(true);
            return (FSTConfiguration) field.get(factory);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this dubbo-serialization-fst has no configuration field 'conf' to"
                    + " register classes with: " + e, e);
        }
    }
}
