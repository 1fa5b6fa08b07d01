package org.rpcbench.stack;

import java.util.function.Consumer;

/**
 * The streaming calls of a stack that has them ({@link StackConnection#streamCalls()}): every answer is the
 * request echoed untouched, as the unary echo answers, so that a stream's message costs what an echo's does but
 * for the call around it. Flow control is each stack's own default.
 */
public interface StreamCalls {

    /**
     * Server streaming: sends {@code payload} once, and the server answers it {@code count} times in one stream.
     * Each answer goes to {@code answers} as it arrives, in order (on the calling thread or the stack's own); the
     * call returns once the server has ended the stream.
     *
     * @throws RuntimeException when the stream failed or ended early, or {@code answers} threw: its exception, or
     *                          one caused by it
     */
    void serverStream(Object payload, int count, Consumer<Object> answers);
}
