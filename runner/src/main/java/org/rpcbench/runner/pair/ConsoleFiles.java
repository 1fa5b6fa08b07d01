package org.rpcbench.runner.pair;

import java.nio.file.Path;

/**
 * The files of a pair run from the command line ({@code benchmark.sh <pair>}): the server's output, log and records
 * in logs/, stamped with the run's start; the client's output on the console and its result where the user said
 * (or the client's own default).
 *
 * @param result   the client's result file as given with -f, or null
 * @param profiles where a profiling run's recordings and flame graphs go (results/)
 */
public record ConsoleFiles(Path logs, String pair, String stamp, Path result, Path profiles) implements PairFiles {

    @Override
    public Path serverProfile(int server) {
        return profiles.resolve(pair + "-server-" + stamp + ".jfr");
    }

    @Override
    public Path clientProfiles(int client) {
        return profiles.resolve(pair + "-client-" + stamp + "-profiles");
    }

    @Override
    public Path clientOutput(int client) {
        return null;
    }

    @Override
    public Path clientResult(int client) {
        return result;
    }

    @Override
    public Path mergedResult() {
        return null;
    }

    @Override
    public String name(Path file) {
        return file.toString();
    }

    @Override
    public Path file(String role, int index, String suffix) {
        return logs.resolve(pair + "-" + role + (index == 0 ? "" : String.valueOf(index + 1)) + "-" + stamp + suffix);
    }
}
