package org.rpcbench.api;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a correct {@link UserService} answers, with the data of the community Dubbo benchmark so that figures compare
 * with published ones. The server builds its answers here and the client checks every answer against the same rules,
 * so a call that came back wrong (or null) fails the benchmark instead of being counted.
 */
public final class UserServiceContract {

    public static final String NAME = "Doug Lea";
    public static final int SEX = 1;
    public static final LocalDate BIRTHDAY = LocalDate.of(1968, 12, 8);
    public static final String EMAIL = "dong.lea@gmail.com";
    public static final String MOBILE = "18612345678";
    public static final String ADDRESS = "北京市 中关村 中关村大街1号 鼎好大厦 1605";
    public static final String ICON = "https://www.baidu.com/img/bd_logo1.png";
    public static final int STATUS = 1;
    public static final List<Integer> PERMISSIONS = List.of(1, 2, 3, 4, 5, 6, 7, 8, 19, 88, 86, 89, 90, 91, 92);
    public static final int PAGE_TOTAL = 1000;
    public static final int PAGE_SIZE = 15;

    private UserServiceContract() {
    }

    /** The user {@code getUser(id)} returns. */
    public static User user(long id) {
        return user(id, "");
    }

    /** The page {@code listUser(pageNo)} returns: 15 users whose text fields carry their index as a suffix. */
    public static Page<User> page(int pageNo) {
        List<User> users = new ArrayList<>(PAGE_SIZE);
        for (int i = 0; i < PAGE_SIZE; i++) {
            users.add(user(i, String.valueOf(i)));
        }
        Page<User> page = new Page<>();
        page.setPageNo(pageNo);
        page.setTotal(PAGE_TOTAL);
        page.setResult(users);
        return page;
    }

    /** {@code existUser(email)}: false when the email's last character is below '5' (the community rule). */
    public static boolean exists(String email) {
        return email == null || email.isEmpty() || email.charAt(email.length() - 1) >= '5';
    }

    /** {@code createUser(user)}: true for any non-null user. */
    public static boolean created(User user) {
        return user != null;
    }

    private static User user(long id, String suffix) {
        User user = new User();
        user.setId(id);
        user.setName(NAME + suffix);
        user.setSex(SEX);
        user.setBirthday(BIRTHDAY);
        user.setEmail(EMAIL + suffix);
        user.setMobile(MOBILE + suffix);
        user.setAddress(ADDRESS + suffix);
        user.setIcon(ICON + suffix);
        user.setStatus(STATUS);
        user.setPermissions(new ArrayList<>(PERMISSIONS));
        LocalDateTime now = LocalDateTime.now();
        user.setCreateTime(now);
        user.setUpdateTime(now);
        return user;
    }

    public static boolean checkExistUser(String email, boolean answer) {
        expect(exists(email) == answer, "existUser(" + email + ") answered " + answer);
        return answer;
    }

    public static boolean checkCreateUser(User user, boolean answer) {
        expect(created(user) == answer, "createUser(" + user + ") answered " + answer);
        return answer;
    }

    public static User checkGetUser(long id, User answer) {
        expect(answer != null, "getUser(" + id + ") answered null");
        checkUser(answer, id, "", "getUser(" + id + ")");
        return answer;
    }

    public static Page<User> checkListUser(int pageNo, Page<User> answer) {
        String call = "listUser(" + pageNo + ")";
        expect(answer != null, call + " answered null");
        expect(answer.getPageNo() == pageNo, call + " answered page " + answer.getPageNo());
        expect(answer.getTotal() == PAGE_TOTAL, call + " answered total " + answer.getTotal());
        List<User> users = answer.getResult();
        expect(users != null && users.size() == PAGE_SIZE,
                call + " answered " + (users == null ? "no" : users.size()) + " users");
        for (int i = 0; i < PAGE_SIZE; i++) {
            expect(users.get(i) != null, call + " answered a null user at " + i);
            checkUser(users.get(i), i, String.valueOf(i), call + " user " + i);
        }
        return answer;
    }

    /** Compares every field except the two timestamps, which are "now" on the server and only need to be there. */
    private static void checkUser(User user, long id, String suffix, String call) {
        expect(user.getId() == id, call + " answered id " + user.getId());
        expectEqual(NAME + suffix, user.getName(), call, "name");
        expect(user.getSex() == SEX, call + " answered sex " + user.getSex());
        expectEqual(BIRTHDAY, user.getBirthday(), call, "birthday");
        expectEqual(EMAIL + suffix, user.getEmail(), call, "email");
        expectEqual(MOBILE + suffix, user.getMobile(), call, "mobile");
        expectEqual(ADDRESS + suffix, user.getAddress(), call, "address");
        expectEqual(ICON + suffix, user.getIcon(), call, "icon");
        expectEqual(PERMISSIONS, user.getPermissions(), call, "permissions");
        expect(user.getStatus() == STATUS, call + " answered status " + user.getStatus());
        expect(user.getCreateTime() != null && user.getUpdateTime() != null, call + " answered no timestamps");
    }

    private static void expectEqual(Object expected, Object actual, String call, String field) {
        expect(Objects.equals(expected, actual), call + " answered " + field + " " + actual + ", expected " + expected);
    }

    private static void expect(boolean condition, String message) {
        if (!condition) {
            throw new WrongAnswerException(message);
        }
    }
}
