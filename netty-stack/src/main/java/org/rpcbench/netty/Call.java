package org.rpcbench.netty;

import org.rpcbench.api.EchoService;
import org.rpcbench.api.UserService;
import org.rpcbench.stack.StreamCalls;

/**
 * What a frame asks for: one of the benchmark's calls (the stream among them), or the probe. Its id travels in the
 * frame's header.
 */
enum Call {

    EXIST_USER(1, UserService.class, "existUser", String.class),
    CREATE_USER(2, UserService.class, "createUser", org.rpcbench.api.User.class),
    GET_USER(3, UserService.class, "getUser", long.class),
    LIST_USER(4, UserService.class, "listUser", int.class),
    ECHO(5, EchoService.class, "echo", Object.class),
    ASSEMBLE_RANDOM_NUMBERS(6, EchoService.class, "assembleRandomNumbers", String.class, int.class),
    /** Server streaming: the message count, then an echo's body, answered that many times in one stream. */
    SERVER_STREAM(8, StreamCalls.class, "serverStream", Object.class, int.class),
    /**
     * Client streaming: an echo's body per frame, one call's frames under one id, each but the last flagged 'more
     * follow'; answered once, after the last, with the count received and the first body.
     */
    CLIENT_STREAM(9, StreamCalls.class, "clientStream", Object.class, int.class),
    /** Bidirectional streaming: frames as the client stream's, each answered with its body as it is read. */
    BIDI_STREAM(10, StreamCalls.class, "bidiStream", Object.class, int.class),
    /** The wire check's question: what the server read, and what it has spent. Not a benchmark call. */
    PROBE(7, null, "probe");

    private final byte id;
    private final Class<?> service;
    private final String method;
    private final Class<?>[] parameterTypes;

    Call(int id, Class<?> service, String method, Class<?>... parameterTypes) {
        this.id = (byte) id;
        this.service = service;
        this.method = method;
        this.parameterTypes = parameterTypes;
    }

    byte id() {
        return id;
    }

    Class<?> service() {
        return service;
    }

    String method() {
        return method;
    }

    Class<?>[] parameterTypes() {
        return parameterTypes;
    }

    /** Whether the client streams this call's requests, several frames whose order the server keeps. */
    boolean streamsRequests() {
        return this == CLIENT_STREAM || this == BIDI_STREAM;
    }

    /** @throws IllegalArgumentException for an id no call has */
    static Call of(byte id) {
        for (Call call : values()) {
            if (call.id == id) {
                return call;
            }
        }
        throw new IllegalArgumentException("no call has id " + id);
    }
}
