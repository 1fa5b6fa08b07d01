package org.rpcbench.dubbo;

import java.util.ArrayList;
import java.util.List;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.extension.Activate;
import org.apache.dubbo.remoting.ChannelHandler;
import org.apache.dubbo.remoting.api.ProtocolDetector;
import org.apache.dubbo.remoting.api.pu.ChannelHandlerPretender;
import org.apache.dubbo.remoting.api.pu.ChannelOperator;
import org.apache.dubbo.remoting.http12.netty4.h1.NettyHttp1Codec;
import org.apache.dubbo.rpc.protocol.tri.TripleHttp2Protocol;

/**
 * Triple's wire protocol as a port detects it, registered under Dubbo's own name ({@code tri}) in place of Dubbo's:
 * the same, except that an HTTP/1 connection gets {@link Http1ResponseOrder} in front of Dubbo's HTTP/1 codec.
 */
@Activate
public class OrderedTripleWireProtocol extends TripleHttp2Protocol {

    @Override
    public void configServerProtocolHandler(URL url, ChannelOperator operator) {
        super.configServerProtocolHandler(url, new ChannelOperator() {
            @Override
            public void configChannelHandler(List<ChannelHandler> handlers) {
                operator.configChannelHandler(withResponseOrder(handlers));
            }

            @Override
            public ProtocolDetector.Result detectResult() {
                return operator.detectResult();
            }
        });
    }

    /** The handlers, with the response order in front of Dubbo's HTTP/1 codec where they hold it. */
    static List<ChannelHandler> withResponseOrder(List<ChannelHandler> handlers) {
        List<ChannelHandler> ordered = new ArrayList<>(handlers);
        for (int i = 0; i < ordered.size(); i++) {
            if (ordered.get(i) instanceof ChannelHandlerPretender pretender
                    && pretender.getRealHandler() instanceof NettyHttp1Codec) {
                ordered.add(i, new ChannelHandlerPretender(new Http1ResponseOrder()));
                break;
            }
        }
        return ordered;
    }
}
