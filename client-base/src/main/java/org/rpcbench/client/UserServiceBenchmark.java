package org.rpcbench.client;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.rpcbench.api.InjectedCost;
import org.rpcbench.api.Page;
import org.rpcbench.api.User;
import org.rpcbench.api.UserCalls;
import org.rpcbench.api.UserService;
import org.rpcbench.client.jmh.ForkJvm;
import org.rpcbench.stack.StackConnection;

/** The four UserService calls of the community benchmark. Every answer is checked; a wrong one fails the run. */
public class UserServiceBenchmark extends StackBenchmark {

    private UserService userService;

    @Override
    protected void prepare(StackConnection connection) {
        String injectCost = System.getProperty(ForkJvm.INJECT_COST_PROPERTY);
        userService = injectCost == null ? connection.userService()
                : InjectedCost.parse(injectCost).users(connection.userService());
    }

    /** Each thread's own request sequence, so no counter is shared across threads. */
    @State(Scope.Thread)
    public static class Requests extends UserCalls.Requests {
    }

    @Benchmark
    public boolean existUser(Requests requests, IterationWindow window) {
        return UserCalls.existUser(userService, requests);
    }

    @Benchmark
    public boolean createUser(Requests requests, IterationWindow window) {
        return UserCalls.createUser(userService, requests);
    }

    @Benchmark
    public User getUser(Requests requests, IterationWindow window) {
        return UserCalls.getUser(userService, requests);
    }

    @Benchmark
    public Page<User> listUser(Requests requests, IterationWindow window) {
        return UserCalls.listUser(userService, requests);
    }
}
