package org.rpcbench.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
            assertSizes(Call.EXIST_USER, false, "0");
            assertSizes(Call.CREATE_USER, true, UserServiceContract.newUser());
            assertSizes(Call.GET_USER, UserServiceContract.user(1), 1L);
            assertSizes(Call.LIST_USER, UserServiceContract.page(2), 2);
            assertSizes(Call.ASSEMBLE_RANDOM_NUMBERS, CpuBoundContract.assemble(payload, CpuBoundContract.COUNT),
                    payload, CpuBoundContract.COUNT);
            for (Payload echo : Payload.values()) {
                Object request = echo.create();
                client.echoService().echo(request);
                assertSizes(Call.ECHO, request, request);
            }
        }
    }

    private static void assertSizes(Call call, Object answer, Object... args) {
        assertEquals(WireBytesFilter.REQUESTS.get(call.method()), KryoPairSizes.request(call, args),
                call + " request bytes against the kryo pair's");
        assertEquals(WireBytesFilter.ANSWERS.get(call.method()), KryoPairSizes.answer(answer),
                call + " answer bytes against the kryo pair's");
    }
}
