package org.rpcbench.client.options;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

/** The client's command line as the tests give it: arguments in a row, and a refusal's message. */
public final class ClientArgs {

    private ClientArgs() {
    }

    public static ClientOptions parse(String... args) {
        return ClientOptions.parse(List.of(args));
    }

    /** The options are refused, the message starting with the one expected (the client prints it as its error). */
    public static void assertUsageError(String expected, String... args) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> parse(args));
        assertTrue(error.getMessage().startsWith(expected), error.getMessage());
    }
}
