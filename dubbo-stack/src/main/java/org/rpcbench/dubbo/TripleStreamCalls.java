package org.rpcbench.dubbo;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import org.apache.dubbo.common.stream.StreamObserver;
import org.rpcbench.stack.StreamCalls;

/**
 * Triple's streams through the consumer's {@link StreamService} reference: Dubbo hands each answer to the observer
 * on its own threads, one at a time, in order; the calling thread waits for the stream's end, at most the target's
 * timeout for the whole stream.
 */
final class TripleStreamCalls implements StreamCalls {

    private final StreamService service;
    private final long timeoutMillis;

    TripleStreamCalls(StreamService service, long timeoutMillis) {
        this.service = service;
        this.timeoutMillis = timeoutMillis;
    }

    @Override
    public void serverStream(Object payload, int count, Consumer<Object> answers) {
        Answers stream = new Answers(answers);
        service.serverStream(new StreamRequest(payload, count), stream);
        try {
            stream.end.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException failure ? failure
                    : new IllegalStateException("the stream failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("the stream of " + count + " messages did not end within "
                    + timeoutMillis + " ms", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the stream ran", e);
        }
    }

    /** Hands the answers on until one fails its check; after that the stream's rest is let through unread. */
    private static final class Answers implements StreamObserver<Object> {

        private final Consumer<Object> answers;
        private final CompletableFuture<Void> end = new CompletableFuture<>();

        Answers(Consumer<Object> answers) {
            this.answers = answers;
        }

        @Override
        public void onNext(Object answer) {
            if (end.isDone()) {
                return;
            }
            try {
                answers.accept(answer);
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
            end.complete(null);
        }
    }
}
