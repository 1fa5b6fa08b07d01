package org.rpcbench.contract;

import java.util.Map;
import java.util.TreeMap;

/**
 * What a client proved about one provider before it measured, filled alike by every stack: what the client is
 * configured to send, what the server is configured for and what it read off the wire of a call made over the
 * benchmark's own settings, the two ends of that call's connection as each socket saw them, and the versions.
 *
 * @param stack the stack's name, e.g. dubbo or netty
 * @param protocol the protocol the client is configured for, e.g. dubbo
 * @param serialization the serialization (or content type) the client is configured to send
 * @param serverProtocol the protocol the server read the call with
 * @param serverSerialization the serialization the server is configured for
 * @param wireSerialization the serialization the server read off the call's wire (a header id, a content type)
 * @param server the server's end of the connection, literal address:port
 * @param client the client's end of the connection, literal address:port
 * @param versions the stack's and its libraries' versions and the server's Java, in the order to print them
 * @param callsByWireFormat benchmark calls the server has served so far, by the wire format it read
 * @param registeredClasses classes the serializer writes as ids, proven numbered alike on both ends; 0 when the
 *                          pair registers none (class names on the wire)
 * @param frameBytes each UserService call's request and answer as the stack frames them, by method, for a typical
 *                   request ({@code UserCalls}' sample): what the serializer costs in bytes
 * @param wire what else the server read off the call, in print order (an HTTP content type, the method path);
 *             empty where the protocol's header says it all
 */
public record WireProof(String stack, String protocol, String serialization, String serverProtocol,
        String serverSerialization, String wireSerialization, String server, String client,
        Map<String, String> versions, Map<String, Long> callsByWireFormat, int registeredClasses,
        Map<String, FrameBytes> frameBytes, Map<String, String> wire) {

    /** The benchmark calls the server had served when this proof was taken, whatever their wire format. */
    public long callsServed() {
        return callsByWireFormat.values().stream().mapToLong(Long::longValue).sum();
    }

    /** "serialization=kryo, wire=kryo, server=127.0.0.1:8080, client=127.0.0.1:51590, protocol=dubbo, dubbo=..." */
    public String describe() {
        StringBuilder text = new StringBuilder("serialization=" + serialization + ", wire=" + wireSerialization
                + ", server=" + server + ", client=" + client + ", protocol=" + serverProtocol);
        wire.forEach((name, value) -> text.append(", ").append(name).append('=').append(value));
        if (registeredClasses > 0) {
            text.append(", registered=").append(registeredClasses).append(" classes, ids equal on both ends");
        }
        versions.forEach((name, version) -> text.append(", ").append(name).append('=').append(version));
        return text.append(", calls=").append(new TreeMap<>(callsByWireFormat)).toString();
    }

    /** "existUser=235/36, createUser=...": bytes per call, request/answer. */
    public String describeFrames() {
        StringBuilder text = new StringBuilder();
        frameBytes.forEach((method, bytes) -> text.append(text.isEmpty() ? "" : ", ").append(method).append('=')
                .append(bytes));
        return text.toString();
    }
}
