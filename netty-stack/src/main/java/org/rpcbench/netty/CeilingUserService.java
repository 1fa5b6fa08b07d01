package org.rpcbench.netty;

import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.rpcbench.api.Page;
import org.rpcbench.api.User;
import org.rpcbench.api.UserService;
import org.rpcbench.api.UserServiceContract;

/**
 * The four calls over the ceiling: each sends its request bytes, checks the answer byte for byte, and returns what
 * the contract says, as a stack's client would after decoding; the benchmark then checks that answer as it checks
 * every stack's. A page's users are built once and shared (they are never changed), so the ceiling's client does
 * no more per call than hand over an answer.
 */
final class CeilingUserService implements UserService {

    private static final List<User> PAGE_USERS = List.copyOf(UserServiceContract.page(0).getResult());

    private final CeilingConnection connection;
    private final Bodies bodies;

    CeilingUserService(CeilingConnection connection, Bodies bodies) {
        this.connection = connection;
        this.bodies = bodies;
    }

    private void exchange(Call call) {
        ByteBuf answer = connection.call(call, Unpooled.wrappedBuffer(bodies.request(call)));
        try {
            CeilingConnection.check(call, answer, bodies.answer(call), 0);
        } finally {
            answer.release();
        }
    }

    @Override
    public boolean existUser(String email) {
        exchange(Call.EXIST_USER);
        return UserServiceContract.exists(email);
    }

    @Override
    public boolean createUser(User user) {
        exchange(Call.CREATE_USER);
        return true; // no user travels, so there is no request for a server to check
    }

    @Override
    public User getUser(long id) {
        exchange(Call.GET_USER);
        return UserServiceContract.user(id);
    }

    @Override
    public Page<User> listUser(int pageNo) {
        exchange(Call.LIST_USER);
        return page(pageNo);
    }

    /** The page a listUser answer decodes to, its users the shared ones. */
    static Page<User> page(int pageNo) {
        Page<User> page = new Page<>();
        page.setPageNo(pageNo);
        page.setTotal(UserServiceContract.PAGE_TOTAL);
        page.setResult(PAGE_USERS);
        return page;
    }
}
