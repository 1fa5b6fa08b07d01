package org.rpcbench.dubbo.protobuf;

import org.rpcbench.proto.Protos;

/**
 * The four UserService calls with protobuf messages for arguments and answers: Dubbo's triple carries each message
 * as it is, unwrapped, as in IDL mode (the messages are those native gRPC sends).
 */
public interface ProtobufUserService {

    Protos.Answer existUser(Protos.ExistUserRequest request);

    Protos.Answer createUser(Protos.User user);

    Protos.User getUser(Protos.GetUserRequest request);

    Protos.Page listUser(Protos.ListUserRequest request);
}
