package org.rpcbench.runner;

import java.nio.file.Path;

/**
 * Where a pair run puts each process's files: output, stack log, ready and stop records, a client's result. A matrix
 * run keeps them all in its run directory; a pair run from the command line keeps the servers' in logs/ and shows
 * the client on the console.
 */
interface PairFiles {

    Path serverOutput(int server);

    Path serverLog(int server);

    Path serverReady(int server);

    Path serverStop(int server);

    /** Null: the client's output goes to the console. */
    Path clientOutput(int client);

    /** Null: the client picks its own (its -f default). */
    Path clientResult(int client);

    Path clientReady(int client);

    Path clientStop(int client);

    /** Where the clients' results are merged into one when there are several. */
    Path mergedResult();

    /** A name relative to where the run's record lists files: the run directory, or the path itself. */
    String name(Path file);
}
