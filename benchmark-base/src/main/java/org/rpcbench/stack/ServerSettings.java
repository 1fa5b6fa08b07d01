package org.rpcbench.stack;

import org.rpcbench.contract.RegistryAddress;

/**
 * Where a server binds and registers.
 *
 * @param host the address to bind, exactly
 * @param port the port to bind
 * @param registry null (clients connect directly), {@link RegistryAddress#EMBEDDED} (a ZooKeeper started with the
 *                 server), or zookeeper://host:port
 */
public record ServerSettings(String host, int port, String registry) {
}
