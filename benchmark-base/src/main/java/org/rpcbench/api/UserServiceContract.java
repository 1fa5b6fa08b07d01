package org.rpcbench.api;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * What a correct {@link UserService} answers, with the data of the community Dubbo benchmark so that figures compare
 * with published ones. The server builds its answers here and the client checks every answer against the same rules,
 * so a call that came back wrong (or null) fails the benchmark instead of being counted; the server checks the user
 * createUser sends the same way, so a request that arrived wrong fails the call.
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
    /**
     * Every user's creation and update time: fixed, so that both ends can compare them exactly (a serializer that
     * loses java.time's fraction of a second fails), at the microsecond precision of the clock the community
     * benchmark's "now" has.
     */
    public static final LocalDateTime CREATE_TIME = LocalDateTime.of(2018, 8, 8, 10, 15, 30, 123_456_000);
    public static final LocalDateTime UPDATE_TIME = LocalDateTime.of(2026, 11, 23, 10, 15, 30, 654_321_000);

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

    /** The user {@code createUser} sends. */
    public static User newUser() {
        return user(1);
    }

    /**
     * {@code createUser(user)} on the server: true for the user {@link #newUser()} builds, field by field.
     *
     * @throws WrongRequestException naming the first field that arrived different
     */
    public static boolean created(User user) {
        String wrong = user == null ? "null" : wrongField(user, 1, UserText.SINGLE);
        if (wrong != null) {
            throw new WrongRequestException("createUser received " + wrong);
        }
        return true;
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
        user.setCreateTime(CREATE_TIME);
        user.setUpdateTime(UPDATE_TIME);
        return user;
    }

    /*
     * The checks below compare against texts built once and build a message only when an answer is wrong: the
     * harness's share of a measured call stays a few comparisons, not fifteen users' worth of strings.
     */

    public static boolean checkExistUser(String email, boolean answer) {
        if (exists(email) != answer) {
            throw new WrongAnswerException("existUser(" + email + ") answered " + answer);
        }
        return answer;
    }

    public static boolean checkCreateUser(User user, boolean answer) {
        if (!answer) {
            throw new WrongAnswerException("createUser(" + user + ") answered false");
        }
        return answer;
    }

    public static User checkGetUser(long id, User answer) {
        String wrong = answer == null ? "null" : wrongField(answer, id, UserText.SINGLE);
        if (wrong != null) {
            throw new WrongAnswerException("getUser(" + id + ") answered " + wrong);
        }
        return answer;
    }

    public static Page<User> checkListUser(int pageNo, Page<User> answer) {
        String wrong = wrongPage(pageNo, answer);
        if (wrong != null) {
            throw new WrongAnswerException("listUser(" + pageNo + ") answered " + wrong);
        }
        return answer;
    }

    private static String wrongPage(int pageNo, Page<User> answer) {
        if (answer == null) {
            return "null";
        }
        if (answer.getPageNo() != pageNo) {
            return "page " + answer.getPageNo();
        }
        if (answer.getTotal() != PAGE_TOTAL) {
            return "total " + answer.getTotal();
        }
        List<User> users = answer.getResult();
        if (users == null || users.size() != PAGE_SIZE) {
            return (users == null ? "no" : users.size()) + " users";
        }
        for (int i = 0; i < PAGE_SIZE; i++) {
            User user = users.get(i);
            String wrong = user == null ? "null" : wrongField(user, i, UserText.PAGE[i]);
            if (wrong != null) {
                return "user " + i + " " + wrong;
            }
        }
        return null;
    }

    /** The first field that differs, as "field actual, expected expected", or null. */
    private static String wrongField(User user, long id, UserText text) {
        if (user.getId() != id) {
            return "id " + user.getId();
        }
        if (!text.name.equals(user.getName())) {
            return differs("name", user.getName(), text.name);
        }
        if (user.getSex() != SEX) {
            return "sex " + user.getSex();
        }
        if (!BIRTHDAY.equals(user.getBirthday())) {
            return differs("birthday", user.getBirthday(), BIRTHDAY);
        }
        if (!text.email.equals(user.getEmail())) {
            return differs("email", user.getEmail(), text.email);
        }
        if (!text.mobile.equals(user.getMobile())) {
            return differs("mobile", user.getMobile(), text.mobile);
        }
        if (!text.address.equals(user.getAddress())) {
            return differs("address", user.getAddress(), text.address);
        }
        if (!text.icon.equals(user.getIcon())) {
            return differs("icon", user.getIcon(), text.icon);
        }
        if (!PERMISSIONS.equals(user.getPermissions())) {
            return differs("permissions", user.getPermissions(), PERMISSIONS);
        }
        if (user.getStatus() != STATUS) {
            return "status " + user.getStatus();
        }
        if (!CREATE_TIME.equals(user.getCreateTime())) {
            return differs("createTime", user.getCreateTime(), CREATE_TIME);
        }
        if (!UPDATE_TIME.equals(user.getUpdateTime())) {
            return differs("updateTime", user.getUpdateTime(), UPDATE_TIME);
        }
        return null;
    }

    private static String differs(String field, Object actual, Object expected) {
        return field + " " + actual + ", expected " + expected;
    }

    /** A user's text fields: getUser's carry no suffix, the page's users their index. */
    private record UserText(String name, String email, String mobile, String address, String icon) {

        static final UserText SINGLE = withSuffix("");
        static final UserText[] PAGE = new UserText[PAGE_SIZE];

        static {
            for (int i = 0; i < PAGE_SIZE; i++) {
                PAGE[i] = withSuffix(String.valueOf(i));
            }
        }

        static UserText withSuffix(String suffix) {
            return new UserText(NAME + suffix, EMAIL + suffix, MOBILE + suffix, ADDRESS + suffix, ICON + suffix);
        }
    }
}
