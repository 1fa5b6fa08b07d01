package org.rpcbench.harness;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.rpcbench.api.Page;
import org.rpcbench.api.User;
import org.rpcbench.api.UserServiceContract;

/**
 * What checking an answer costs the client per call, against answers built apart from the expected texts (as a
 * deserialized answer is): every field compared, as in the measured calls. The fields are not final, so that the
 * JIT cannot fold a check away.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class AnswerCheckBenchmark {

    private String email = "7";
    private User created = UserServiceContract.user(1);
    private User user = UserServiceContract.user(1);
    private Page<User> page = UserServiceContract.page(2);

    @Benchmark
    public boolean existUser() {
        return UserServiceContract.checkExistUser(email, true);
    }

    @Benchmark
    public boolean createUser() {
        return UserServiceContract.checkCreateUser(created, true);
    }

    @Benchmark
    public User getUser() {
        return UserServiceContract.checkGetUser(1, user);
    }

    @Benchmark
    public Page<User> listUser() {
        return UserServiceContract.checkListUser(2, page);
    }
}
