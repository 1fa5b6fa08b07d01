package org.rpcbench.motan;

import com.weibo.api.motan.rpc.ResponseFuture;
import org.rpcbench.api.User;

/**
 * The same service with motan's asynchronous calls, written as motan's {@code @MotanAsync} processor would generate
 * it: motan sends a method named {@code xAsync} that returns {@link ResponseFuture} as the call {@code x} and returns
 * at once, and takes the service's name without the interface's {@code Async} suffix, so the server and the wire are
 * those of {@link MotanServices}.
 */
public interface MotanServicesAsync extends MotanServices {

    ResponseFuture existUserAsync(String email);

    ResponseFuture createUserAsync(User user);

    ResponseFuture getUserAsync(long id);

    ResponseFuture listUserAsync(int pageNo);

    ResponseFuture echoAsync(Object payload);

}
