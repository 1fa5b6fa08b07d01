package org.rpcbench.dubbo.protobuf;

import java.util.Map;

import org.rpcbench.contract.FrameBytes;
import org.rpcbench.dubbo.CallFrames;
import org.rpcbench.proto.Messages;

/** Triple carries a method of protobuf messages as gRPC does: each message and its 5-byte prefix. */
final class ProtobufCallFrames implements CallFrames {

    @Override
    public Map<String, FrameBytes> userCalls() {
        return Messages.userCallFrames();
    }
}
