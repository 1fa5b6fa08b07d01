package org.rpcbench.dubbo.protobuf;

import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.dubbo.common.stream.StreamObserver;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.UserService;
import org.rpcbench.proto.Messages;
import org.rpcbench.proto.Protos;
import org.rpcbench.stack.ProbeReport;
import org.rpcbench.stack.ProbeService;

/**
 * The provider's side: the suite's implementations served through their protobuf messages, converted on every
 * call as a service that already has its beans would (native gRPC's server converts the same way).
 */
final class ProtobufServed {

    private ProtobufServed() {
    }

    static final class Users implements ProtobufUserService {

        private final UserService users;

        Users(UserService users) {
            this.users = users;
        }

        @Override
        public Protos.Answer existUser(Protos.ExistUserRequest request) {
            return answer(users.existUser(request.getEmail()));
        }

        @Override
        public Protos.Answer createUser(Protos.User user) {
            return answer(users.createUser(Messages.user(user)));
        }

        @Override
        public Protos.User getUser(Protos.GetUserRequest request) {
            return Messages.user(users.getUser(request.getId()));
        }

        @Override
        public Protos.Page listUser(Protos.ListUserRequest request) {
            return Messages.page(users.listUser(request.getPageNo()));
        }

        private static Protos.Answer answer(boolean value) {
            return Protos.Answer.newBuilder().setValue(value).build();
        }
    }

    static final class Echo implements ProtobufEchoService {

        private final EchoService echo;

        Echo(EchoService echo) {
            this.echo = echo;
        }

        @Override
        public Protos.Payload echo(Protos.Payload payload) {
            return Messages.payload(echo.echo(Messages.payload(payload)));
        }

        @Override
        public Protos.AssembleAnswer assembleRandomNumbers(Protos.AssembleRequest request) {
            return Protos.AssembleAnswer.newBuilder()
                    .setLength(echo.assembleRandomNumbers(request.getPayload(), request.getCount())).build();
        }
    }

    /**
     * The server stream over the suite's echo, each answer converted as a unary echo's is. Flow control is triple's
     * default, as for the other triple pairs' streams.
     */
    static final class Stream implements ProtobufStreamService {

        private final EchoService echo;

        Stream(EchoService echo) {
            this.echo = echo;
        }

        @Override
        public void serverStream(Protos.StreamRequest request, StreamObserver<Protos.Payload> answers) {
            Object payload = Messages.payload(request.getPayload());
            for (int i = 0; i < request.getCount(); i++) {
                answers.onNext(Messages.payload(echo.echo(payload)));
            }
            answers.onCompleted();
        }
    }

    /**
     * The Dubbo stack's probe, which reads this call's context, answered as its message, with protobuf-java's
     * version beside Dubbo's.
     */
    static final class Probe implements ProtobufProbeService {

        /** Java's version comes last among the versions a stack states. */
        private static final String JAVA = "java";

        private final ProbeService probe;

        Probe(ProbeService probe) {
            this.probe = probe;
        }

        @Override
        public Protos.ProbeAnswer probe(Protos.ProbeRequest request) {
            ProbeReport report = probe.probe();
            // the content type says protobuf; the marker, decoded intact, says the body was
            String wrong = Messages.wrongProbe(request);
            if (wrong != null) {
                report.setWireSerialization("not protobuf: " + wrong);
            }
            Map<String, String> read = new LinkedHashMap<>(report.getWire() == null ? Map.of() : report.getWire());
            read.put(ProbeReport.PROBE_MESSAGE, wrong == null ? "ProbeRequest, marker intact" : wrong);
            report.setWire(read);
            Map<String, String> versions = new LinkedHashMap<>();
            report.getVersions().forEach((name, version) -> {
                if (name.equals(JAVA)) {
                    versions.put(Messages.PROTOBUF_JAVA, Messages.protobufVersion());
                }
                versions.put(name, version);
            });
            report.setVersions(versions);
            return Messages.probe(report);
        }
    }
}
