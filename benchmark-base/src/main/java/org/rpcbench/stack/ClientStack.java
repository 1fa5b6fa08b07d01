package org.rpcbench.stack;

/**
 * A stack's client side, found by {@link Stacks#client()} through a {@code META-INF/services} entry of the stack's
 * module: a client module runs whichever stack it depends on.
 */
public interface ClientStack {

    /** The stack's name as proofs and reports show it, e.g. dubbo. */
    String name();

    /** What the stack opens when the client asks for no number of connections, as the client's output says it. */
    default String defaultConnections() {
        return "one, shared by every thread";
    }

    /**
     * Refuses, before anything starts, a target the stack cannot serve as asked. Nothing by default.
     *
     * @throws IllegalArgumentException saying what the stack cannot do (a registry it has none of, a number of
     *                                  connections it does not keep)
     */
    default void check(Target target) {
    }

    /**
     * Refuses, before anything starts, the streaming calls in this direction when the stack, configured as the client
     * module says, has none; a stack that has them overrides this and {@link StackConnection#streamCalls()}.
     *
     * @throws IllegalArgumentException saying that the stack cannot stream, or not this way, and why where it helps
     */
    default void checkStreaming(StreamDirection direction) {
        throw new IllegalArgumentException("the " + name() + " stack cannot stream: the stream scenario runs on"
                + " native gRPC, Dubbo's triple and the Netty ceiling");
    }

    /**
     * Opens the services for a target, with the connections and timeout it asks for, configured as the client
     * module says (its serializer, its protocol).
     *
     * @throws ServerUnreachableException when nothing answers there, or no provider is registered
     * @throws WireCheckException when the client's own configuration cannot be what it claims (a serializer that
     *                            is not on the class path)
     */
    StackConnection open(Target target);

    /**
     * Frees what the stack keeps for the whole process (static schedulers, shared event loops) once the process will
     * open no more connections: a JMH fork calls it after its trial, so that the fork can end. Nothing by default,
     * for stacks that free everything when their connection closes.
     */
    default void releaseProcess() {
    }
}
