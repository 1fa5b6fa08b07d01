package org.rpcbench.stack;

import java.io.Serializable;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The server's side of a probe call, for the stacks whose serializers carry Java beans (Dubbo's, motan's): what a
 * wire proof needs from the server, and a server sample.
 */
public class ProbeReport implements Serializable {

    /**
     * What the server read off the call's wire, as keys of {@link #getWire()}: HTTP's version, content type and path,
     * and for a JSON body the framework that read it; for Java RMI, the address the call itself reached (RMI looks
     * an object up at its registry's port and calls it where the stub says) and the JRMP header its connection
     * opened with; for motan, its frame's magic and version; for gRPC, the probe message as it decoded.
     */
    public static final String HTTP = "http";
    public static final String CONTENT_TYPE = "content-type";
    public static final String METHOD = "method";
    public static final String JSON_FRAMEWORK = "json-framework";
    public static final String RMI_OBJECT = "rmi-object";
    public static final String JRMP = "jrmp";
    public static final String PROBE_MESSAGE = "probe-message";

    private static final long serialVersionUID = 1L;

    /** The protocol the provider read the probe with. */
    private String protocol;
    /** The serialization the provider is configured with. */
    private String serialization;
    /** The serialization the server read the probe request in (from its header where the protocol has one). */
    private String wireSerialization;
    /** The server's end of the probe's connection, host:port. */
    private String serverAddress;
    /** The client's end of the probe's connection, host:port. */
    private String clientAddress;
    /** The stack's, the module's libraries' and Java's versions on the server, in print order. */
    private LinkedHashMap<String, String> versions = new LinkedHashMap<>();
    /** What else the server read off the probe's frame (a magic number, a protocol version), in print order. */
    private LinkedHashMap<String, String> wire = new LinkedHashMap<>();
    private HashMap<String, Long> callsBySerialization = new HashMap<>();
    /** The ids the server's serializer gave the registered classes, by class name; empty when it registers none. */
    private LinkedHashMap<String, Integer> registration = new LinkedHashMap<>();
    /** CPU time the server process has used, and the server's clock when it answered. */
    private long processCpuNanos;
    /** CPU time the server's Java threads have used, -1 where the JVM cannot read it. */
    private long threadsCpuNanos;
    /** Bytes the server's threads have allocated, -1 where the JVM cannot count them. */
    private long allocatedBytes;
    private long serverNanoTime;
    private int availableProcessors;
    /** The server's machine, as {@link ProcessCounters#machine()} names it. */
    private String machine;
    /** Calls of the CPU-bound scenario per provider worker thread. */
    private HashMap<String, Long> cpuBoundCallsByThread = new HashMap<>();

    public String getProtocol() {
        return protocol;
    }

    public void setProtocol(String protocol) {
        this.protocol = protocol;
    }

    public String getSerialization() {
        return serialization;
    }

    public void setSerialization(String serialization) {
        this.serialization = serialization;
    }

    public String getWireSerialization() {
        return wireSerialization;
    }

    public void setWireSerialization(String wireSerialization) {
        this.wireSerialization = wireSerialization;
    }

    public String getServerAddress() {
        return serverAddress;
    }

    public void setServerAddress(String serverAddress) {
        this.serverAddress = serverAddress;
    }

    public String getClientAddress() {
        return clientAddress;
    }

    public void setClientAddress(String clientAddress) {
        this.clientAddress = clientAddress;
    }

    public Map<String, String> getVersions() {
        return versions;
    }

    public void setVersions(Map<String, String> versions) {
        this.versions = new LinkedHashMap<>(versions);
    }

    public Map<String, String> getWire() {
        return wire;
    }

    public void setWire(Map<String, String> wire) {
        this.wire = new LinkedHashMap<>(wire);
    }

    public Map<String, Long> getCallsBySerialization() {
        return callsBySerialization;
    }

    public void setCallsBySerialization(Map<String, Long> callsBySerialization) {
        this.callsBySerialization = new HashMap<>(callsBySerialization);
    }

    public Map<String, Integer> getRegistration() {
        return registration;
    }

    public void setRegistration(Map<String, Integer> registration) {
        this.registration = new LinkedHashMap<>(registration);
    }

    public long getProcessCpuNanos() {
        return processCpuNanos;
    }

    public void setProcessCpuNanos(long processCpuNanos) {
        this.processCpuNanos = processCpuNanos;
    }

    public long getThreadsCpuNanos() {
        return threadsCpuNanos;
    }

    public void setThreadsCpuNanos(long threadsCpuNanos) {
        this.threadsCpuNanos = threadsCpuNanos;
    }

    public long getAllocatedBytes() {
        return allocatedBytes;
    }

    public void setAllocatedBytes(long allocatedBytes) {
        this.allocatedBytes = allocatedBytes;
    }

    public long getServerNanoTime() {
        return serverNanoTime;
    }

    public void setServerNanoTime(long serverNanoTime) {
        this.serverNanoTime = serverNanoTime;
    }

    public int getAvailableProcessors() {
        return availableProcessors;
    }

    public void setAvailableProcessors(int availableProcessors) {
        this.availableProcessors = availableProcessors;
    }

    public String getMachine() {
        return machine;
    }

    public void setMachine(String machine) {
        this.machine = machine;
    }

    public Map<String, Long> getCpuBoundCallsByThread() {
        return cpuBoundCallsByThread;
    }

    public void setCpuBoundCallsByThread(Map<String, Long> cpuBoundCallsByThread) {
        this.cpuBoundCallsByThread = new HashMap<>(cpuBoundCallsByThread);
    }

    @Override
    public String toString() {
        return "protocol=" + protocol + ", serialization=" + serialization + ", wire=" + wireSerialization
                + ", server=" + serverAddress + ", client=" + clientAddress + ", read=" + wire
                + ", versions=" + versions + ", calls=" + callsBySerialization;
    }

    /** Takes the server's account of what it has spent. */
    public void recordSpent(ServerSample sample) {
        processCpuNanos = sample.processCpuNanos();
        threadsCpuNanos = sample.threadsCpuNanos();
        allocatedBytes = sample.allocatedBytes();
        serverNanoTime = sample.serverNanoTime();
        availableProcessors = sample.availableProcessors();
        machine = sample.machine();
        cpuBoundCallsByThread = new HashMap<>(sample.cpuBoundCallsByThread());
    }

    /** The server's account of what it had spent when it answered. */
    public ServerSample spent() {
        return new ServerSample(processCpuNanos, threadsCpuNanos, allocatedBytes, serverNanoTime, availableProcessors,
                machine, cpuBoundCallsByThread);
    }
}
