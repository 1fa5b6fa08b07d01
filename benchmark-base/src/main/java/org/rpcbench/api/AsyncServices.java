package org.rpcbench.api;

import java.util.concurrent.CompletableFuture;

/**
 * The benchmark's calls sent without blocking the caller: each method sends its call and returns at once with the
 * answer's future, which the stack's own threads complete (exceptionally when the call failed). What the open loop's
 * asynchronous sender calls, so that a high rate needs no thread per call in flight.
 */
public interface AsyncServices {

    CompletableFuture<Boolean> existUser(String email);

    CompletableFuture<Boolean> createUser(User user);

    CompletableFuture<User> getUser(long id);

    CompletableFuture<Page<User>> listUser(int pageNo);

    /** {@link EchoService#echo(Object)}. */
    CompletableFuture<Object> echo(Object payload);
}
