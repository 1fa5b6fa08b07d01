package org.rpcbench.server;

import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;

import com.sun.management.OperatingSystemMXBean;

import org.apache.dubbo.common.Version;
import org.apache.dubbo.remoting.Channel;
import org.apache.dubbo.rpc.Constants;
import org.apache.dubbo.rpc.ProtocolServer;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcServiceContext;
import org.apache.dubbo.rpc.protocol.dubbo.DubboProtocol;
import org.rpcbench.dubbo.HandshakeService;
import org.rpcbench.dubbo.ProbeReport;
import org.rpcbench.dubbo.ProbeService;
import org.rpcbench.dubbo.WireSerialization;
import org.rpcbench.dubbo.WireSerializationFilter;

/** Both instruments: the handshake (over hessian2) and the probe (over the pair's serializer) report the same. */
public class ProbeServiceImpl implements ProbeService, HandshakeService {

    @Override
    public ProbeReport handshake() {
        return probe();
    }


    @Override
    public ProbeReport probe() {
        RpcServiceContext call = RpcContext.getServiceContext();
        ProbeReport report = new ProbeReport();
        report.setSerialization(call.getUrl().getParameter(WireSerialization.URL_KEY));
        Object wireId = call.getInvocation().get(Constants.SERIALIZATION_ID_KEY);
        report.setWireSerialization(wireId == null ? null : WireSerialization.nameOf((byte) wireId));
        report.setServerAddress(hostAndPort(serverEndOf(call)));
        report.setClientAddress(hostAndPort(call.getRemoteAddress()));
        report.setDubboVersion(Version.getVersion());
        report.setJavaVersion(javaVersion());
        report.setCallsBySerialization(WireSerializationFilter.callsBySerialization());
        report.setProcessCpuNanos(((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime());
        report.setServerNanoTime(System.nanoTime());
        report.setAvailableProcessors(Runtime.getRuntime().availableProcessors());
        report.setCpuBoundCallsByThread(EchoServiceServerImpl.cpuBoundCallsByThread());
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

    static String javaVersion() {
        return System.getProperty("java.vendor") + " " + Runtime.version();
    }
}
