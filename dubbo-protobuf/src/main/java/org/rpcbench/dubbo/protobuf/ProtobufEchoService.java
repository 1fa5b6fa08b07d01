package org.rpcbench.dubbo.protobuf;

import org.rpcbench.proto.Protos;

/** The echo and the CPU-bound call in protobuf messages, carried unwrapped. */
public interface ProtobufEchoService {

    Protos.Payload echo(Protos.Payload payload);

    Protos.AssembleAnswer assembleRandomNumbers(Protos.AssembleRequest request);
}
