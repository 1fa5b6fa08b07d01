package org.rpcbench.fory;

import java.io.IOException;
import java.io.OutputStream;

import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.fory.ThreadSafeFory;
import org.apache.fory.memory.MemoryBuffer;

/** One Dubbo message into one Fory buffer, copied to Dubbo's stream when Dubbo flushes. */
final class ForyObjectOutput implements ObjectOutput {

    /** Below Dubbo's typical request; the buffer grows as needed. */
    private static final int INITIAL_BYTES = 256;

    private final ThreadSafeFory fory;
    private final OutputStream output;
    private final MemoryBuffer buffer = MemoryBuffer.newHeapBuffer(INITIAL_BYTES);

    ForyObjectOutput(ThreadSafeFory fory, OutputStream output) {
        this.fory = fory;
        this.output = output;
    }

    @Override
    public void writeObject(Object value) {
        fory.serialize(buffer, value);
    }

    @Override
    public void writeBool(boolean value) {
        buffer.writeBoolean(value);
    }

    @Override
    public void writeByte(byte value) {
        buffer.writeByte(value);
    }

    @Override
    public void writeShort(short value) {
        buffer.writeInt16(value);
    }

    @Override
    public void writeInt(int value) {
        buffer.writeInt32(value);
    }

    @Override
    public void writeLong(long value) {
        buffer.writeInt64(value);
    }

    @Override
    public void writeFloat(float value) {
        buffer.writeFloat32(value);
    }

    @Override
    public void writeDouble(double value) {
        buffer.writeFloat64(value);
    }

    /** Through Fory, which writes null and picks a compact string encoding. */
    @Override
    public void writeUTF(String value) {
        fory.serialize(buffer, value);
    }

    @Override
    public void writeBytes(byte[] value) {
        if (value == null) {
            buffer.writeInt32(-1);
        } else {
            writeBytes(value, 0, value.length);
        }
    }

    @Override
    public void writeBytes(byte[] value, int offset, int length) {
        buffer.writeInt32(length);
        buffer.writeBytes(value, offset, length);
    }

    @Override
    public void flushBuffer() throws IOException {
        output.write(buffer.getHeapMemory(), 0, buffer.writerIndex());
        buffer.writerIndex(0);
        output.flush();
    }
}
