package org.rpcbench.motan;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ConnectionTapsTest {

    @Test
    void aProbeServedAfterMoreCallsWereReadStillFindsItsConnection() {
        ConnectionTaps.Connection connection = new ConnectionTaps.Connection();
        connection.reading(7);
        // calls in flight from other threads are read on the connection before a worker serves the probe
        for (long id = 100; id < 100 + ConnectionTaps.Connection.RECENT - 1; id++) {
            connection.reading(id);
        }
        assertTrue(connection.read(7));
        assertFalse(connection.read(8));
        connection.reading(100_000);
        assertFalse(connection.read(7), "older than the ids a connection keeps");
    }
}
