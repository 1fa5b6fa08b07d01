package org.rpcbench.netty;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

import org.junit.jupiter.api.Test;
import org.rpcbench.api.CpuBoundContract;
import org.rpcbench.api.Payload;
import org.rpcbench.api.UserCalls;
import org.rpcbench.api.UserServiceContract;
import org.rpcbench.dubbo.DubboStack;
import org.rpcbench.server.BenchmarkServer;
import org.rpcbench.stack.RunningServer;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.Target;

/** The ceiling's frames are as long as what the real kryo pair puts on the wire, call by call, as Dubbo counts it. */
class KryoPairSizesTest {

    /** A User's timestamps are "now": their encoding varies by a byte or so per user. */
    private static final int TIMESTAMP_SLACK_PER_USER = 2;

    @Test
    void theCeilingsFramesHaveTheKryoPairsSizes() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        DubboStack dubbo = new DubboStack();
        try (RunningServer server = dubbo.start(new ServerSettings("127.0.0.1", port, null),
                BenchmarkServer.services()); StackConnection client = dubbo.open(new Target("127.0.0.1", port))) {
            UserCalls.Requests requests = new UserCalls.Requests();
            for (UserCalls call : UserCalls.values()) {
                call.callAndCheck(client.userService(), requests);
            }
            String payload = (String) Payload.STRING_1K.create();
            client.echoService().assembleRandomNumbers(payload, CpuBoundContract.COUNT);
            assertSizes(Call.EXIST_USER, false, 0, "0");
            assertSizes(Call.CREATE_USER, true, 1, UserServiceContract.user(1));
            assertSizes(Call.GET_USER, UserServiceContract.user(1), 1, 1L);
            assertSizes(Call.LIST_USER, UserServiceContract.page(2), UserServiceContract.PAGE_SIZE, 2);
            assertSizes(Call.ASSEMBLE_RANDOM_NUMBERS, CpuBoundContract.assemble(payload, CpuBoundContract.COUNT), 0,
                    payload, CpuBoundContract.COUNT);
            for (Payload echo : Payload.values()) {
                Object request = echo.create();
                client.echoService().echo(request);
                assertSizes(Call.ECHO, request, 0, request);
            }
        }
    }

    private static void assertSizes(Call call, Object answer, int users, Object... args) {
        int slack = users * TIMESTAMP_SLACK_PER_USER;
        int request = KryoPairSizes.request(call, args);
        int measured = WireBytesFilter.REQUESTS.get(call.method());
        assertTrue(Math.abs(request - measured) <= slack, call + " request: " + request + " bytes, the kryo pair's "
                + measured);
        int computedAnswer = KryoPairSizes.answer(answer);
        int measuredAnswer = WireBytesFilter.ANSWERS.get(call.method());
        assertTrue(Math.abs(computedAnswer - measuredAnswer) <= slack, call + " answer: " + computedAnswer
                + " bytes, the kryo pair's " + measuredAnswer);
    }
}
