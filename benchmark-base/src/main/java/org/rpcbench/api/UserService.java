package org.rpcbench.api;

/** The service every pair benchmarks: the four calls of the community Dubbo benchmark, unchanged. */
public interface UserService {

    boolean existUser(String email);

    boolean createUser(User user);

    User getUser(long id);

    Page<User> listUser(int pageNo);
}
