package org.rpcbench.dubbo;

import java.net.InetSocketAddress;
import java.util.Map;
import java.util.function.Supplier;

import org.apache.dubbo.remoting.Channel;
import org.apache.dubbo.rpc.Constants;
import org.apache.dubbo.rpc.ProtocolServer;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcServiceContext;
import org.apache.dubbo.rpc.protocol.dubbo.DubboProtocol;
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
        report.setSerialization(call.getUrl().getParameter(WireSerialization.URL_KEY));
        Object wireId = call.getInvocation().get(Constants.SERIALIZATION_ID_KEY);
        report.setWireSerialization(wireId == null ? null : WireSerialization.nameOf((byte) wireId));
        report.setServerAddress(hostAndPort(serverEndOf(call)));
        report.setClientAddress(hostAndPort(call.getRemoteAddress()));
        report.setVersions(versions);
        report.setCallsBySerialization(WireSerializationFilter.callsBySerialization());
        report.setRegistration(ClassRegistration.ids());
        ServerSample now = sample.get();
        report.setProcessCpuNanos(now.processCpuNanos());
        report.setServerNanoTime(now.serverNanoTime());
        report.setAvailableProcessors(now.availableProcessors());
        report.setCpuBoundCallsByThread(now.cpuBoundCallsByThread());
        return report;
    }

    /**
     * The server's end of this call's socket. Dubbo's context holds the provider URL's host here, not the socket's,
     * so the connection is looked up by the client's end, which Dubbo does take from the socket.
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
