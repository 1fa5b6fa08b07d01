package org.rpcbench.api;

import java.util.SplittableRandom;

/**
 * The Dubbo 2.0 report's CPU-bound call: a 1K string goes to the server, which appends 10,000 generated random
 * numbers to it, so that the question "do the provider's worker threads reach every core" has a load. The numbers are
 * drawn afresh on every call from one fixed seed, so the server does the report's work and the answer (the assembled
 * length) is one the client can check exactly.
 */
public final class CpuBoundContract {

    public static final int COUNT = 10_000;
    private static final long SEED = 0x5EED_2012L;
    /** Digits and sign of the longest int. */
    private static final int MAX_DIGITS = 11;
    /** What {@link #COUNT} numbers add, worked out once so the client's check costs no numbers of its own. */
    private static final int COUNT_CHARACTERS = assemble("", COUNT);

    private CpuBoundContract() {
    }

    /** What the server does; answers the assembled length. */
    public static int assemble(String payload, int count) {
        StringBuilder assembled = new StringBuilder(payload.length() + count * MAX_DIGITS).append(payload);
        SplittableRandom random = new SplittableRandom(SEED);
        for (int i = 0; i < count; i++) {
            assembled.append(random.nextInt());
        }
        return assembled.length();
    }

    public static int checkAssembled(String payload, int count, int answer) {
        int expected = payload.length() + (count == COUNT ? COUNT_CHARACTERS : assemble("", count));
        if (answer != expected) {
            throw new WrongAnswerException("assembleRandomNumbers(" + payload.length() + " chars, " + count
                    + ") answered " + answer + ", expected " + expected);
        }
        return answer;
    }
}
