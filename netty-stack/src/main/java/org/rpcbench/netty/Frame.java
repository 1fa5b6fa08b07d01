package org.rpcbench.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;

/**
 * The ceiling's frame: a 16-byte header, as long as Dubbo's, then the body. Header: magic "RB" (2 bytes), version
 * (1), flags (1: bit 7 set on a response, bit 6 on a stream's message that more of the call's messages follow the
 * same way, bits 0-5 the body's format, 0 for none), call (1), status (1: 0 ok, else the body is an error message),
 * reserved (2), request id (4), body length (4). Requests carry ids so that many calls share one connection, as
 * Dubbo's do; a request or an answer without bit 6 is its call's last that way.
 */
final class Frame {

    static final int HEADER_BYTES = 16;
    static final short MAGIC = 0x5242;
    static final byte VERSION = 1;
    /** The protocol's name in the wire proof: magic and version, as the server read them. */
    static final String PROTOCOL = "rpcb/" + VERSION;
    /** The only body format: bytes of the kryo pair's sizes, no serializer. */
    static final byte FORMAT_NONE = 0;
    static final String FORMAT_NONE_NAME = "none";
    static final byte STATUS_OK = 0;
    static final byte STATUS_ERROR = 1;
    /** Dubbo's payload limit, kept here so that the ceiling refuses what the Dubbo pairs refuse. */
    static final int MAX_BODY_BYTES = 8 << 20;

    private static final int RESPONSE = 0x80;
    private static final int MORE = 0x40;
    private static final int FORMAT_BITS = 0x3f;
    private static final int FLAGS = 3;
    private static final int CALL = 4;
    private static final int STATUS = 5;
    private static final int ID = 8;
    private static final int LENGTH = 12;

    private Frame() {
    }

    /** Cuts the byte stream into whole frames by the header's length field. */
    static LengthFieldBasedFrameDecoder decoder() {
        return new LengthFieldBasedFrameDecoder(HEADER_BYTES + MAX_BODY_BYTES, LENGTH, 4, 0, 0);
    }

    /** One frame, as one buffer, so that frames written from several threads never interleave. */
    static ByteBuf of(ByteBufAllocator allocator, boolean response, Call call, byte status, int id, ByteBuf body) {
        return of(allocator, (response ? RESPONSE : 0) | FORMAT_NONE, call, status, id, body);
    }

    /** A stream's answer that more answers follow; its last is an ordinary response, which ends the call. */
    static ByteBuf streamAnswer(ByteBufAllocator allocator, Call call, int id, ByteBuf body) {
        return of(allocator, RESPONSE | MORE | FORMAT_NONE, call, STATUS_OK, id, body);
    }

    /** A stream's request that more of the call's requests follow; its last is an ordinary request. */
    static ByteBuf streamRequest(ByteBufAllocator allocator, Call call, int id, ByteBuf body) {
        return of(allocator, MORE | FORMAT_NONE, call, STATUS_OK, id, body);
    }

    private static ByteBuf of(ByteBufAllocator allocator, int flags, Call call, byte status, int id, ByteBuf body) {
        ByteBuf header = allocator.buffer(HEADER_BYTES);
        header.writeShort(MAGIC).writeByte(VERSION).writeByte(flags)
                .writeByte(call.id()).writeByte(status).writeShort(0).writeInt(id).writeInt(body.readableBytes());
        return Unpooled.wrappedBuffer(header, body);
    }

    /** @throws IllegalArgumentException when the frame is not this protocol's */
    static void check(ByteBuf frame) {
        if (frame.getShort(0) != MAGIC || frame.getByte(2) != VERSION) {
            throw new IllegalArgumentException(String.format("not an rpcb/%d frame: magic 0x%04x, version %d",
                    VERSION, frame.getShort(0), frame.getByte(2)));
        }
    }

    static boolean isResponse(ByteBuf frame) {
        return (frame.getByte(FLAGS) & RESPONSE) != 0;
    }

    /** Whether more of the call's frames follow this one the same way (a stream's messages but its last). */
    static boolean moreFollow(ByteBuf frame) {
        return (frame.getByte(FLAGS) & MORE) != 0;
    }

    /** The body's format as the header names it. */
    static String format(ByteBuf frame) {
        int format = frame.getByte(FLAGS) & FORMAT_BITS;
        return format == FORMAT_NONE ? FORMAT_NONE_NAME : "format " + format;
    }

    static Call call(ByteBuf frame) {
        return Call.of(frame.getByte(CALL));
    }

    static byte status(ByteBuf frame) {
        return frame.getByte(STATUS);
    }

    static int id(ByteBuf frame) {
        return frame.getInt(ID);
    }

    /** The body, sharing the frame's memory. */
    static ByteBuf body(ByteBuf frame) {
        return frame.slice(HEADER_BYTES, frame.getInt(LENGTH));
    }
}
