package org.rpcbench.dubbo;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.Map;

import org.rpcbench.api.UserCalls;
import org.rpcbench.api.UserService;
import org.rpcbench.contract.FrameBytes;

/**
 * Each UserService call as Java RMI carries it, counted on the consumer's sockets ({@link RmiSockets}): JRMP's call
 * header, Spring's invocation and the JDK's serialization of the arguments, and of the answer. JRMP frames nothing,
 * so each sample call is made twice and the second counted: the first opens the connection and leases the stub, as
 * the benchmark's calls find them done.
 */
final class RmiFrames {

    private RmiFrames() {
    }

    static Map<String, FrameBytes> of(UserService users) {
        RmiSockets sockets = RmiSockets.installed();
        Map<String, FrameBytes> bytes = new LinkedHashMap<>();
        for (UserCalls call : UserCalls.values()) {
            Method method = method(call);
            invoke(method, users, call);
            long sent = sockets.sent();
            long received = sockets.received();
            invoke(method, users, call);
            FrameBytes counted = new FrameBytes(Math.toIntExact(sockets.sent() - sent),
                    Math.toIntExact(sockets.received() - received));
            if (counted.request() == 0 || counted.answer() == 0) {
                // a connection opened before the factory was installed is not counted
                throw new IllegalStateException("RMI's connection was not counted: the consumer's XML must install "
                        + RmiSockets.class.getSimpleName() + " before its first RMI connection");
            }
            bytes.put(call.method(), counted);
        }
        return bytes;
    }

    private static Method method(UserCalls call) {
        try {
            return UserService.class.getMethod(call.method(), call.parameterTypes());
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("UserService has no " + call.method(), e);
        }
    }

    private static void invoke(Method method, UserService users, UserCalls call) {
        try {
            method.invoke(users, call.sampleArguments());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("the sample " + call.method() + " over RMI failed: " + e.getCause(),
                    e.getCause());
        }
    }
}
