package org.rpcbench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;

import com.sun.management.ThreadMXBean;
import org.junit.jupiter.api.Test;
import org.rpcbench.api.InjectedCost;
import org.rpcbench.api.UserService;
import org.rpcbench.api.UserServiceContract;

class InjectedCostTest {

    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** This thread's CPU and allocated bytes over 100 calls, per call. */
    private static long[] perCall(Runnable call) {
        long cpu = THREADS.getCurrentThreadCpuTime();
        long bytes = THREADS.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 100; i++) {
            call.run();
        }
        return new long[] {(THREADS.getCurrentThreadCpuTime() - cpu) / 100,
                (THREADS.getCurrentThreadAllocatedBytes() - bytes) / 100};
    }

    @Test
    void theInjectedCallBurnsItsCpuAndTheOthersDoNot() {
        UserService users = InjectedCost.parse("getUser:500us").users(new UserServiceServerImpl());
        long[] slowed = perCall(() -> UserServiceContract.checkGetUser(7, users.getUser(7)));
        long[] other = perCall(() -> UserServiceContract.checkListUser(1, users.listUser(1)));
        assertTrue(slowed[0] >= 450_000, "getUser burnt " + slowed[0] + " ns of CPU per call");
        assertTrue(other[0] < 250_000, "listUser spent " + other[0] + " ns of CPU per call");
    }

    @Test
    void theInjectedCallAllocatesItsBytes() {
        UserService users = InjectedCost.parse("existUser:64kB").users(new UserServiceServerImpl());
        UserService plain = new UserServiceServerImpl();
        long extra = perCall(() -> users.existUser("a@b.c"))[1] - perCall(() -> plain.existUser("a@b.c"))[1];
        assertTrue(extra >= 64 * 1024 && extra < 66 * 1024, "existUser allocated " + extra + " more bytes per call");
    }

    @Test
    void aBadCostSaysWhatItTakes() {
        for (String bad : List.of("getUser", "getUser:", "getUser:0us", "echo:20us", "getUser:20s", "getUser:-1us",
                "getUser:9999999999kB")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> InjectedCost.parse(bad));
            assertTrue(e.getMessage().startsWith("option inject-cost: '" + bad + "' is not <call>:<amount>"),
                    e.getMessage());
        }
        assertEquals("injected cost: every getUser also burns 20 us of CPU (--inject-cost, for testing the gate)",
                InjectedCost.parse("getUser:20us").describe());
        assertEquals("injected cost: every getUser also burns 3500 ns of CPU (--inject-cost, for testing the gate)",
                InjectedCost.parse("getUser:3500ns").describe());
        assertEquals("injected cost: every listUser also allocates 4096 more bytes (--inject-cost, for testing the"
                + " gate)", InjectedCost.parse("listUser:4kB").describe());
    }
}
