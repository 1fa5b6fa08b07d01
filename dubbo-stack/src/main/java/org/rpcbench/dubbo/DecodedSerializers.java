package org.rpcbench.dubbo;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Hands the serializer a triple request's wrapper named from the decoder, which sees the bytes
 * ({@link WireRecordingPackableMethodFactory}), to the provider's wire filter, which sees the invocation
 * ({@link WireSerializationFilter}): keyed by what reaches the invocation as it was decoded, compared by identity:
 * a unary call's argument array, which becomes the invocation's arguments as it is, or a server stream's request,
 * which Dubbo puts in a new array beside the stream's observer. Nothing here assumes the two run on one thread,
 * which Dubbo's API does not promise.
 */
public final class DecodedSerializers {

    /** Weak: a call that fails before the filter takes its entry leaves nothing behind. */
    private static final Map<Object, String> NAMED = Collections.synchronizedMap(new WeakHashMap<>());

    private DecodedSerializers() {
    }

    /** Notes the serializer the request behind this decoded argument array, or stream request, named. */
    public static void note(Object decoded, String serializer) {
        NAMED.put(decoded, serializer);
    }

    /** The serializer noted for this decoded argument array, or stream request, removed; null when none was. */
    public static String take(Object decoded) {
        return decoded == null ? null : NAMED.remove(decoded);
    }
}
