package org.rpcbench.grpc;

import org.rpcbench.stack.ClientStack;
import org.rpcbench.stack.RunningServer;
import org.rpcbench.stack.ServedServices;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.ServerStack;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.StreamDirection;
import org.rpcbench.stack.Target;

/**
 * Native gRPC behind the seam: grpc-java with protobuf messages from {@code src/main/proto/rpcbench.proto}, the
 * stack people most often weigh Dubbo against, measured by the same benchmarks with the same checked answers.
 */
public final class GrpcStack implements ClientStack, ServerStack {

    public static final String NAME = "grpc";

    @Override
    public String name() {
        return NAME;
    }

    /** Every gRPC pair streams, every way. */
    @Override
    public void checkStreaming(StreamDirection direction) {
    }

    @Override
    public StackConnection open(Target target) {
        return GrpcConnection.open(target);
    }

    @Override
    public RunningServer start(ServerSettings settings, ServedServices services) {
        return GrpcServer.start(settings, services);
    }
}
