package org.rpcbench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;

import org.junit.jupiter.api.Test;

class UserServiceContractTest {

    @Test
    void getUserIsDougLeaWithTheAskedId() {
        User user = UserServiceContract.user(42);
        assertEquals(42, user.getId());
        assertEquals("Doug Lea", user.getName());
        assertEquals(LocalDate.of(1968, 12, 8), user.getBirthday());
        assertEquals("北京市 中关村 中关村大街1号 鼎好大厦 1605", user.getAddress());
        assertEquals(15, user.getPermissions().size());
        assertEquals(user, UserServiceContract.checkGetUser(42, user));
    }

    @Test
    void listUserHasFifteenUsersSuffixedWithTheirIndex() {
        Page<User> page = UserServiceContract.page(7);
        assertEquals(7, page.getPageNo());
        assertEquals(1000, page.getTotal());
        assertEquals(15, page.getResult().size());
        assertEquals("dong.lea@gmail.com14", page.getResult().get(14).getEmail());
        assertEquals(page, UserServiceContract.checkListUser(7, page));
    }

    @Test
    void existUserIsFalseBelowFive() {
        assertFalse(UserServiceContract.exists("1234"));
        assertTrue(UserServiceContract.exists("5"));
        assertTrue(UserServiceContract.exists("99"));
        assertTrue(UserServiceContract.checkExistUser("9", true));
        assertThrows(WrongAnswerException.class, () -> UserServiceContract.checkExistUser("4", true));
    }

    @Test
    void wrongNullOrIncompleteAnswersAreRejected() {
        assertThrows(WrongAnswerException.class, () -> UserServiceContract.checkGetUser(1, null));
        assertThrows(WrongAnswerException.class,
                () -> UserServiceContract.checkGetUser(1, UserServiceContract.user(2)));
        User noTimestamps = UserServiceContract.user(1);
        noTimestamps.setCreateTime(null);
        assertThrows(WrongAnswerException.class, () -> UserServiceContract.checkGetUser(1, noTimestamps));
        User renamed = UserServiceContract.user(1);
        renamed.setName("Doug");
        assertThrows(WrongAnswerException.class, () -> UserServiceContract.checkGetUser(1, renamed));

        Page<User> shortPage = UserServiceContract.page(1);
        shortPage.getResult().remove(3);
        assertThrows(WrongAnswerException.class, () -> UserServiceContract.checkListUser(1, shortPage));
        assertThrows(WrongAnswerException.class,
                () -> UserServiceContract.checkListUser(2, UserServiceContract.page(1)));
        assertThrows(WrongAnswerException.class, () -> UserServiceContract.checkCreateUser(null, false));
    }

    @Test
    void timestampsAreComparedToTheMicrosecond() {
        User truncated = UserServiceContract.user(1);
        truncated.setUpdateTime(UserServiceContract.UPDATE_TIME.withNano(654_000_000));
        WrongAnswerException wrong = assertThrows(WrongAnswerException.class,
                () -> UserServiceContract.checkGetUser(1, truncated));
        assertEquals("getUser(1) answered updateTime 2026-11-23T10:15:30.654, expected 2026-11-23T10:15:30.654321",
                wrong.getMessage());
    }

    @Test
    void theServerHoldsCreateUsersUserToTheContractFieldByField() {
        assertTrue(UserServiceContract.created(UserServiceContract.newUser()));
        User mangled = UserServiceContract.newUser();
        mangled.setAddress("北京市");
        WrongRequestException wrong = assertThrows(WrongRequestException.class,
                () -> UserServiceContract.created(mangled));
        assertEquals("createUser received address 北京市, expected " + UserServiceContract.ADDRESS, wrong.getMessage());
        User dropped = UserServiceContract.newUser();
        dropped.setPermissions(null);
        assertThrows(WrongRequestException.class, () -> UserServiceContract.created(dropped));
        User noTime = UserServiceContract.newUser();
        noTime.setCreateTime(null);
        assertThrows(WrongRequestException.class, () -> UserServiceContract.created(noTime));
        assertThrows(WrongRequestException.class, () -> UserServiceContract.created(null));
    }
}
