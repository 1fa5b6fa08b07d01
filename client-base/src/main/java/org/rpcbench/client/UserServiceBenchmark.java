package org.rpcbench.client;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.rpcbench.api.Page;
import org.rpcbench.api.User;
import org.rpcbench.api.UserService;
import org.rpcbench.api.UserServiceContract;

/** The four UserService calls of the community benchmark. Every answer is checked; a wrong one fails the run. */
@BenchmarkMode({Mode.Throughput, Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class UserServiceBenchmark extends ConsumerBenchmark {

    private UserService userService;

    @Override
    protected void prepare(ConsumerContext consumer) {
        userService = consumer.userService();
    }

    /** Each thread's own request sequence, so no counter is shared across threads. */
    @State(Scope.Thread)
    public static class Requests {

        /** Emails in the community benchmark's shape (a counter), built once; half end below '5'. */
        private static final String[] EMAILS = new String[1000];

        static {
            for (int i = 0; i < EMAILS.length; i++) {
                EMAILS[i] = String.valueOf(i);
            }
        }

        final User newUser = UserServiceContract.user(1);
        private int sequence;

        int next() {
            return sequence++ & Integer.MAX_VALUE;
        }

        String nextEmail() {
            return EMAILS[next() % EMAILS.length];
        }
    }

    @Benchmark
    public boolean existUser(Requests requests) {
        String email = requests.nextEmail();
        return UserServiceContract.checkExistUser(email, userService.existUser(email));
    }

    @Benchmark
    public boolean createUser(Requests requests) {
        return UserServiceContract.checkCreateUser(requests.newUser, userService.createUser(requests.newUser));
    }

    @Benchmark
    public User getUser(Requests requests) {
        long id = requests.next();
        return UserServiceContract.checkGetUser(id, userService.getUser(id));
    }

    @Benchmark
    public Page<User> listUser(Requests requests) {
        int pageNo = requests.next();
        return UserServiceContract.checkListUser(pageNo, userService.listUser(pageNo));
    }
}
