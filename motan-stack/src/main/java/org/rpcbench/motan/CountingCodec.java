package org.rpcbench.motan;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import com.weibo.api.motan.codec.Serialization;
import com.weibo.api.motan.common.URLParamType;
import com.weibo.api.motan.core.extension.SpiMeta;
import com.weibo.api.motan.protocol.rpc.DefaultRpcCodec;
import com.weibo.api.motan.rpc.Request;
import com.weibo.api.motan.transport.Channel;
import com.weibo.api.motan.transport.support.DefaultRpcHeartbeatFactory;
import org.rpcbench.stack.CallCounter;

/**
 * The server's codec: motan's own ({@code motan}, protocol version 1), which decodes every argument with the
 * serializer its server is configured for, since version 1 frames name none. Each request it decodes is counted by
 * that serializer's name (a call written by another fails to decode instead of arriving); the probe's argument is
 * read as its bytes arrived, and the probe is told which serializer wrote them ({@link WireFormats}).
 */
@SpiMeta(name = CountingCodec.NAME)
public final class CountingCodec extends DefaultRpcCodec {

    static final String NAME = "rpcbench-counting";
    /** The attachment the probe request carries from the decoder to the probe. */
    static final String DECODED_WITH = "rpcbench.decoded-with";

    /** Per server port: motan makes a codec per connection, and a test may run several servers in one JVM. */
    private static final Map<Integer, CallCounter<String>> CALLS = new ConcurrentHashMap<>();

    static CallCounter<String> register(int port) {
        CallCounter<String> calls = new CallCounter<>();
        CALLS.put(port, calls);
        return calls;
    }

    static void unregister(int port) {
        CALLS.remove(port);
    }

    /** The bytes of the last argument decoded on this thread, for the probe's to be read as they came. */
    private static final ThreadLocal<byte[]> LAST_ARGUMENT = new ThreadLocal<>();

    @Override
    protected Object deserialize(byte[] value, Class<?> type, Serialization serialization) throws IOException {
        LAST_ARGUMENT.set(value);
        return super.deserialize(value, type, serialization);
    }

    @Override
    public Object decode(Channel channel, String remoteIp, byte[] data) throws IOException {
        Object decoded;
        byte[] lastArgument;
        try {
            decoded = super.decode(channel, remoteIp, data);
            lastArgument = LAST_ARGUMENT.get();
        } finally {
            LAST_ARGUMENT.remove(); // an echo's megabyte is not kept for the thread's next call
        }
        if (decoded instanceof Request request) {
            if (MotanServer.PROBE_METHOD.equals(request.getMethodName())) {
                request.setAttachment(DECODED_WITH, WireFormats.writerOf(lastArgument));
            } else if (!DefaultRpcHeartbeatFactory.isHeartbeatRequest(request)) {
                CallCounter<String> calls = CALLS.get(channel.getUrl().getPort());
                if (calls != null) {
                    calls.increment(channel.getUrl().getParameter(URLParamType.serialize.getName(),
                            URLParamType.serialize.getValue()));
                }
            }
        }
        return decoded;
    }
}
