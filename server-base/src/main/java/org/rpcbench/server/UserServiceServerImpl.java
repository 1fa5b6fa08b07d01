package org.rpcbench.server;

import org.rpcbench.api.Page;
import org.rpcbench.api.User;
import org.rpcbench.api.UserService;
import org.rpcbench.api.UserServiceContract;

/** The four calls, answered as {@link UserServiceContract} says. */
public class UserServiceServerImpl implements UserService {

    @Override
    public boolean existUser(String email) {
        return UserServiceContract.exists(email);
    }

    @Override
    public boolean createUser(User user) {
        return UserServiceContract.created(user);
    }

    @Override
    public User getUser(long id) {
        return UserServiceContract.user(id);
    }

    @Override
    public Page<User> listUser(int pageNo) {
        return UserServiceContract.page(pageNo);
    }
}
