package org.rpcbench.dubbo.protobuf;

import org.apache.dubbo.common.stream.StreamObserver;
import org.rpcbench.proto.Protos;

/**
 * The server stream with protobuf messages each way, as {@code rpcbench.proto}'s {@code StreamService.ServerStream}
 * declares it for native gRPC: triple carries the request and every answer unwrapped, as in IDL mode.
 */
public interface ProtobufStreamService {

    /** Answers the request's payload its count times in one stream. */
    void serverStream(Protos.StreamRequest request, StreamObserver<Protos.Payload> answers);
}
