package org.rpcbench.kubernetes;

import java.nio.file.Path;

import org.rpcbench.contract.ServerReady;

/**
 * What became of one JVM's pod, for the run's record.
 *
 * @param pod the pod's name
 * @param module the pair module it ran
 * @param node the node it ran on, or null when it was never scheduled
 * @param cpus the CPUs its processes could run on (all the node's, unless the kubelet pins Guaranteed pods to
 *             cores of their own), or null when its log could not be read
 * @param cpuModel the node's CPU model, or null when its log could not be read
 * @param exitCode the JVM's exit status, or null when it did not end (stopped by the run's end)
 * @param ready a server's ready record, or null (a client, or a server that never got ready)
 * @param output the JVM's console lines, in the run directory, or null when its log could not be read
 * @param files the files it left in its run directory, collected into this directory, or null
 */
public record PodOutcome(String pod, String module, String node, Integer cpus, String cpuModel, Integer exitCode,
        ServerReady ready, Path output, Path files) {
}
