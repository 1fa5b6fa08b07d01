package org.rpcbench.client;

import java.util.function.Consumer;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.rpcbench.api.Payload;
import org.rpcbench.api.WrongAnswerException;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.StreamCalls;
import org.rpcbench.stack.StreamCalls.ClientStreamAnswer;

/**
 * The streams, one benchmark per direction ({@code --stream-direction} picks them): one payload per trial, sent in
 * every stream, {@code messages} messages one way or both, every message checked as the echo's answers are and
 * their count checked when the stream ends. The client runs it with JMH's operations per invocation set to
 * {@code messages}, so that its throughput counts messages and its times are per message.
 */
public class StreamBenchmark extends StackBenchmark {

    /** A {@link Payload} key; {@code --payload} sets the list. */
    @Param("1k")
    public String payload;

    /** Messages per stream; {@code --stream-messages} sets it. */
    @Param("100")
    public int messages;

    private StreamCalls streams;
    private Payload shape;
    private Object request;

    @Override
    protected void prepare(StackConnection connection) {
        streams = connection.streamCalls();
        shape = Payload.of(payload);
        request = shape.create();
    }

    /** One request, {@code messages} answers. */
    @Benchmark
    public int serverStream(IterationWindow window) {
        return checkedServerStream(streams, shape, request, messages);
    }

    /** {@code messages} requests, one answer. */
    @Benchmark
    public int clientStream(IterationWindow window) {
        return checkedClientStream(streams, shape, request, messages);
    }

    /** {@code messages} requests, each answered. */
    @Benchmark
    public int bidiStream(IterationWindow window) {
        return checkedBidiStream(streams, shape, request, messages);
    }

    /**
     * One server stream, each answer and their count checked.
     *
     * @return the messages received
     * @throws WrongAnswerException when an answer differs from the request, or the count from {@code messages}
     */
    public static int checkedServerStream(StreamCalls streams, Payload shape, Object request, int messages) {
        AnswerCheck answers = new AnswerCheck(shape, request);
        streams.serverStream(request, messages, answers);
        return answers.counted("serverStream", messages);
    }

    /**
     * One client stream, its answer checked: the first message echoed, and every one received (the server held the
     * others to the first).
     *
     * @return the messages the server received
     * @throws WrongAnswerException when the echoed message differs from the request, or the count from
     *                              {@code messages}
     */
    public static int checkedClientStream(StreamCalls streams, Payload shape, Object request, int messages) {
        ClientStreamAnswer answer = streams.clientStream(request, messages);
        shape.checkEcho(request, answer.first());
        if (answer.received() != messages) {
            throw new WrongAnswerException("clientStream(" + shape.key() + ") reached the server with "
                    + answer.received() + " messages, sent " + messages);
        }
        return answer.received();
    }

    /**
     * One bidirectional stream, each answer checked against its request, and their count.
     *
     * @return the messages received
     * @throws WrongAnswerException when an answer differs from its request, or the count from {@code messages}
     */
    public static int checkedBidiStream(StreamCalls streams, Payload shape, Object request, int messages) {
        AnswerCheck answers = new AnswerCheck(shape, request);
        streams.bidiStream(request, messages, answers);
        return answers.counted("bidiStream", messages);
    }

    /**
     * Checks and counts a stream's answers; the stack hands them over in order, one at a time, and the call's end
     * (its return) comes after the last, so the count is read after it.
     */
    private static final class AnswerCheck implements Consumer<Object> {

        private final Payload shape;
        private final Object request;
        private int received;

        AnswerCheck(Payload shape, Object request) {
            this.shape = shape;
            this.request = request;
        }

        @Override
        public void accept(Object answer) {
            shape.checkEcho(request, answer);
            received++;
        }

        int counted(String direction, int messages) {
            if (received != messages) {
                throw new WrongAnswerException(direction + "(" + shape.key() + ") ended after " + received
                        + " messages, expected " + messages);
            }
            return received;
        }
    }
}
