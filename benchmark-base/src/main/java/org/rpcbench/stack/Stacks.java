package org.rpcbench.stack;

import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * Finds the stack a module runs: the one implementation of the side asked for on the class path, listed in the
 * stack module's {@code META-INF/services}. The bases name no stack; a client or server module picks one by
 * depending on it.
 */
public final class Stacks {

    private Stacks() {
    }

    /**
     * Names the client stack where the class path holds more than one: the tests of a client module whose server is
     * another stack's (REST's client against Dubbo's provider). A runnable jar holds one stack and needs no name.
     */
    public static final String CLIENT_STACK_PROPERTY = "rpcbench.client.stack";

    public static ClientStack client() {
        String named = System.getProperty(CLIENT_STACK_PROPERTY);
        if (named == null) {
            return only(ClientStack.class);
        }
        return found(ClientStack.class).stream().filter(stack -> stack.name().equals(named)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no client stack named '" + named + "' ("
                        + CLIENT_STACK_PROPERTY + ") on the class path"));
    }

    public static ServerStack server() {
        return only(ServerStack.class);
    }

    private static <T> List<T> found(Class<T> side) {
        return ServiceLoader.load(side).stream().map(ServiceLoader.Provider::get).toList();
    }

    private static <T> T only(Class<T> side) {
        List<T> found = found(side);
        if (found.size() != 1) {
            throw new IllegalStateException((found.isEmpty() ? "no " + side.getSimpleName()
                    : found.size() + " " + side.getSimpleName() + "s (" + found.stream()
                            .map(stack -> stack.getClass().getName()).collect(Collectors.joining(", ")) + ")")
                    + " on the class path: a client or server module depends on exactly one stack module");
        }
        return found.get(0);
    }
}
