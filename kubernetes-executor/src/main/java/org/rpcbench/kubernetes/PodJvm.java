package org.rpcbench.kubernetes;

import java.util.List;
import java.util.Locale;

import org.rpcbench.contract.JvmRole;

/**
 * One JVM of a run, as a pod runs it: a module's jar in a role, with its own arguments and a number of whole CPUs.
 * The arguments are the program's own; the pod adds where the ready and stop records go. Paths in them are relative
 * to the pod's run directory, whose every file is collected when the JVM ends.
 *
 * @param module the module, e.g. dubbo-kryo-server, or registry for the run's ZooKeeper
 * @param mainClass the class to run from the module's jar, or null: the jar's own main
 * @param role {@link JvmRole#SERVER}, {@link JvmRole#CLIENT} or {@link JvmRole#ZOOKEEPER}
 * @param index the JVM's number among those of its role, from 0
 * @param args the program's arguments; Kubernetes puts the pod's address in place of {@link #POD_IP}
 * @param cpus whole CPUs requested and limited to (Guaranteed QoS), and the JVM's active processor count
 */
public record PodJvm(String module, String mainClass, JvmRole role, int index, List<String> args, int cpus) {

    /** The pod's own address, for a server's --host: it binds exactly the address clients reach it at. */
    public static final String POD_IP = "$(" + PodManifests.POD_IP_VARIABLE + ")";

    public PodJvm {
        if (role != JvmRole.SERVER && role != JvmRole.CLIENT && role != JvmRole.ZOOKEEPER) {
            throw new IllegalArgumentException(module + ": a pod runs a server, a client or ZooKeeper, not a " + role);
        }
        if (index < 0) {
            throw new IllegalArgumentException(module + ": index " + index + " is negative");
        }
        if (cpus < 1) {
            throw new IllegalArgumentException(module + ": " + cpus + " CPUs; a pod runs on at least one whole CPU");
        }
        args = List.copyOf(args);
    }

    /** "server", "client" or "zookeeper": the role's label value. */
    public String roleName() {
        return role.name().toLowerCase(Locale.ROOT);
    }
}
