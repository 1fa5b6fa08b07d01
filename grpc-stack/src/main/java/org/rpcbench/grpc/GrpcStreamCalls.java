package org.rpcbench.grpc;

import java.util.Iterator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

import io.grpc.Channel;
import io.grpc.Context;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.StreamObserver;
import org.rpcbench.proto.Messages;
import org.rpcbench.proto.Protos;
import org.rpcbench.proto.StreamServiceGrpc;
import org.rpcbench.stack.StreamCalls;

/**
 * Native gRPC's streams, each on the next of the connection's channels, the target's timeout the whole stream's
 * deadline. Flow control is grpc-java's default throughout: the server stream's blocking iterator asks for one
 * message at a time; the client and bidirectional streams send through the asynchronous stub, whose {@code onNext}
 * queues a message whether or not the transport is ready, so HTTP/2's window paces the wire, and take their answers
 * on gRPC's executor, one at a time. A stream left early (an answer failed its check) is cancelled rather than left
 * to its deadline.
 */
final class GrpcStreamCalls implements StreamCalls {

    private final Supplier<Channel> channels;
    private final long timeoutMillis;

    GrpcStreamCalls(Supplier<Channel> channels, long timeoutMillis) {
        this.channels = channels;
        this.timeoutMillis = timeoutMillis;
    }

    @Override
    public void serverStream(Object payload, int count, Consumer<Object> answers) {
        Context.CancellableContext call = Context.current().withCancellation();
        try {
            call.run(() -> {
                Iterator<Protos.Payload> stream = StreamServiceGrpc.newBlockingStub(channels.get())
                        .withDeadlineAfter(timeoutMillis, TimeUnit.MILLISECONDS)
                        .serverStream(Protos.StreamRequest.newBuilder()
                                .setPayload(Messages.payload(payload)).setCount(count).build());
                while (stream.hasNext()) {
                    answers.accept(Messages.payload(stream.next()));
                }
            });
        } finally {
            call.cancel(null);
        }
    }

    @Override
    public ClientStreamAnswer clientStream(Object payload, int count) {
        Answers<Protos.ClientStreamAnswer> answer = new Answers<>(one -> { });
        Protos.ClientStreamAnswer received = send(payload, count, answer, asyncStub().clientStream(answer));
        return new ClientStreamAnswer(Messages.payload(received.getFirst()), received.getReceived());
    }

    @Override
    public void bidiStream(Object payload, int count, Consumer<Object> answers) {
        Answers<Protos.Payload> stream = new Answers<>(answer -> answers.accept(Messages.payload(answer)));
        send(payload, count, stream, asyncStub().bidiStream(stream));
    }

    private StreamServiceGrpc.StreamServiceStub asyncStub() {
        return StreamServiceGrpc.newStub(channels.get()).withDeadlineAfter(timeoutMillis, TimeUnit.MILLISECONDS);
    }

    /**
     * Sends the payload count times, ends the client's side, and waits for the server's end: bounded by the stream's
     * deadline, which ends the call. Cancels the call when it failed here.
     *
     * @return the stream's last answer
     */
    private static <A> A send(Object payload, int count, Answers<A> answers, StreamObserver<Protos.Payload> requests) {
        Protos.Payload message = Messages.payload(payload);
        try {
            for (int i = 0; i < count && !answers.end.isDone(); i++) {
                requests.onNext(message);
            }
            requests.onCompleted();
            return answers.end.get();
        } catch (ExecutionException e) {
            ((ClientCallStreamObserver<Protos.Payload>) requests).cancel("the stream failed here", e.getCause());
            throw e.getCause() instanceof RuntimeException failure ? failure
                    : new IllegalStateException("the stream failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ((ClientCallStreamObserver<Protos.Payload>) requests).cancel("interrupted", e);
            throw new IllegalStateException("interrupted while the stream ran", e);
        }
    }

    /** Hands the answers on until one fails its check, which ends the stream here; its end holds the last answer. */
    private static final class Answers<A> implements StreamObserver<A> {

        private final Consumer<A> answers;
        private final CompletableFuture<A> end = new CompletableFuture<>();
        private A last;

        Answers(Consumer<A> answers) {
            this.answers = answers;
        }

        @Override
        public void onNext(A answer) {
            if (end.isDone()) {
                return;
            }
            try {
                answers.accept(answer);
                last = answer;
            } catch (RuntimeException e) {
                end.completeExceptionally(e);
            }
        }

        @Override
        public void onError(Throwable failure) {
            end.completeExceptionally(failure);
        }

        @Override
        public void onCompleted() {
            end.complete(last);
        }
    }
}
