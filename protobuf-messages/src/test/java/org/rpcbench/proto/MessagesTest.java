package org.rpcbench.proto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.protobuf.InvalidProtocolBufferException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.rpcbench.api.Page;
import org.rpcbench.api.Payload;
import org.rpcbench.api.User;
import org.rpcbench.api.UserServiceContract;
import org.rpcbench.stack.ProbeReport;
import org.rpcbench.stack.ServerSample;

/** Every bean the benchmark sends survives protobuf's bytes unchanged, so the answer checks hold for gRPC too. */
class MessagesTest {

    @ParameterizedTest
    @EnumSource(Payload.class)
    void everyEchoPayloadComesBackEqualFromItsBytes(Payload payload) throws InvalidProtocolBufferException {
        Object sent = payload.create();
        Object read = Messages.payload(Protos.Payload.parseFrom(Messages.payload(sent).toByteArray()));
        payload.checkEcho(sent, read);
    }

    @Test
    void aUserAndAPageComeBackAsTheContractChecksThem() throws InvalidProtocolBufferException {
        User user = UserServiceContract.user(7);
        User read = Messages.user(Protos.User.parseFrom(Messages.user(user).toByteArray()));
        assertEquals(user, read);
        UserServiceContract.checkGetUser(7, read);

        Page<User> page = UserServiceContract.page(3);
        UserServiceContract.checkListUser(3,
                Messages.page(Protos.Page.parseFrom(Messages.page(page).toByteArray())));
    }

    @Test
    void aPayloadTheDefinitionHasNoCaseForIsRefusedByName() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Messages.payload(List.of(1, 2)));
        assertTrue(refused.getMessage().contains("no case for an echo payload of"), refused.getMessage());
    }

    @Test
    void aProbeReportSurvivesItsMessageAndWhatItDoesNotKnowStaysUnknown() {
        ProbeReport report = new ProbeReport();
        report.setProtocol("tri");
        report.setSerialization("protobuf");
        report.setServerAddress("127.0.0.1:8080");
        report.setClientAddress("127.0.0.1:40000");
        report.setVersions(new LinkedHashMap<>(Map.of("dubbo", "3.3.6")));
        report.setWire(new LinkedHashMap<>(Map.of(ProbeReport.CONTENT_TYPE, "application/grpc+proto")));
        report.getWire().put(ProbeReport.PROBE_MESSAGE, "ProbeRequest, marker intact");
        report.setCallsBySerialization(Map.of("protobuf", 12L));
        report.recordSpent(new ServerSample(5, 4, 6, 7, 2, "boot-id", Map.of("worker-1", 3L)));

        ProbeReport back = Messages.probe(Messages.probe(report));

        assertEquals(report.toString(), back.toString());
        assertNull(back.getWireSerialization(), "not read: stays null, not an empty string");
        assertEquals(report.spent(), back.spent());
    }

    @Test
    void aProbeRequestProvesItsBytesOnlyWhenItsMarkerDecodesIntact() throws InvalidProtocolBufferException {
        assertNull(Messages.wrongProbe(Protos.ProbeRequest.parseFrom(Messages.probeRequest().toByteArray())));
        assertEquals("a ProbeRequest whose marker is ''",
                Messages.wrongProbe(Protos.ProbeRequest.getDefaultInstance()));
        // another message's bytes decode as a ProbeRequest with fields it does not know
        byte[] user = Messages.user(UserServiceContract.user(1)).toByteArray();
        assertTrue(Messages.wrongProbe(Protos.ProbeRequest.parseFrom(user)).startsWith("fields unknown to"
                + " ProbeRequest: "));
        // the same request as JSON is no protobuf at all
        byte[] json = ("{\"marker\":\"" + Messages.PROBE_MARKER + "\"}").getBytes(StandardCharsets.UTF_8);
        assertThrows(InvalidProtocolBufferException.class, () -> Protos.ProbeRequest.parseFrom(json));
    }
}
