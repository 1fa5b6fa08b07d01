package org.rpcbench.dubbo;

import org.apache.dubbo.common.stream.StreamObserver;

/**
 * The streaming calls in Dubbo's interface mode, served on the triple protocol only: a method of one argument and a
 * {@link StreamObserver}, returning nothing, is Dubbo's server streaming. Every answer is the payload untouched.
 */
public interface StreamService {

    /** Answers the request's payload its count times in one stream. */
    void serverStream(StreamRequest request, StreamObserver<Object> answers);
}
