package org.rpcbench.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.rpcbench.proto.Messages;
import org.rpcbench.proto.Protos;

/** What the gRPC server reports as read off its probe: protobuf only when the body decoded as what was sent. */
class GrpcWireTest {

    @Test
    void protobufIsTheProbeDecodedIntactUnderGrpcsOwnContentType() {
        assertEquals("protobuf", GrpcServer.wireSerialization("application/grpc", Messages.probeRequest()));
        assertEquals("not gRPC's protobuf: content type application/grpc+json",
                GrpcServer.wireSerialization("application/grpc+json", Messages.probeRequest()));
        assertEquals("not protobuf: a ProbeRequest whose marker is ''",
                GrpcServer.wireSerialization("application/grpc", Protos.ProbeRequest.getDefaultInstance()));
    }
}
