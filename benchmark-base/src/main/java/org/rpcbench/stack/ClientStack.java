package org.rpcbench.stack;

/**
 * A stack's client side, found by {@link Stacks#client()} through a {@code META-INF/services} entry of the stack's
 * module: a client module runs whichever stack it depends on.
 */
public interface ClientStack {

    /** The stack's name as proofs and reports show it, e.g. dubbo. */
    String name();

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
