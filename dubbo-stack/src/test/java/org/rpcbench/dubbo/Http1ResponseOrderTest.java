package org.rpcbench.dubbo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import org.apache.dubbo.remoting.ChannelHandler;
import org.apache.dubbo.remoting.api.pu.ChannelHandlerPretender;
import org.apache.dubbo.remoting.http12.netty4.h1.NettyHttp1Codec;
import org.junit.jupiter.api.Test;

class Http1ResponseOrderTest {

    @Test
    void theBodyWaitsForItsEndAndBothGoOutTogether() {
        EmbeddedChannel channel = new EmbeddedChannel(new Http1ResponseOrder());
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        ByteBuf body = Unpooled.copiedBuffer(new byte[] {'4', '2'});

        channel.writeAndFlush(head);
        channel.writeAndFlush(body);
        assertSame(head, channel.readOutbound());
        assertNull(channel.readOutbound(), "the body is out before its end");

        channel.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
        assertSame(body, channel.readOutbound());
        assertSame(LastHttpContent.EMPTY_LAST_CONTENT, channel.readOutbound());
        channel.finishAndReleaseAll();
    }

    @Test
    void goesInFrontOfDubbosHttp1CodecOnly() {
        ChannelHandler server = new ChannelHandlerPretender(new HttpServerCodec());
        ChannelHandler codec = new ChannelHandlerPretender(new NettyHttp1Codec());
        List<ChannelHandler> ordered = OrderedTripleWireProtocol.withResponseOrder(List.of(server, codec));

        assertEquals(3, ordered.size());
        assertSame(server, ordered.get(0));
        assertEquals(Http1ResponseOrder.class, ((ChannelHandlerPretender) ordered.get(1)).getRealHandler().getClass());
        assertSame(codec, ordered.get(2));
        assertEquals(List.of(server), OrderedTripleWireProtocol.withResponseOrder(List.of(server)));
    }
}
