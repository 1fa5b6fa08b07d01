package org.rpcbench.netty;

import java.util.function.Consumer;

import io.netty.buffer.Unpooled;
import org.rpcbench.stack.StreamCalls;

/**
 * Server streaming over the ceiling: one request frame carries the message count and the echo's body for the
 * payload, and every answer frame must carry that body back, byte for byte, as the echo's answer must.
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
                Unpooled.wrappedBuffer(body)), answer -> {
                    CeilingConnection.check(Call.SERVER_STREAM, answer, body, 0);
                    answers.accept(payload);
                });
    }
}
