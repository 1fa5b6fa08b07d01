package org.rpcbench.dubbo;

import com.esotericsoftware.kryo.Kryo;
import org.apache.dubbo.common.serialize.kryo.utils.KryoUtils;
import org.rpcbench.api.RegisteredClasses;

/**
 * Declared as a bean in a registered kryo pair's provider.xml and consumer.xml: registers {@link RegisteredClasses}
 * in order through the Dubbo extension's own factory (an ordered set it replays into every Kryo it makes), so kryo
 * writes small ids for them instead of class names. Dubbo's {@code SerializationOptimizer} route is not used: its
 * registry is a hash map keyed by class, whose order, and so the ids, can differ between two JVMs.
 */
public final class KryoClassRegistration {

    public KryoClassRegistration() {
        ClassRegistration.registerOnce(() -> RegisteredClasses.ORDER.forEach(KryoUtils::register), type -> {
            Kryo kryo = KryoUtils.get();
            try {
                return kryo.getRegistration(type).getId();
            } finally {
                KryoUtils.release(kryo);
            }
        });
    }
}
