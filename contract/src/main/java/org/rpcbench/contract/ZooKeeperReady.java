package org.rpcbench.contract;

/**
 * An embedded ZooKeeper that accepts sessions: written to its {@code --ready-file}, and printed for people.
 *
 * @param address zookeeper://host:port, what servers and clients are told
 * @param dataDirectory its temporary data, removed when it stops
 * @param log ZooKeeper's log file
 * @param pid its process id
 */
public record ZooKeeperReady(String address, String dataDirectory, String log, long pid) {

    public static final String CONSOLE_PREFIX = "rpcbench zookeeper ready: ";

    public String consoleLine() {
        return CONSOLE_PREFIX + address + " data=" + dataDirectory + " log=" + log;
    }
}
