package org.rpcbench.dubbo;

import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

import org.apache.dubbo.remoting.Channel;
import org.apache.dubbo.remoting.http12.HttpRequest;
import org.apache.dubbo.rpc.ProtocolServer;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcServiceContext;
import org.apache.dubbo.rpc.protocol.dubbo.DubboProtocol;
import org.apache.dubbo.rpc.protocol.tri.TripleConstants;
import org.rpcbench.stack.JsonWire;
import org.rpcbench.stack.ProbeReport;
import org.rpcbench.stack.ProbeService;
import org.rpcbench.stack.ServerSample;

/** Both instruments: the handshake (over hessian2) and the probe (over the pair's serializer) report the same. */
final class ProbeServiceImpl implements ProbeService, HandshakeService {

    private final Supplier<ServerSample> sample;
    private final Map<String, String> versions;

    ProbeServiceImpl(Supplier<ServerSample> sample, Map<String, String> versions) {
        this.sample = sample;
        this.versions = versions;
    }

    @Override
    public ProbeReport handshake() {
        return probe();
    }

    @Override
    public ProbeReport probe() {
        RpcServiceContext call = RpcContext.getServiceContext();
        ProbeReport report = new ProbeReport();
        report.setProtocol(call.getUrl().getProtocol());
        report.setSerialization(WireSerialization.configured(call.getUrl()));
        String wire = WireSerializationFilter.wireSerializationOf(call.getInvocation());
        report.setWireSerialization(wire);
        HttpRequest http = (HttpRequest) call.getInvocation().get(TripleConstants.HTTP_REQUEST_KEY);
        RmiSockets.CallRecordingSocket rmi = RmiSockets.servedCall();
        if (rmi != null) {
            // the registry's port, which the client was given, on the host the call reached; the call's own port
            // beside it
            report.setServerAddress(rmi.getLocalAddress().getHostAddress() + ":" + call.getUrl().getPort());
            report.setClientAddress(hostAndPort((InetSocketAddress) rmi.getRemoteSocketAddress()));
            Map<String, String> read = new LinkedHashMap<>();
            read.put(ProbeReport.RMI_OBJECT, hostAndPort((InetSocketAddress) rmi.getLocalSocketAddress()));
            read.put(ProbeReport.JRMP, rmi.head().protocol());
            report.setWire(read);
        } else if (http == null) {
            report.setServerAddress(hostAndPort(serverEndOf(call)));
            report.setClientAddress(hostAndPort(call.getRemoteAddress()));
        } else {
            report.setServerAddress(http.localAddr() + ":" + http.localPort());
            report.setClientAddress(http.remoteAddr() + ":" + http.remotePort());
            // the content type proves the protocol, protobuf where a method's message travels unwrapped, and JSON
            // for REST, whose framework is named with it
            Map<String, String> read = new LinkedHashMap<>();
            read.put(ProbeReport.HTTP, http.isHttp2() ? "2" : "1.1");
            read.put(ProbeReport.CONTENT_TYPE, http.contentType());
            read.put(ProbeReport.METHOD, http.path());
            if (JsonWire.SERIALIZATION.equals(wire)) {
                read.put(ProbeReport.JSON_FRAMEWORK, RestJson.framework());
            }
            report.setWire(read);
        }
        report.setVersions(versions);
        report.setCallsBySerialization(WireSerializationFilter.callsBySerialization());
        report.setRegistration(ClassRegistration.ids());
        report.recordSpent(sample.get());
        return report;
    }

    /**
     * The server's end of this call's dubbo-protocol socket (triple's HTTP request carries its own). Dubbo's context
     * holds the provider URL's host here, not the socket's, so the connection is looked up by the client's end,
     * which Dubbo does take from the socket.
     */
    private static InetSocketAddress serverEndOf(RpcServiceContext call) {
        for (ProtocolServer server : DubboProtocol.getDubboProtocol(call.getUrl().getScopeModel()).getServers()) {
            Channel connection = server.getRemotingServer().getChannel(call.getRemoteAddress());
            if (connection != null) {
                return connection.getLocalAddress();
            }
        }
        throw new IllegalStateException("no connection from " + call.getRemoteAddress());
    }

    /** The literal address: Dubbo's own host strings turn loopback into the machine's address. */
    private static String hostAndPort(InetSocketAddress address) {
        return address.getAddress().getHostAddress() + ":" + address.getPort();
    }
}
