package org.rpcbench.client.options.values;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.rpcbench.api.AsyncServices;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.Payload;
import org.rpcbench.api.UserCalls;
import org.rpcbench.api.UserService;

/**
 * A call the open-loop load makes, by the name {@code --calls} takes: one of the four UserService calls, or
 * {@code echo:<payload>}. Each sending thread gets its own caller, which calls, checks the answer and returns it.
 */
public record OpenLoopCall(String name, UserCalls userCall, Payload payload) {

    private static final String ECHO = "echo:";

    /** The four UserService calls, the default. */
    public static final List<String> USER_CALLS = Stream.of(UserCalls.values()).map(UserCalls::method).toList();

    /** @throws IllegalArgumentException naming the calls there are */
    public static OpenLoopCall of(String name) {
        if (name.startsWith(ECHO)) {
            return new OpenLoopCall(name, null, Payload.of(name.substring(ECHO.length())));
        }
        return Stream.of(UserCalls.values()).filter(call -> call.method().equals(name)).findFirst()
                .map(call -> new OpenLoopCall(name, call, null))
                .orElseThrow(() -> new IllegalArgumentException("unknown call '" + name + "'; calls: "
                        + String.join(", ", USER_CALLS) + ", echo:<payload> (payloads: "
                        + Arrays.stream(Payload.values()).map(Payload::key).collect(Collectors.joining(", "))
                        + ")"));
    }

    /** Whether the call echoes a string (the payload the high-pressure soak varies). */
    public boolean echoesAString() {
        return payload != null && payload.create() instanceof String;
    }

    /** A new caller for one thread: its own request sequence, the payload built once. */
    public Supplier<Object> caller(UserService users, EchoService echo) {
        if (userCall != null) {
            UserCalls.Requests requests = new UserCalls.Requests();
            return () -> userCall.callAndCheck(users, requests);
        }
        Object request = payload.create();
        return () -> payload.checkEcho(request, echo.echo(request));
    }

    /**
     * A new asynchronous caller for one sending thread, as {@link #caller} but returning at once: its future
     * completes with the checked answer, or exceptionally with the failure or the wrong answer.
     */
    public Supplier<CompletableFuture<?>> asyncCaller(AsyncServices services) {
        if (userCall != null) {
            UserCalls.Requests requests = new UserCalls.Requests();
            return () -> userCall.sendAndCheck(services, requests);
        }
        Object request = payload.create();
        return () -> services.echo(request).thenApply(answer -> payload.checkEcho(request, answer));
    }
}
