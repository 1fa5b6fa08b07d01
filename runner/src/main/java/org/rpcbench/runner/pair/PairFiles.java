package org.rpcbench.runner.pair;

import java.nio.file.Path;

/**
 * Where a pair run puts each process's files: output, stack log, ready and stop records, a client's result. A matrix
 * run keeps them all in its run directory; a pair run from the command line keeps the servers' in logs/ and shows
 * the client on the console.
 */
public interface PairFiles {

    /** What the pair's files and its outcome are named after: the pair, or the pair at a JVM setting of a matrix. */
    String pair();

    /** The file of one process: {@code role} server or client, {@code index} from 0, ending in {@code suffix}. */
    Path file(String role, int index, String suffix);

    default Path serverOutput(int server) {
        return file("server", server, ".out");
    }

    default Path serverLog(int server) {
        return file("server", server, ".log");
    }

    default Path serverReady(int server) {
        return file("server", server, ".ready.json");
    }

    default Path serverStop(int server) {
        return file("server", server, ".stop.json");
    }

    /** A soaking server's JVM samples. */
    default Path serverSamples(int server) {
        return file("server", server, ".jvm.jsonl");
    }

    /** A soaking client's JVM samples and load per interval. */
    default Path clientSamples(int client) {
        return file("client", client, ".jvm.jsonl");
    }

    /** A profiling server's recording (JFR), its flame graphs converted beside it. */
    default Path serverProfile(int server) {
        return file("server", server, ".jfr");
    }

    /** A profiling client's recordings, one per benchmark fork, in this directory. */
    default Path clientProfiles(int client) {
        return file("client", client, "-profiles");
    }

    /** Null: the client's output goes to the console. */
    Path clientOutput(int client);

    /** Null: the client picks its own (its -f default). */
    Path clientResult(int client);

    default Path clientReady(int client) {
        return file("client", client, ".ready.json");
    }

    default Path clientStop(int client) {
        return file("client", client, ".stop.json");
    }

    /** Where the first of several JMH consumers writes the address of the meeting point it hosts for the others. */
    default Path lockstepAddress() {
        return file("client", 0, ".lockstep.json");
    }

    /** Where the clients' results are merged into one when there are several. */
    Path mergedResult();

    /** A name relative to where the run's record lists files: the run directory, or the path itself. */
    String name(Path file);
}
