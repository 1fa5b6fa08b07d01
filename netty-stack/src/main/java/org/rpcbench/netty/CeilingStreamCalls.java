package org.rpcbench.netty;

import java.util.function.Consumer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import org.rpcbench.api.WrongAnswerException;
import org.rpcbench.stack.StreamCalls;

/**
 * The streams over the ceiling: every message carries the echo's body for the payload, and every answer must carry
 * it back, byte for byte, as the echo's answer must. A server stream's one request carries the message count before
 * the body; a client stream's one answer carries the count the server received before the first body.
 */
final class CeilingStreamCalls implements StreamCalls {

    private final CeilingConnection connection;
    private final LastEchoBody echoBody = new LastEchoBody();

    CeilingStreamCalls(CeilingConnection connection) {
        this.connection = connection;
    }

    @Override
    public void serverStream(Object payload, int count, Consumer<Object> answers) {
        byte[] body = echoBody.of(payload);
        connection.stream(Call.SERVER_STREAM, Unpooled.wrappedBuffer(Unpooled.copyInt(count),
                Unpooled.wrappedBuffer(body)), 1, echoed(Call.SERVER_STREAM, payload, body, answers));
    }

    @Override
    public ClientStreamAnswer clientStream(Object payload, int count) {
        byte[] body = echoBody.of(payload);
        int[] received = {-1};
        connection.stream(Call.CLIENT_STREAM, Unpooled.wrappedBuffer(body), count, answer -> {
            if (answer.readableBytes() != Integer.BYTES + body.length || !ByteBufUtil.equals(answer,
                    answer.readerIndex() + Integer.BYTES, Unpooled.wrappedBuffer(body), 0, body.length)) {
                throw new WrongAnswerException("clientStream answered " + answer.readableBytes() + " bytes that are"
                        + " not the count and the " + body.length + " the server sends");
            }
            received[0] = answer.getInt(answer.readerIndex());
        });
        return new ClientStreamAnswer(payload, received[0]);
    }

    @Override
    public void bidiStream(Object payload, int count, Consumer<Object> answers) {
        byte[] body = echoBody.of(payload);
        connection.stream(Call.BIDI_STREAM, Unpooled.wrappedBuffer(body), count,
                echoed(Call.BIDI_STREAM, payload, body, answers));
    }

    /** Checks each answer's bytes and hands the payload on: the bytes stand for it. */
    private static Consumer<ByteBuf> echoed(Call call, Object payload, byte[] body, Consumer<Object> answers) {
        return answer -> {
            CeilingConnection.check(call, answer, body, 0);
            answers.accept(payload);
        };
    }
}
