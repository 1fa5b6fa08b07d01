package org.rpcbench.dubbo;

import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.rpc.model.PackableMethod;
import org.apache.dubbo.rpc.model.ReflectionServiceDescriptor;
import org.apache.dubbo.rpc.protocol.tri.ReflectionPackableMethod;
import org.rpcbench.api.UserCalls;
import org.rpcbench.api.UserService;
import org.rpcbench.contract.FrameBytes;

/**
 * Each UserService call's triple messages as a consumer packs them and its provider answers, by triple's own
 * packing: the gRPC length-prefixed message (HTTP/2 frame and header bytes are not counted).
 */
final class TripleFrames {

    /** gRPC's message prefix: a compression flag and a four-byte length. */
    private static final int MESSAGE_PREFIX_BYTES = 5;

    private TripleFrames() {
    }

    /** @param consumerUrl a consumer URL naming the serializer, as the reference was configured */
    static Map<String, FrameBytes> of(URL consumerUrl) {
        ReflectionServiceDescriptor service = new ReflectionServiceDescriptor(UserService.class);
        Map<String, FrameBytes> bytes = new LinkedHashMap<>();
        for (UserCalls call : UserCalls.values()) {
            PackableMethod packing = ReflectionPackableMethod.init(
                    service.getMethod(call.method(), call.parameterTypes()), consumerUrl);
            try {
                byte[] request = packing.packRequest(call.sampleArguments());
                // the provider's path: decoding the request sets the serializer the answer is packed with
                packing.parseRequest(request);
                byte[] answer = packing.packResponse(call.sampleAnswer());
                bytes.put(call.method(), new FrameBytes(MESSAGE_PREFIX_BYTES + request.length,
                        MESSAGE_PREFIX_BYTES + answer.length));
            } catch (Exception e) {
                throw new IllegalStateException("cannot pack " + call.method() + " as triple does: " + e, e);
            }
        }
        return bytes;
    }
}
