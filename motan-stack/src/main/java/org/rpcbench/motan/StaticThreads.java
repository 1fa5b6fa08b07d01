package org.rpcbench.motan;

import java.lang.reflect.Field;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

import com.weibo.api.motan.closable.ShutDownHook;
import com.weibo.api.motan.cluster.loadbalance.AbstractWeightedLoadBalance;
import com.weibo.api.motan.transport.netty4.NettyClient;
import io.netty.channel.EventLoopGroup;

/**
 * The threads motan starts in static fields and keeps, not daemons, for the life of the JVM: it expects its process
 * to end by {@code System.exit}. Its shutdown hook stops the schedulers it registered there; three others are
 * registered nowhere (motan-core 1.2.6, motan-transport-netty4 1.2.2) and are read out of their private static
 * fields: the weighted load balancers' refresh scheduler, started when motan loads its load balancers, and the
 * netty4 client's event loop and request-timeout scheduler.
 */
final class StaticThreads {

    private StaticThreads() {
    }

    /** For a process that will make no more motan calls. */
    static void stop() {
        ShutDownHook.runHook(true);
        ((ExecutorService) staticField(AbstractWeightedLoadBalance.class, "scheduledExecutor")).shutdownNow();
        ((ExecutorService) staticField(NettyClient.class, "scheduledExecutor")).shutdownNow();
        ((EventLoopGroup) staticField(NettyClient.class, "nioEventLoopGroup")).shutdownGracefully(0, 1,
                TimeUnit.SECONDS);
    }

    private static Object staticField(Class<?> owner, String name) {
        try {
            Field field = owner.getDeclaredField(name);
            field.setAccessible(true);
            return field.get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(owner.getName() + " no longer keeps its threads in " + name, e);
        }
    }
}
