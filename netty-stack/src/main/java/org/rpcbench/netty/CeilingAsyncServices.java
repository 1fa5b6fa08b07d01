package org.rpcbench.netty;

import java.util.concurrent.CompletableFuture;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.rpcbench.api.AsyncServices;
import org.rpcbench.api.Page;
import org.rpcbench.api.User;
import org.rpcbench.api.UserServiceContract;

/**
 * The ceiling's calls without waiting: the same frames as {@link CeilingUserService} and {@link CeilingEchoService}
 * send, each answer checked byte for byte on the event loop it arrives on, then answered as theirs are.
 */
final class CeilingAsyncServices implements AsyncServices {

    private final CeilingConnection connection;
    private final Bodies bodies;
    private final LastEchoBody echoBody = new LastEchoBody();

    CeilingAsyncServices(CeilingConnection connection, Bodies bodies) {
        this.connection = connection;
        this.bodies = bodies;
    }

    /** Sends the request, checks the answer against {@code expected} and completes with {@code decoded}. */
    private <T> CompletableFuture<T> exchange(Call call, byte[] request, byte[] expected, T decoded) {
        return connection.callAsync(call, Unpooled.wrappedBuffer(request)).thenApply((ByteBuf answer) -> {
            try {
                CeilingConnection.check(call, answer, expected, 0);
                return decoded;
            } finally {
                answer.release();
            }
        });
    }

    private <T> CompletableFuture<T> exchange(Call call, T decoded) {
        return exchange(call, bodies.request(call), bodies.answer(call), decoded);
    }

    @Override
    public CompletableFuture<Boolean> existUser(String email) {
        return exchange(Call.EXIST_USER, UserServiceContract.exists(email));
    }

    @Override
    public CompletableFuture<Boolean> createUser(User user) {
        return exchange(Call.CREATE_USER, true);
    }

    @Override
    public CompletableFuture<User> getUser(long id) {
        return exchange(Call.GET_USER, UserServiceContract.user(id));
    }

    @Override
    public CompletableFuture<Page<User>> listUser(int pageNo) {
        return exchange(Call.LIST_USER, CeilingUserService.page(pageNo));
    }

    @Override
    public CompletableFuture<Object> echo(Object payload) {
        byte[] body = echoBody.of(payload);
        return exchange(Call.ECHO, body, body, payload);
    }
}
