package org.rpcbench.client;

import java.util.function.Consumer;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.rpcbench.api.Payload;
import org.rpcbench.api.WrongAnswerException;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.StreamCalls;

/**
 * Server streaming: one payload per trial, sent once per stream and answered {@code messages} times, every answer
 * checked as the echo's are and their count checked when the stream ends. The client runs it with JMH's operations
 * per invocation set to {@code messages}, so that its throughput counts messages and its times are per message.
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

    @Benchmark
    public int serverStream(IterationWindow window) {
        return checkedServerStream(streams, shape, request, messages);
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
        if (answers.received != messages) {
            throw new WrongAnswerException("serverStream(" + shape.key() + ") ended after " + answers.received
                    + " messages, expected " + messages);
        }
        return answers.received;
    }

    /** Checks and counts a stream's answers; the stack hands them over in order, one at a time. */
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
    }
}
