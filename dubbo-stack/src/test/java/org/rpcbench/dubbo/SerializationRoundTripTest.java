package org.rpcbench.dubbo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.stream.Stream;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.rpcbench.api.Page;
import org.rpcbench.api.Payload;
import org.rpcbench.api.User;
import org.rpcbench.api.UserServiceContract;

/** The beans through each serializer as the wire uses it: Dubbo's Serialization extension, found by name. */
class SerializationRoundTripTest {

    private static final URL TEST_URL = URL.valueOf("dubbo://127.0.0.1:20880/test");

    @ParameterizedTest
    @ValueSource(strings = {"hessian2", "fst", "kryo"})
    void userAndPageSurviveTheRoundTrip(String name) throws IOException, ClassNotFoundException {
        Serialization serialization =
                FrameworkModel.defaultModel().getExtensionLoader(Serialization.class).getExtension(name);
        assertEquals(WireSerialization.idOf(name), serialization.getContentTypeId());
        assertEquals(name, WireSerialization.nameOf(serialization.getContentTypeId()));

        User user = UserServiceContract.user(3);
        Page<User> page = UserServiceContract.page(4);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutput out = serialization.serialize(TEST_URL, bytes);
        out.writeObject(user);
        out.writeObject(page);
        out.flushBuffer();

        ObjectInput in = serialization.deserialize(TEST_URL, new ByteArrayInputStream(bytes.toByteArray()));
        User userBack = in.readObject(User.class);
        @SuppressWarnings("unchecked")
        Page<User> pageBack = in.readObject(Page.class);
        assertEquals(user, userBack);
        assertEquals(page, pageBack);
        UserServiceContract.checkGetUser(3, userBack);
        UserServiceContract.checkListUser(4, pageBack);
    }

    static Stream<Arguments> serializersAndPayloads() {
        return Stream.of("hessian2", "fst", "kryo")
                .flatMap(name -> Arrays.stream(Payload.values()).map(payload -> Arguments.of(name, payload)));
    }

    @ParameterizedTest
    @MethodSource("serializersAndPayloads")
    void everyEchoPayloadSurvivesTheRoundTrip(String name, Payload payload) throws IOException, ClassNotFoundException {
        Serialization serialization =
                FrameworkModel.defaultModel().getExtensionLoader(Serialization.class).getExtension(name);
        Object request = payload.create();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutput out = serialization.serialize(TEST_URL, bytes);
        out.writeObject(request);
        out.flushBuffer();
        Object back = serialization.deserialize(TEST_URL, new ByteArrayInputStream(bytes.toByteArray())).readObject();
        payload.checkEcho(request, back);
    }

    @Test
    void thePersonIsAbout1kInHessian2AsTheSeedReportSays() throws IOException {
        Serialization hessian2 =
                FrameworkModel.defaultModel().getExtensionLoader(Serialization.class).getExtension("hessian2");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutput out = hessian2.serialize(TEST_URL, bytes);
        out.writeObject(Payload.PERSON.create());
        out.flushBuffer();
        assertTrue(bytes.size() > 800 && bytes.size() < 1300, bytes.size() + " bytes");
    }

    /**
     * The serializers with no pair (docs/stacks.md): sending the suite's beans through each fails, either while
     * serializing or at the answer check, with a message that says why; none passes a wrong answer.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "gson     | echo(person) answered a LinkedTreeMap",
        "jackson  | echo(person) answered a LinkedHashMap",
        "msgpack  | Java 8 date/time type `java.time.LocalDate` not supported",
        "avro     | java.time.LocalDate.<init>()",
        "protobuf | only supports google protobuf objects"})
    void aSerializerThatCannotCarryTheBeansSaysWhy(String name, String why) {
        Serialization serialization =
                FrameworkModel.defaultModel().getExtensionLoader(Serialization.class).getExtension(name);
        Throwable failure = assertThrows(Throwable.class, () -> {
            UserServiceContract.checkGetUser(3, roundTrip(serialization, UserServiceContract.user(3), User.class));
            Object person = Payload.PERSON.create();
            Payload.PERSON.checkEcho(person, roundTrip(serialization, person, Object.class));
        });
        StringBuilder messages = new StringBuilder();
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            messages.append(cause).append('\n');
        }
        assertTrue(messages.toString().contains(why), messages.toString());
    }

    private static <T> T roundTrip(Serialization serialization, Object value, Class<T> type) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutput out = serialization.serialize(TEST_URL, bytes);
        out.writeObject(value);
        out.flushBuffer();
        return serialization.deserialize(TEST_URL, new ByteArrayInputStream(bytes.toByteArray())).readObject(type);
    }

    @ParameterizedTest
    @ValueSource(strings = {"kryoo", "protostuff", ""})
    void anUnavailableSerializerIsAnErrorNotAFallback(String name) {
        IllegalStateException error =
                assertThrows(IllegalStateException.class, () -> WireSerialization.idOf(name));
        assertTrue(error.getMessage().contains("serialization"), error.getMessage());
    }
}
