package org.rpcbench.netty;

import org.rpcbench.dubbo.frames.DubboFrames;
import org.rpcbench.stack.Target;

/**
 * How many bytes the kryo pair puts on the wire for a call and for its answer, header included, as its consumer
 * frames them (Dubbo's codec, computed at start-up). Dubbo's classes are used here only, never on the ceiling's
 * call path.
 */
final class KryoPairSizes {

    private static final DubboFrames KRYO_PAIR = new DubboFrames("kryo", "dubbo-kryo-client",
            Target.DEFAULT_TIMEOUT_MILLIS);

    private KryoPairSizes() {
    }

    /** The kryo pair's request frame for this call with these arguments. */
    static int request(Call call, Object... args) {
        return KRYO_PAIR.request(call.service(), call.method(), call.parameterTypes(), args);
    }

    /** The kryo pair's answer frame carrying this value. */
    static int answer(Object value) {
        return KRYO_PAIR.answer(value);
    }
}
