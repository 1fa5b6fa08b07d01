package org.rpcbench.dubbo;

import org.apache.dubbo.common.stream.StreamObserver;
import org.rpcbench.api.EchoService;

/**
 * The provider's streams, each answer echoed by the suite's echo as a unary echo is. Flow control is triple's
 * default: {@code onNext} writes whether or not the stream may send, and HTTP/2's window paces the wire.
 */
final class StreamServiceImpl implements StreamService {

    private final EchoService echo;

    StreamServiceImpl(EchoService echo) {
        this.echo = echo;
    }

    @Override
    public void serverStream(StreamRequest request, StreamObserver<Object> answers) {
        for (int i = 0; i < request.getCount(); i++) {
            answers.onNext(echo.echo(request.getPayload()));
        }
        answers.onCompleted();
    }
}
