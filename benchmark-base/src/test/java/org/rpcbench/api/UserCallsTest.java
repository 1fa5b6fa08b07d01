package org.rpcbench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class UserCallsTest {

    /** A service that answers as the contract says, recording what it was asked. */
    private static class Recording implements UserService {

        final List<String> asked = new ArrayList<>();

        @Override
        public boolean existUser(String email) {
            asked.add("existUser " + email);
            return UserServiceContract.exists(email);
        }

        @Override
        public boolean createUser(User user) {
            asked.add("createUser " + user.getId());
            return UserServiceContract.created(user);
        }

        @Override
        public User getUser(long id) {
            asked.add("getUser " + id);
            return UserServiceContract.user(id);
        }

        @Override
        public Page<User> listUser(int pageNo) {
            asked.add("listUser " + pageNo);
            return UserServiceContract.page(pageNo);
        }
    }

    @Test
    void eachCallTakesTheNextRequestOfItsThreadAndReturnsTheCheckedAnswer() {
        Recording service = new Recording();
        UserCalls.Requests requests = new UserCalls.Requests();
        List<Object> answers = new ArrayList<>();
        for (UserCalls call : UserCalls.values()) {
            answers.add(call.callAndCheck(service, requests));
        }
        assertEquals(List.of("existUser 0", "createUser 1", "getUser 1", "listUser 2"), service.asked);
        assertEquals(false, answers.get(0));
        assertEquals(true, answers.get(1));
        assertEquals(1L, ((User) answers.get(2)).getId());
        assertEquals(2, ((Page<?>) answers.get(3)).getPageNo());
    }

    @Test
    void aWrongAnswerFailsTheCall() {
        UserService wrong = new Recording() {
            @Override
            public User getUser(long id) {
                return UserServiceContract.user(id + 1);
            }
        };
        WrongAnswerException error = assertThrows(WrongAnswerException.class,
                () -> UserCalls.getUser(wrong, new UserCalls.Requests()));
        assertTrue(error.getMessage().startsWith("getUser(0) answered id 1"), error.getMessage());
    }
}
