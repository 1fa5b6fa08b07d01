package org.rpcbench.dubbo;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.LastHttpContent;

/**
 * Keeps each HTTP/1.1 answer of a triple port whole before the next one starts, which Dubbo 3.3.6 does not.
 *
 * <p>Dubbo writes an HTTP/1.1 answer from its worker thread in three writes: the head, the body, then the end. The
 * client has the whole answer (its length is in the head) once the body is out, and may send its next call on the
 * kept-alive connection before the worker has written the end. Another worker can then write the next head before
 * that end; Netty's encoder refuses a head in the middle of an answer, and the next call's answer is lost without
 * a trace (its caller times out). Unlike HTTP/2, Dubbo queues no HTTP/1 writes. Measured against a bare Dubbo 3.3.6
 * provider: one call in a few hundred on a kept-alive connection never got its answer. Here the body waits for its
 * end and both go out together, so the client cannot ask again before the answer is complete.
 * {@link OrderedTripleWireProtocol} puts it in front of Dubbo's HTTP/1 codec.
 */
final class Http1ResponseOrder extends ChannelDuplexHandler {

    private ByteBuf heldBody;
    private ChannelPromise heldPromise;

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof ByteBuf body) {
            writeHeld(ctx);
            heldBody = body;
            heldPromise = promise;
            return;
        }
        if (msg instanceof LastHttpContent) {
            writeHeld(ctx);
        }
        ctx.write(msg, promise);
    }

    private void writeHeld(ChannelHandlerContext ctx) {
        if (heldBody != null) {
            ctx.write(heldBody, heldPromise);
            heldBody = null;
            heldPromise = null;
        }
    }

    @Override
    public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
        writeHeld(ctx);
        ctx.close(promise);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        writeHeld(ctx);
    }
}
