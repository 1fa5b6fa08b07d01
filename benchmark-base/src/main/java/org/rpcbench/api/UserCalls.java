package org.rpcbench.api;

import java.util.concurrent.CompletableFuture;

/**
 * The four UserService calls as the benchmarks make them: each takes its arguments from a thread's own
 * {@link Requests}, calls, checks the answer against {@link UserServiceContract} and returns it. The JMH benchmarks
 * and the availability load call these, so both send the same requests and hold answers to the same rules.
 */
public enum UserCalls {

    EXIST_USER("existUser", String.class) {
        @Override
        public Object callAndCheck(UserService users, Requests requests) {
            return existUser(users, requests);
        }

        @Override
        public CompletableFuture<?> sendAndCheck(AsyncServices services, Requests requests) {
            String email = requests.nextEmail();
            return services.existUser(email)
                    .thenApply(answer -> UserServiceContract.checkExistUser(email, present(method(), answer)));
        }

        @Override
        public Object[] sampleArguments() {
            return new Object[] {"0"};
        }

        @Override
        public Object sampleAnswer() {
            return UserServiceContract.exists("0");
        }
    },
    CREATE_USER("createUser", User.class) {
        @Override
        public Object callAndCheck(UserService users, Requests requests) {
            return createUser(users, requests);
        }

        @Override
        public CompletableFuture<?> sendAndCheck(AsyncServices services, Requests requests) {
            return services.createUser(requests.newUser).thenApply(answer -> UserServiceContract.checkCreateUser(
                    requests.newUser, present(method(), answer)));
        }

        @Override
        public Object[] sampleArguments() {
            return new Object[] {UserServiceContract.newUser()};
        }

        @Override
        public Object sampleAnswer() {
            return true;
        }
    },
    GET_USER("getUser", long.class) {
        @Override
        public Object callAndCheck(UserService users, Requests requests) {
            return getUser(users, requests);
        }

        @Override
        public CompletableFuture<?> sendAndCheck(AsyncServices services, Requests requests) {
            long id = requests.next();
            return services.getUser(id).thenApply(answer -> UserServiceContract.checkGetUser(id, answer));
        }

        @Override
        public Object[] sampleArguments() {
            return new Object[] {1L};
        }

        @Override
        public Object sampleAnswer() {
            return UserServiceContract.user(1);
        }
    },
    LIST_USER("listUser", int.class) {
        @Override
        public Object callAndCheck(UserService users, Requests requests) {
            return listUser(users, requests);
        }

        @Override
        public CompletableFuture<?> sendAndCheck(AsyncServices services, Requests requests) {
            int pageNo = requests.next();
            return services.listUser(pageNo).thenApply(answer -> UserServiceContract.checkListUser(pageNo, answer));
        }

        @Override
        public Object[] sampleArguments() {
            return new Object[] {2};
        }

        @Override
        public Object sampleAnswer() {
            return UserServiceContract.page(2);
        }
    };

    private final String method;
    private final Class<?> parameterType;

    UserCalls(String method, Class<?> parameterType) {
        this.method = method;
        this.parameterType = parameterType;
    }

    /** The {@link UserService} method's name. */
    public String method() {
        return method;
    }

    public Class<?>[] parameterTypes() {
        return new Class<?>[] {parameterType};
    }

    /** A typical request's arguments, and below its answer by the contract: what a stack sizes its frames with. */
    public abstract Object[] sampleArguments();

    public abstract Object sampleAnswer();

    /**
     * @throws WrongAnswerException when the answer breaks the contract; anything the stack throws when the call
     *                              failed
     */
    public abstract Object callAndCheck(UserService users, Requests requests);

    /**
     * Sends the call as {@link #callAndCheck} makes it, without waiting: the future completes with the checked
     * answer, or exceptionally with the stack's failure or a {@link WrongAnswerException}. The request is taken from
     * {@code requests} before it returns, on the caller's thread.
     */
    public abstract CompletableFuture<?> sendAndCheck(AsyncServices services, Requests requests);

    /** A boolean answer as the contract checks it; a null one (which no blocking proxy could return) is wrong. */
    private static boolean present(String method, Boolean answer) {
        if (answer == null) {
            throw new WrongAnswerException(method + " answered null");
        }
        return answer;
    }

    public static boolean existUser(UserService users, Requests requests) {
        String email = requests.nextEmail();
        return UserServiceContract.checkExistUser(email, users.existUser(email));
    }

    public static boolean createUser(UserService users, Requests requests) {
        return UserServiceContract.checkCreateUser(requests.newUser, users.createUser(requests.newUser));
    }

    public static User getUser(UserService users, Requests requests) {
        long id = requests.next();
        return UserServiceContract.checkGetUser(id, users.getUser(id));
    }

    public static Page<User> listUser(UserService users, Requests requests) {
        int pageNo = requests.next();
        return UserServiceContract.checkListUser(pageNo, users.listUser(pageNo));
    }

    /** One thread's request sequence, so no counter is shared across threads. */
    public static class Requests {

        /** Emails in the community benchmark's shape (a counter), built once; half end below '5'. */
        private static final String[] EMAILS = new String[1000];

        static {
            for (int i = 0; i < EMAILS.length; i++) {
                EMAILS[i] = String.valueOf(i);
            }
        }

        private final User newUser = UserServiceContract.newUser();
        private int sequence;

        int next() {
            return sequence++ & Integer.MAX_VALUE;
        }

        String nextEmail() {
            return EMAILS[next() % EMAILS.length];
        }
    }
}
