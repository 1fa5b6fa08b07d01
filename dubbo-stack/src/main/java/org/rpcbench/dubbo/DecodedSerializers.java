package org.rpcbench.dubbo;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Hands the serializer a triple request's wrapper named from the decoder, which sees the bytes
 * ({@link WireRecordingPackableMethodFactory}), to the provider's wire filter, which sees the invocation
 * ({@link WireSerializationFilter}): keyed by the decoded argument array, compared by identity, which becomes the
 * invocation's arguments as it is. Nothing here assumes the two run on one thread, which Dubbo's API does not
 * promise.
 */
public final class DecodedSerializers {

    /** Weak: a call that fails before the filter takes its entry leaves nothing behind. */
    private static final Map<Object[], String> NAMED = Collections.synchronizedMap(new WeakHashMap<>());

    private DecodedSerializers() {
    }

    /** Notes the serializer the request behind these decoded arguments named. */
    public static void note(Object[] arguments, String serializer) {
        NAMED.put(arguments, serializer);
    }

    /** The serializer noted for these decoded arguments, removed; null when none was noted. */
    public static String take(Object[] arguments) {
        return arguments == null ? null : NAMED.remove(arguments);
    }
}
