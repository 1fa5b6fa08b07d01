package org.rpcbench.fory;

import org.rpcbench.api.RegisteredClasses;
import org.rpcbench.dubbo.ClassRegistration;

/**
 * Declared as a bean in the fory pair's provider.xml and consumer.xml: registers {@link RegisteredClasses} in order,
 * as Fory recommends between two processes, so Fory writes small ids for them; the Dubbo handshake then proves both
 * ends gave each class the same id.
 */
public final class ForyClassRegistration {

    public ForyClassRegistration() {
        ClassRegistration.registerOnce(() -> RegisteredClasses.ORDER.forEach(ForyRuntime::register),
                ForyRuntime::idOf);
    }
}
