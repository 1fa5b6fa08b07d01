package org.rpcbench.fory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Map;
import javax.swing.JLabel;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.remoting.transport.CodecSupport;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.Test;
import org.rpcbench.api.Page;
import org.rpcbench.api.Payload;
import org.rpcbench.api.RegisteredClasses;
import org.rpcbench.api.User;
import org.rpcbench.api.UserServiceContract;

/** The adapter as Dubbo uses it: found by name, one message of mixed values written and read back in order. */
class ForySerializationTest {

    private static final URL TEST_URL = URL.valueOf("dubbo://127.0.0.1:20880/test");

    private static final Serialization FORY = FrameworkModel.defaultModel()
            .getExtensionLoader(Serialization.class).getExtension(ForySerialization.NAME);

    static {
        new ForyClassRegistration();
    }

    private static ObjectInput roundTrip(ObjectOutputWriter writer) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutput out = FORY.serialize(TEST_URL, bytes);
        writer.write(out);
        out.flushBuffer();
        return FORY.deserialize(TEST_URL, new ByteArrayInputStream(bytes.toByteArray()));
    }

    private interface ObjectOutputWriter {
        void write(ObjectOutput out) throws IOException;
    }

    @Test
    void dubboFindsItByNameAndId() {
        assertEquals(ForySerialization.ID, CodecSupport.getIDByName(ForySerialization.NAME));
        assertEquals(ForySerialization.ID, FORY.getContentTypeId());
    }

    @Test
    void aMessageOfEveryKindOfValueComesBackInOrder() throws Exception {
        User user = UserServiceContract.user(3);
        Page<User> page = UserServiceContract.page(4);
        ObjectInput in = roundTrip(out -> {
            out.writeUTF("2.0.2");
            out.writeUTF(null);
            out.writeBool(true);
            out.writeByte((byte) 7);
            out.writeShort((short) -3);
            out.writeInt(42);
            out.writeLong(Long.MIN_VALUE);
            out.writeFloat(1.5f);
            out.writeDouble(-2.25);
            out.writeBytes(new byte[] {1, 2, 3});
            out.writeBytes(null);
            out.writeObject(user);
            out.writeObject(page);
            out.writeAttachments(Map.of("path", "org.rpcbench.api.UserService"));
        });
        assertEquals("2.0.2", in.readUTF());
        assertNull(in.readUTF());
        assertTrue(in.readBool());
        assertEquals(7, in.readByte());
        assertEquals(-3, in.readShort());
        assertEquals(42, in.readInt());
        assertEquals(Long.MIN_VALUE, in.readLong());
        assertEquals(1.5f, in.readFloat());
        assertEquals(-2.25, in.readDouble());
        assertArrayEquals(new byte[] {1, 2, 3}, in.readBytes());
        assertNull(in.readBytes());
        UserServiceContract.checkGetUser(3, in.readObject(User.class));
        @SuppressWarnings("unchecked")
        Page<User> pageBack = in.readObject(Page.class);
        UserServiceContract.checkListUser(4, pageBack);
        assertEquals(Map.of("path", "org.rpcbench.api.UserService"), in.readAttachments());
    }

    @Test
    void everyEchoPayloadSurvives() throws Exception {
        for (Payload payload : Payload.values()) {
            Object request = payload.create();
            payload.checkEcho(request, roundTrip(out -> out.writeObject(request)).readObject());
        }
    }

    /** The benchmark's classes take the next ids in the shared order; the JDK's keep the ids Fory gives them itself. */
    @Test
    void everyRegisteredClassHasAnIdTheBenchmarksAscendingInTheSharedOrder() {
        int previous = -1;
        for (Class<?> type : RegisteredClasses.ORDER) {
            int id = ForyRuntime.idOf(type);
            assertTrue(id >= 0, type.getName() + " is written by name");
            if (type.getName().startsWith("org.rpcbench.")) {
                assertTrue(id > previous, type.getName() + " has id " + id + " after " + previous);
                previous = id;
            }
        }
    }

    @Test
    void aClassOutsideTheBenchmarkTheJdkAndDubboIsNotRead() {
        Exception refused = assertThrows(Exception.class,
                () -> roundTrip(out -> out.writeObject(new JLabel("x"))).readObject());
        assertTrue(String.valueOf(refused.getMessage()).contains("javax.swing.JLabel"), refused.toString());
    }
}
