package org.rpcbench.api;

/**
 * The four UserService calls as the benchmarks make them: each takes its arguments from a thread's own
 * {@link Requests}, calls, checks the answer against {@link UserServiceContract} and returns it. The JMH benchmarks
 * and the availability load call these, so both send the same requests and hold answers to the same rules.
 */
public enum UserCalls {

    EXIST_USER {
        @Override
        public Object callAndCheck(UserService users, Requests requests) {
            return existUser(users, requests);
        }
    },
    CREATE_USER {
        @Override
        public Object callAndCheck(UserService users, Requests requests) {
            return createUser(users, requests);
        }
    },
    GET_USER {
        @Override
        public Object callAndCheck(UserService users, Requests requests) {
            return getUser(users, requests);
        }
    },
    LIST_USER {
        @Override
        public Object callAndCheck(UserService users, Requests requests) {
            return listUser(users, requests);
        }
    };

    /**
     * @throws WrongAnswerException when the answer breaks the contract; anything the stack throws when the call
     *                              failed
     */
    public abstract Object callAndCheck(UserService users, Requests requests);

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

        private final User newUser = UserServiceContract.user(1);
        private int sequence;

        int next() {
            return sequence++ & Integer.MAX_VALUE;
        }

        String nextEmail() {
            return EMAILS[next() % EMAILS.length];
        }
    }
}
