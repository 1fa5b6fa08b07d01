package org.rpcbench.dubbo.frames;

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
 * How many bytes a Dubbo pair puts on the wire for a call and for its answer, header included: Dubbo's own codec
 * with the pair's serializer (and the classes this JVM registered with it), the invocation laid out as the pair's
 * consumer sends it (the same attachments, in one HashMap, no string shared). Computed, never on a call's path.
 */
public final class DubboFrames {

    static {
        // before Dubbo's first class loads: it logs through SLF4J, as in the Dubbo pairs, instead of probing
        // logging frameworks on the console
        if (System.getProperty("dubbo.application.logger") == null) {
            System.setProperty("dubbo.application.logger", "slf4j");
        }
    }

    private static final String PROTOCOL_VERSION = "2.0.2";

    private final String application;
    private final int timeoutMillis;
    private final Channel channel;
    private final DubboCodec codec = new DubboCodec(FrameworkModel.defaultModel());

    /**
     * @param serialization the pair's serializer, e.g. kryo
     * @param application the consumer's application name, which every request carries
     * @param timeoutMillis the consumer's call timeout, which every request carries
     */
    public DubboFrames(String serialization, String application, int timeoutMillis) {
        this.application = application;
        this.timeoutMillis = timeoutMillis;
        URL url = URL.valueOf("dubbo://127.0.0.1:0/sizes?serialization=" + serialization);
        this.channel = (Channel) Proxy.newProxyInstance(DubboFrames.class.getClassLoader(),
                new Class<?>[] {Channel.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getUrl" -> url;
                    case "hasAttribute", "isConnected", "isClosed" -> false;
                    default -> null;
                });
    }

    /** The request frame for this call with these arguments. */
    public int request(Class<?> service, String method, Class<?>[] parameterTypes, Object... args) {
        RpcInvocation invocation = new RpcInvocation(method, service.getName(), service.getName(), parameterTypes,
                args);
        Map<String, Object> attachments = new HashMap<>();
        attachments.put("path", new String(service.getName()));
        attachments.put("remote.application", application);
        attachments.put("interface", new String(service.getName()));
        attachments.put("version", "0.0.0");
        attachments.put("timeout", String.valueOf(timeoutMillis));
        invocation.setObjectAttachments(attachments);
        Request request = new Request(1);
        request.setVersion(PROTOCOL_VERSION);
        request.setTwoWay(true);
        request.setData(invocation);
        return encoded(request);
    }

    /** The answer frame carrying this value. */
    public int answer(Object value) {
        Response response = new Response(1, PROTOCOL_VERSION);
        response.setResult(new AppResponse(value));
        return encoded(response);
    }

    private int encoded(Object message) {
        ChannelBuffer buffer = ChannelBuffers.dynamicBuffer(512);
        try {
            codec.encode(channel, buffer, message);
        } catch (IOException e) {
            throw new UncheckedIOException("Dubbo's codec could not size " + message, e);
        }
        return buffer.readableBytes();
    }
}
