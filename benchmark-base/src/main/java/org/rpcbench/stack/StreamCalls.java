package org.rpcbench.stack;

import java.util.function.Consumer;

/**
 * The streaming calls of a stack that has them ({@link StackConnection#streamCalls()}), one per
 * {@link StreamDirection}, those a stack's {@link ClientStack#checkStreaming} refuses left at their default: every
 * answer is a request echoed untouched, as the unary echo answers, so that a stream's message costs what an echo's
 * does but for the call around it. Each call's target timeout is the whole stream's. Flow control is each stack's
 * own default.
 *
 * <p>Each method throws a {@code RuntimeException} when the stream failed or ended early, or {@code answers} threw:
 * its exception, or one caused by it.
 */
public interface StreamCalls {

    /**
     * Server streaming: sends {@code payload} once, and the server answers it {@code count} times in one stream.
     * Each answer goes to {@code answers} as it arrives, in order (on the calling thread or the stack's own); the
     * call returns once the server has ended the stream.
     */
    void serverStream(Object payload, int count, Consumer<Object> answers);

    /**
     * Client streaming: sends {@code payload} {@code count} times in one stream, and the server answers once, when
     * the client has ended it. The server holds every message after the first to the first (a differing one fails
     * the stream) and answers the first, echoed, with the number it received.
     */
    default ClientStreamAnswer clientStream(Object payload, int count) {
        throw new UnsupportedOperationException("no client streaming here");
    }

    /**
     * Bidirectional streaming: sends {@code payload} {@code count} times in one stream, and the server echoes each
     * message as it reads it. Each answer goes to {@code answers} as {@link #serverStream}'s do; the call returns once
     * the server has ended the stream, after its answer to the client's last message.
     */
    default void bidiStream(Object payload, int count, Consumer<Object> answers) {
        throw new UnsupportedOperationException("no bidirectional streaming here");
    }

    /** A client stream's one answer: the first message the server received, echoed, and how many it received. */
    record ClientStreamAnswer(Object first, int received) {
    }
}
