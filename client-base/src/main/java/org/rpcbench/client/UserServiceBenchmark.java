package org.rpcbench.client;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.rpcbench.api.Page;
import org.rpcbench.api.User;
import org.rpcbench.api.UserService;
import org.rpcbench.api.UserServiceContract;
import org.rpcbench.dubbo.Endpoint;

/**
 * The four UserService calls over one Dubbo consumer shared by all benchmark threads (one connection, as Dubbo
 * does by default). Every answer is checked; a wrong one throws, and with fail-on-error the run fails.
 */
@BenchmarkMode({Mode.Throughput, Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class UserServiceBenchmark {

    private ConsumerContext consumer;
    private UserService userService;

    @Setup(Level.Trial)
    public void connect() {
        consumer = ConsumerContext.open(new Endpoint(
                System.getProperty(Endpoint.HOST_PROPERTY), Integer.getInteger(Endpoint.PORT_PROPERTY)));
        consumer.verify();
        userService = consumer.userService();
    }

    @TearDown(Level.Trial)
    public void disconnect() {
        consumer.close();
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
