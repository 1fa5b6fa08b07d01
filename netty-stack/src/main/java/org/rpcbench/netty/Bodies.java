package org.rpcbench.netty;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

import org.rpcbench.api.CpuBoundContract;
import org.rpcbench.api.Payload;
import org.rpcbench.api.UserCalls;
import org.rpcbench.api.UserServiceContract;
import org.rpcbench.contract.FrameBytes;

/**
 * The bytes the ceiling sends: for each call a request and an answer body of the kryo pair's sizes, their content a
 * fixed pattern that both sides build alike, so the client can check every answer byte for byte. Client and server
 * compute them at start-up; the server states the sizes in its ready record.
 */
final class Bodies {

    /** The CPU-bound call's request: the string's length, its characters, then padding; its answer: an int. */
    static final String CPU_PAYLOAD = (String) Payload.STRING_1K.create();

    private final Map<Call, byte[]> requests = new EnumMap<>(Call.class);
    private final Map<Call, byte[]> answers = new EnumMap<>(Call.class);

    Bodies() {
        // the arguments of each thread's first requests, as the kryo pair measured sends them
        size(Call.EXIST_USER, false, "0");
        size(Call.CREATE_USER, true, UserServiceContract.newUser());
        size(Call.GET_USER, UserServiceContract.user(1), 1L);
        size(Call.LIST_USER, UserServiceContract.page(2), 2);
        size(Call.ASSEMBLE_RANDOM_NUMBERS, CpuBoundContract.assemble(CPU_PAYLOAD, CpuBoundContract.COUNT),
                CPU_PAYLOAD, CpuBoundContract.COUNT);
    }

    private void size(Call call, Object answer, Object... args) {
        requests.put(call, filled(KryoPairSizes.request(call, args) - Frame.HEADER_BYTES, call));
        answers.put(call, filled(KryoPairSizes.answer(answer) - Frame.HEADER_BYTES, call));
    }

    /** A call's request body (the CPU-bound call's carries its payload, see {@link #cpuRequest}). */
    byte[] request(Call call) {
        return requests.get(call);
    }

    byte[] answer(Call call) {
        return answers.get(call);
    }

    /** The echo of this payload: a body of the kryo pair's request size for it. */
    static byte[] echoRequest(Object payload) {
        return filled(KryoPairSizes.request(Call.ECHO, payload) - Frame.HEADER_BYTES, Call.ECHO);
    }

    /** The CPU-bound call's body: the payload's length and characters (one byte each), then the pattern. */
    byte[] cpuRequest() {
        byte[] body = request(Call.ASSEMBLE_RANDOM_NUMBERS).clone();
        ByteBuffer.wrap(body).putInt(CPU_PAYLOAD.length()).put(CPU_PAYLOAD.getBytes(StandardCharsets.ISO_8859_1));
        return body;
    }

    /** The four UserService calls' request and answer frames, header included, by method: the wire proof's. */
    Map<String, FrameBytes> userCallFrames() {
        Map<String, FrameBytes> frames = new LinkedHashMap<>();
        for (UserCalls userCall : UserCalls.values()) {
            Call call = Call.valueOf(userCall.name());
            frames.put(call.method(), frames(call));
        }
        return frames;
    }

    /** Request and answer frame sizes (header included), for the ready record: "existUser=235/36, ...". */
    Map<String, String> describe() {
        Map<String, String> sizes = new LinkedHashMap<>();
        requests.keySet().forEach(call -> sizes.put(call.method(), frames(call).toString()));
        return sizes;
    }

    private FrameBytes frames(Call call) {
        return new FrameBytes(requests.get(call).length + Frame.HEADER_BYTES,
                answers.get(call).length + Frame.HEADER_BYTES);
    }

    private static byte[] filled(int length, Call call) {
        byte[] body = new byte[length];
        for (int i = 0; i < length; i++) {
            body[i] = (byte) (i * 31 + call.id());
        }
        return body;
    }
}
