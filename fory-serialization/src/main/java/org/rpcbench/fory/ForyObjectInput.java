package org.rpcbench.fory;

import java.lang.reflect.Type;

import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.fory.ThreadSafeFory;
import org.apache.fory.memory.MemoryBuffer;

/** One Dubbo message read back from the bytes {@link ForyObjectOutput} wrote, in the same order. */
final class ForyObjectInput implements ObjectInput {

    private final ThreadSafeFory fory;
    private final MemoryBuffer buffer;

    ForyObjectInput(ThreadSafeFory fory, byte[] message) {
        this.fory = fory;
        this.buffer = MemoryBuffer.fromByteArray(message);
    }

    @Override
    public Object readObject() {
        return fory.deserialize(buffer);
    }

    @Override
    public <T> T readObject(Class<T> type) {
        return cast(type, readObject());
    }

    @Override
    public <T> T readObject(Class<T> type, Type genericType) {
        return readObject(type);
    }

    /** Primitive types arrive boxed; anything else must be what Dubbo asked for. */
    @SuppressWarnings("unchecked")
    private static <T> T cast(Class<T> type, Object value) {
        if (value == null || type.isPrimitive() || type.isInstance(value)) {
            return (T) value;
        }
        throw new ClassCastException("fory read a " + value.getClass().getName() + " where Dubbo expects a "
                + type.getName());
    }

    @Override
    public boolean readBool() {
        return buffer.readBoolean();
    }

    @Override
    public byte readByte() {
        return buffer.readByte();
    }

    @Override
    public short readShort() {
        return buffer.readInt16();
    }

    @Override
    public int readInt() {
        return buffer.readInt32();
    }

    @Override
    public long readLong() {
        return buffer.readInt64();
    }

    @Override
    public float readFloat() {
        return buffer.readFloat32();
    }

    @Override
    public double readDouble() {
        return buffer.readFloat64();
    }

    @Override
    public String readUTF() {
        return (String) fory.deserialize(buffer);
    }

    @Override
    public byte[] readBytes() {
        int length = buffer.readInt32();
        return length < 0 ? null : buffer.readBytes(length);
    }
}
