package org.rpcbench.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.rpcbench.api.CpuBoundContract;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.WrongAnswerException;

/**
 * The echo and the CPU-bound call over the ceiling. An echo sends a body of the kryo pair's request size for its
 * payload, built once per payload, and the answer must be those bytes; the CPU-bound call sends its string and
 * reads back the length the server assembled.
 */
final class CeilingEchoService implements EchoService {

    private final CeilingConnection connection;
    private final Bodies bodies;
    /** The last payload's body: a benchmark trial echoes one payload, built once outside the measured calls. */
    private volatile EchoBody last = new EchoBody(null, null);

    private record EchoBody(Object payload, byte[] body) {
    }

    CeilingEchoService(CeilingConnection connection, Bodies bodies) {
        this.connection = connection;
        this.bodies = bodies;
    }

    @Override
    public Object echo(Object payload) {
        byte[] body = body(payload);
        ByteBuf answer = connection.call(Call.ECHO, Unpooled.wrappedBuffer(body));
        try {
            CeilingConnection.check(Call.ECHO, answer, body, 0);
        } finally {
            answer.release();
        }
        return payload;
    }

    /** The echo's body for a payload: the last one's again when it is the same payload. */
    byte[] body(Object payload) {
        EchoBody echo = last;
        if (echo.payload() != payload) {
            echo = new EchoBody(payload, Bodies.echoRequest(payload));
            last = echo;
        }
        return echo.body();
    }

    @Override
    public int assembleRandomNumbers(String payload, int count) {
        if (!payload.equals(Bodies.CPU_PAYLOAD) || count != CpuBoundContract.COUNT) {
            throw new IllegalArgumentException("the ceiling carries the CPU-bound call of the benchmark only: a 1K"
                    + " string and " + CpuBoundContract.COUNT + " numbers");
        }
        ByteBuf answer = connection.call(Call.ASSEMBLE_RANDOM_NUMBERS, Unpooled.wrappedBuffer(bodies.cpuRequest()));
        try {
            CeilingConnection.check(Call.ASSEMBLE_RANDOM_NUMBERS, answer, bodies.answer(Call.ASSEMBLE_RANDOM_NUMBERS),
                    Integer.BYTES);
            return answer.getInt(answer.readerIndex());
        } catch (IndexOutOfBoundsException e) {
            throw new WrongAnswerException("assembleRandomNumbers answered no length");
        } finally {
            answer.release();
        }
    }
}
