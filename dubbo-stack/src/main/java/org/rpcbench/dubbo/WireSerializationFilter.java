package org.rpcbench.dubbo;

import java.util.Map;

import org.apache.dubbo.common.constants.CommonConstants;
import org.apache.dubbo.common.extension.Activate;
import org.apache.dubbo.common.stream.StreamObserver;
import org.apache.dubbo.common.utils.ProtobufUtils;
import org.apache.dubbo.remoting.http12.HttpRequest;
import org.apache.dubbo.rpc.Constants;
import org.apache.dubbo.rpc.Filter;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.protocol.tri.TripleConstants;
import org.rpcbench.stack.CallCounter;
import org.rpcbench.stack.JsonWire;
import org.rpcbench.stack.ProbeService;
import org.rpcbench.stack.ProtobufWire;

/**
 * Refuses, on the provider, every call whose wire serializer is not the one the provider is configured with.
 *
 * <p>Dubbo answers a request in whatever serializer the consumer chose, so a consumer that fell back to hessian2
 * (serializer missing, misspelt, or set on one side only) would be measured as if it were the configured one. Here
 * such a call fails, and the benchmark with it. It also counts the calls it let through per wire serializer. Both
 * protocols are read: dubbo's header id, triple's wrapper (see {@link WireRecordingPackableMethodFactory}), a triple
 * method of protobuf messages (a unary call or a server stream), which Dubbo carries unwrapped, by the call's gRPC
 * content type, a REST call (triple
 * serving HTTP/1.1 or HTTP/2 with a JSON body) by its JSON content type, and an rmi call, which Java RMI always
 * marshals with the JDK's serialization, by the RMI connection that carried it ({@link RmiSockets}).
 *
 * <p>The {@link ProbeService} and every {@link WireInstrument} are exempt: they are the instruments that report
 * what the server is configured for and what it read on the wire.
 */
@Activate(group = CommonConstants.PROVIDER, order = Integer.MIN_VALUE)
public class WireSerializationFilter implements Filter {

    private static final String WIRE_KEY = "rpcbench.wire.serialization";

    private static final CallCounter<String> CALLS = new CallCounter<>();

    @Override
    public Result invoke(Invoker<?> invoker, Invocation invocation) throws RpcException {
        String wire = wireSerialization(invocation);
        invocation.put(WIRE_KEY, wire);
        if (isInstrument(invoker.getInterface())) {
            // The probe reads the call's URL and invocation from the service context, which Dubbo's ContextFilter
            // fills; a pair with Dubbo's default filters off (dubbo-kryo-community) runs without it.
            RpcContext.getServiceContext().setInvoker(invoker).setInvocation(invocation);
            return invoker.invoke(invocation);
        }
        String configured = WireSerialization.configured(invoker.getUrl());
        if (wire == null || !wire.equals(configured)) {
            throw new RpcException(RpcException.SERIALIZATION_EXCEPTION, "wire serialization "
                    + (wire == null ? "unknown" : wire) + " does not match the provider's configured serialization '"
                    + configured + "' of " + invocation.getServiceName()
                    + ": the consumer is not configured with the same serializer");
        }
        CALLS.increment(wire);
        return invoker.invoke(invocation);
    }

    /** Whether a service is an instrument rather than a measured one. */
    static boolean isInstrument(Class<?> service) {
        return service == ProbeService.class || WireInstrument.class.isAssignableFrom(service);
    }

    /**
     * The serializer this call was read with: the dubbo protocol's header carries its id; triple names it in its
     * wrapper message, noted while decoding; a triple method of one protobuf message, which Dubbo reads unwrapped,
     * says protobuf by its content type, a REST call says JSON by its own, and a call RMI carried says what its
     * connection's first bytes held (JRMP's header and a Java serialization stream); null when none of them says.
     */
    private static String wireSerialization(Invocation invocation) {
        Object headerId = invocation.get(Constants.SERIALIZATION_ID_KEY);
        if (headerId != null) {
            return WireSerialization.nameOf((Byte) headerId);
        }
        Object[] arguments = invocation.getArguments();
        String named = DecodedSerializers.take(isServerStream(arguments) ? arguments[0] : arguments);
        if (named != null) {
            return named;
        }
        HttpRequest http = (HttpRequest) invocation.get(TripleConstants.HTTP_REQUEST_KEY);
        if (http == null) {
            RmiSockets.CallRecordingSocket rmi = RmiSockets.servedCall();
            return rmi != null ? rmi.head().serialization() : null;
        }
        return isProtobufRequest(arguments) ? ProtobufWire.serializationOf(http.contentType())
                : JsonWire.serializationOf(http.contentType());
    }

    /** Dubbo's server stream: the request, then the observer the provider answers into. */
    private static boolean isServerStream(Object[] arguments) {
        return arguments != null && arguments.length == 2 && arguments[1] instanceof StreamObserver;
    }

    /** A call whose one request is a protobuf message: a unary call's one argument, or a server stream's request. */
    private static boolean isProtobufRequest(Object[] arguments) {
        return arguments != null && (arguments.length == 1 || isServerStream(arguments)) && arguments[0] != null
                && ProtobufUtils.isProtobufClass(arguments[0].getClass());
    }

    /** The serializer the call being served was read with, as this filter found it; null when none was found. */
    static String wireSerializationOf(Invocation invocation) {
        return (String) invocation.get(WIRE_KEY);
    }

    /** Benchmark calls accepted so far in this JVM, by serializer name. */
    public static Map<String, Long> callsBySerialization() {
        return CALLS.snapshot(name -> name);
    }
}
