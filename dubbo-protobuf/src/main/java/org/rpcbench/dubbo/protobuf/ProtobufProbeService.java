package org.rpcbench.dubbo.protobuf;

import org.rpcbench.dubbo.WireInstrument;
import org.rpcbench.proto.Protos;

/** The probe in protobuf messages, so that it travels unwrapped as the benchmark's calls do and proves their wire. */
public interface ProtobufProbeService extends WireInstrument {

    Protos.ProbeAnswer probe(Protos.ProbeRequest request);
}
