package org.rpcbench.server;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rpcbench.api.UserService;
import org.rpcbench.api.UserServiceContract;

@Timeout(30)
class StallTest {

    @Test
    void onceItsTimeHasComeEveryCallWaitsForThePauseToPassAndThenNoMore() throws InterruptedException {
        UserService users = Stall.parse("500ms@1s").users(new UserServiceServerImpl());
        assertTrue(millis(() -> users.getUser(1)) < 400, "before its time, no pause");
        Thread.sleep(1100);
        long[] held = new long[2];
        Thread other = new Thread(() -> held[1] = millis(() -> users.existUser("1")));
        other.start();
        held[0] = millis(() -> UserServiceContract.checkGetUser(2, users.getUser(2)));
        other.join();
        // the first call past 1 s begins the pause; the other, arriving within it, waits for its end too
        assertTrue(held[0] >= 400, "held " + held[0] + " ms");
        assertTrue(held[1] >= 250, "held " + held[1] + " ms");
        assertTrue(millis(() -> users.listUser(1)) < 400, "the pause comes once");
    }

    @Test
    void aBadStallSaysWhatItTakes() {
        for (String bad : List.of("500ms", "0ms@1s", "500ms@", "1m@1s", "half@1s")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Stall.parse(bad));
            assertTrue(e.getMessage().contains("is not <length>@<after>, e.g. 500ms@20s"), e.getMessage());
        }
        assertTrue(Stall.parse("500ms@20s").describe().startsWith("stall: once, 20000 ms after the first call"));
    }

    private static long millis(Runnable call) {
        long start = System.nanoTime();
        call.run();
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }
}
