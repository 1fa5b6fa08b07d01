package org.rpcbench.dubbo;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.rpc.model.MethodDescriptor;
import org.apache.dubbo.rpc.model.Pack;
import org.apache.dubbo.rpc.model.PackableMethod;
import org.apache.dubbo.rpc.model.PackableMethodFactory;
import org.apache.dubbo.rpc.model.UnPack;
import org.apache.dubbo.rpc.protocol.tri.ReflectionPackableMethod;

/**
 * Triple's own packing (interface mode: arguments serialized one by one inside Dubbo's wrapper message), with what
 * the provider read noted per call: the serializer the wrapper named.
 *
 * <p>Triple names the serializer only inside its wrapper, and a provider decodes whatever its list of accepted
 * serializers holds, hessian2 always among them; nothing of it reaches the call's invocation. This factory
 * notes it against the decoded arguments ({@link DecodedSerializers}), so that {@link WireSerializationFilter} can
 * take it. Selected by {@code dubbo.properties}; a consumer never decodes a request, so it only packs as Dubbo does.
 */
public class WireRecordingPackableMethodFactory implements PackableMethodFactory {

    /** Triple's wire name for hessian2. */
    private static final String TRIPLE_HESSIAN2 = "hessian4";

    @Override
    public PackableMethod create(MethodDescriptor method, URL url, String contentType) {
        PackableMethod packing = ReflectionPackableMethod.init(method, url);
        return packing.needWrapper()
                ? new Recording(packing, method.getRpcType() == MethodDescriptor.RpcType.SERVER_STREAM) : packing;
    }

    private static final class Recording implements PackableMethod {

        private final PackableMethod packing;
        /** Whether the invocation gets the request alone, in a new array beside the stream's observer. */
        private final boolean serverStream;

        Recording(PackableMethod packing, boolean serverStream) {
            this.packing = packing;
            this.serverStream = serverStream;
        }

        @Override
        public Object parseRequest(byte[] data) throws Exception {
            Object arguments = packing.parseRequest(data);
            if (arguments instanceof Object[] array) {
                String named = TripleWrapper.serializeType(data);
                DecodedSerializers.note(serverStream && array.length > 0 ? array[0] : array,
                        TRIPLE_HESSIAN2.equals(named) ? "hessian2" : named);
            }
            return arguments;
        }

        @Override
        public boolean needWrapper() {
            return true;
        }

        @Override
        public Pack getRequestPack() {
            return packing.getRequestPack();
        }

        @Override
        public Pack getResponsePack() {
            return packing.getResponsePack();
        }

        @Override
        public UnPack getResponseUnpack() {
            return packing.getResponseUnpack();
        }

        @Override
        public UnPack getRequestUnpack() {
            return packing.getRequestUnpack();
        }
    }
}
