package org.rpcbench.stack;

/** A stack's server side, found by {@link Stacks#server()} through a {@code META-INF/services} entry. */
public interface ServerStack {

    String name();

    /**
     * Serves the services on exactly the settings' host and port (and registers them where asked), configured as
     * the server module says.
     *
     * @throws BindFailedException when the address cannot be bound
     * @throws org.rpcbench.contract.RegistryAddress.RegistryUnreachableException when the registry does not answer
     * @throws IllegalArgumentException when the stack cannot do what the settings ask (a registry it has none of)
     */
    RunningServer start(ServerSettings settings, ServedServices services);
}
