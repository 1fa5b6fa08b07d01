package org.rpcbench.dubbo.protobuf;

import org.apache.dubbo.common.stream.StreamObserver;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.Page;
import org.rpcbench.api.User;
import org.rpcbench.api.UserService;
import org.rpcbench.dubbo.StreamRequest;
import org.rpcbench.dubbo.StreamService;
import org.rpcbench.proto.Messages;
import org.rpcbench.proto.Protos;
import org.rpcbench.stack.ProbeReport;
import org.rpcbench.stack.ProbeService;

/**
 * The consumer's side: the suite's services over the protobuf references, each call's beans converted to their
 * messages and the answer back (as native gRPC's client does), so the benchmark checks the same beans.
 */
final class ProtobufReferences {

    private ProtobufReferences() {
    }

    static final class Users implements UserService {

        private final ProtobufUserService users;

        Users(ProtobufUserService users) {
            this.users = users;
        }

        @Override
        public boolean existUser(String email) {
            return users.existUser(Protos.ExistUserRequest.newBuilder().setEmail(email).build()).getValue();
        }

        @Override
        public boolean createUser(User user) {
            return users.createUser(Messages.user(user)).getValue();
        }

        @Override
        public User getUser(long id) {
            return Messages.user(users.getUser(Protos.GetUserRequest.newBuilder().setId(id).build()));
        }

        @Override
        public Page<User> listUser(int pageNo) {
            return Messages.page(users.listUser(Protos.ListUserRequest.newBuilder().setPageNo(pageNo).build()));
        }
    }

    static final class Echo implements EchoService {

        private final ProtobufEchoService echo;

        Echo(ProtobufEchoService echo) {
            this.echo = echo;
        }

        @Override
        public Object echo(Object payload) {
            return Messages.payload(echo.echo(Messages.payload(payload)));
        }

        @Override
        public int assembleRandomNumbers(String payload, int count) {
            return echo.assembleRandomNumbers(Protos.AssembleRequest.newBuilder().setPayload(payload).setCount(count)
                    .build()).getLength();
        }
    }

    /**
     * The stack's server stream over the protobuf reference: the request converted to its message once, each answer
     * back to the bean the benchmark checks.
     */
    static final class Stream implements StreamService {

        private final ProtobufStreamService stream;

        Stream(ProtobufStreamService stream) {
            this.stream = stream;
        }

        @Override
        public void serverStream(StreamRequest request, StreamObserver<Object> answers) {
            stream.serverStream(Protos.StreamRequest.newBuilder().setPayload(Messages.payload(request.getPayload()))
                    .setCount(request.getCount()).build(), new StreamObserver<>() {
                        @Override
                        public void onNext(Protos.Payload answer) {
                            answers.onNext(Messages.payload(answer));
                        }

                        @Override
                        public void onError(Throwable failure) {
                            answers.onError(failure);
                        }

                        @Override
                        public void onCompleted() {
                            answers.onCompleted();
                        }
                    });
        }
    }

    static final class Probe implements ProbeService {

        private final ProtobufProbeService probe;

        Probe(ProtobufProbeService probe) {
            this.probe = probe;
        }

        @Override
        public ProbeReport probe() {
            return Messages.probe(probe.probe(Messages.probeRequest()));
        }
    }
}
