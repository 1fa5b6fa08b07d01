package org.rpcbench.api;

import java.util.concurrent.ThreadLocalRandom;

/**
 * The Dubbo 2.0 report's CPU-bound call: a 1K string goes to the server, which appends 10,000 freshly generated
 * random numbers to it, so that the question "do the provider's worker threads reach every core" has a load.
 */
public final class CpuBoundContract {

    public static final int COUNT = 10_000;
    /** Digits and sign of the longest int. */
    private static final int MAX_DIGITS = 11;

    private CpuBoundContract() {
    }

    /** What the server does; answers the assembled length, which depends on the numbers drawn. */
    public static int assemble(String payload, int count) {
        StringBuilder assembled = new StringBuilder(payload.length() + count * MAX_DIGITS).append(payload);
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int i = 0; i < count; i++) {
            assembled.append(random.nextInt());
        }
        return assembled.length();
    }

    /** Every number adds one to eleven characters. */
    public static int checkAssembled(String payload, int count, int answer) {
        if (answer < payload.length() + count || answer > payload.length() + (long) count * MAX_DIGITS) {
            throw new WrongAnswerException("assembleRandomNumbers(" + payload.length() + " chars, " + count
                    + ") answered " + answer);
        }
        return answer;
    }
}
