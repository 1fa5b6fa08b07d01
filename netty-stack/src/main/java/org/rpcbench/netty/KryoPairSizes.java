package org.rpcbench.netty;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.remoting.Channel;
import org.apache.dubbo.remoting.buffer.ChannelBuffer;
import org.apache.dubbo.remoting.buffer.ChannelBuffers;
import org.apache.dubbo.remoting.exchange.Request;
import org.apache.dubbo.remoting.exchange.Response;
import org.apache.dubbo.rpc.AppResponse;
import org.apache.dubbo.rpc.RpcInvocation;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.protocol.dubbo.DubboCodec;

/**
 * How many bytes the kryo pair puts on the wire for a call and for its answer, header included: computed at start-up
 * by Dubbo's own codec with the kryo pair's serializer, the invocation laid out as that pair's consumer sends it
 * (the same attachments, in one HashMap, no string shared). Dubbo's classes are used here only, never on the
 * ceiling's call path.
 */
final class KryoPairSizes {

    static {
        // before Dubbo's first class loads: it logs through SLF4J, as in the Dubbo pairs, instead of probing
        // logging frameworks on the console
        if (System.getProperty("dubbo.application.logger") == null) {
            System.setProperty("dubbo.application.logger", "slf4j");
        }
    }

    private static final String PROTOCOL_VERSION = "2.0.2";
    private static final URL KRYO = URL.valueOf("dubbo://127.0.0.1:0/sizes?serialization=kryo");
    private static final Channel CHANNEL = (Channel) Proxy.newProxyInstance(KryoPairSizes.class.getClassLoader(),
            new Class<?>[] {Channel.class}, (proxy, method, args) -> switch (method.getName()) {
                case "getUrl" -> KRYO;
                case "hasAttribute", "isConnected", "isClosed" -> false;
                default -> null;
            });
    private static final DubboCodec CODEC = new DubboCodec(FrameworkModel.defaultModel());

    private KryoPairSizes() {
    }

    /** The kryo pair's request frame for this call with these arguments. */
    static int request(Call call, Object... args) {
        RpcInvocation invocation = new RpcInvocation(call.method(), call.service().getName(),
                call.service().getName(), call.parameterTypes(), args);
        Map<String, Object> attachments = new HashMap<>();
        attachments.put("path", new String(call.service().getName()));
        attachments.put("remote.application", "dubbo-kryo-client");
        attachments.put("interface", new String(call.service().getName()));
        attachments.put("version", "0.0.0");
        attachments.put("timeout", "5000");
        invocation.setObjectAttachments(attachments);
        Request request = new Request(1);
        request.setVersion(PROTOCOL_VERSION);
        request.setTwoWay(true);
        request.setData(invocation);
        return encoded(request);
    }

    /** The kryo pair's answer frame carrying this value. */
    static int answer(Object value) {
        Response response = new Response(1, PROTOCOL_VERSION);
        response.setResult(new AppResponse(value));
        return encoded(response);
    }

    private static int encoded(Object message) {
        ChannelBuffer buffer = ChannelBuffers.dynamicBuffer(512);
        try {
            CODEC.encode(CHANNEL, buffer, message);
        } catch (IOException e) {
            throw new UncheckedIOException("Dubbo's codec could not size " + message, e);
        }
        return buffer.readableBytes();
    }
}
