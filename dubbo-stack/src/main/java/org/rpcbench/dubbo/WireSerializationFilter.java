package org.rpcbench.dubbo;

import java.util.Map;

import org.apache.dubbo.common.constants.CommonConstants;
import org.apache.dubbo.common.extension.Activate;
import org.apache.dubbo.common.utils.ProtobufUtils;
import org.apache.dubbo.remoting.http12.HttpRequest;
import org.apache.dubbo.remoting.transport.CodecSupport;
import org.apache.dubbo.rpc.Filter;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.Constants;
import org.apache.dubbo.rpc.protocol.tri.TripleConstants;
import org.rpcbench.stack.CallCounter;
import org.rpcbench.stack.ProbeService;
import org.rpcbench.stack.ProtobufWire;

/**
 * Refuses, on the provider, every call whose wire serializer is not the one the provider is configured with.
 *
 * <p>Dubbo answers a request in whatever serializer the consumer chose, so a consumer that fell back to hessian2
 * (serializer missing, misspelt, or set on one side only) would be measured as if it were the configured one. Here
 * such a call fails, and the benchmark with it. It also counts the calls it let through per wire serializer. Both
 * protocols are read: dubbo's header id, triple's wrapper (see {@link WireRecordingPackableMethodFactory}), and a
 * triple method of protobuf messages, which Dubbo carries unwrapped, by the call's gRPC content type.
 *
 * <p>The {@link ProbeService} and every {@link WireInstrument} are exempt: they are the instruments that report
 * what the server is configured for and what it read on the wire.
 */
@Activate(group = CommonConstants.PROVIDER, order = Integer.MIN_VALUE)
public class WireSerializationFilter implements Filter {

    private static final String WIRE_ID_KEY = "rpcbench.wire.serialization.id";

    private static final CallCounter<Byte> CALLS_BY_ID = new CallCounter<>();

    @Override
    public Result invoke(Invoker<?> invoker, Invocation invocation) throws RpcException {
        Byte wireId = wireId(invocation);
        invocation.put(WIRE_ID_KEY, wireId);
        if (isInstrument(invoker.getInterface())) {
            return invoker.invoke(invocation);
        }
        String configured = invoker.getUrl().getParameter(WireSerialization.URL_KEY);
        Byte expectedId = CodecSupport.getIDByName(configured);
        if (wireId == null || expectedId == null || expectedId.byteValue() != wireId) {
            throw new RpcException(RpcException.SERIALIZATION_EXCEPTION, "wire serialization "
                    + (wireId == null ? "unknown" : WireSerialization.nameOf(wireId) + " (id " + wireId + ")")
                    + " does not match the provider's configured serialization '" + configured + "' of "
                    + invocation.getServiceName() + ": the consumer is not configured with the same serializer");
        }
        CALLS_BY_ID.increment(wireId);
        return invoker.invoke(invocation);
    }

    /** Whether a service is an instrument rather than a measured one. */
    static boolean isInstrument(Class<?> service) {
        return service == ProbeService.class || WireInstrument.class.isAssignableFrom(service);
    }

    /**
     * The id of the serializer this call was read with: the dubbo protocol's header carries it; triple names it in
     * its wrapper message, noted while decoding, and says protobuf by its content type where the method's one
     * argument is a protobuf message, which Dubbo reads unwrapped; null when none of them says.
     */
    private static Byte wireId(Invocation invocation) {
        Object headerId = invocation.get(Constants.SERIALIZATION_ID_KEY);
        if (headerId != null) {
            return (Byte) headerId;
        }
        String named = WireRecordingPackableMethodFactory.take(invocation.getArguments());
        if (named == null) {
            named = unwrappedProtobuf(invocation);
        }
        return named == null ? null : CodecSupport.getIDByName(named);
    }

    /** protobuf for a triple call of one protobuf message sent with gRPC's protobuf content type; else null. */
    private static String unwrappedProtobuf(Invocation invocation) {
        Object[] arguments = invocation.getArguments();
        if (arguments == null || arguments.length != 1 || arguments[0] == null
                || !ProtobufUtils.isProtobufClass(arguments[0].getClass())) {
            return null;
        }
        HttpRequest http = (HttpRequest) invocation.get(TripleConstants.HTTP_REQUEST_KEY);
        return http == null ? null : ProtobufWire.serializationOf(http.contentType());
    }

    /** The wire serializer's id of the call being served, as this filter found it; null when none was found. */
    static Byte wireIdOf(Invocation invocation) {
        return (Byte) invocation.get(WIRE_ID_KEY);
    }

    /** Benchmark calls accepted so far in this JVM, by serializer name. */
    public static Map<String, Long> callsBySerialization() {
        return CALLS_BY_ID.snapshot(WireSerialization::nameOf);
    }
}
