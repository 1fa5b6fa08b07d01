package org.rpcbench.runner.process;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import picocli.CommandLine.Option;

/**
 * The CPUs the servers and the clients may run on, each side its own list, as {@code taskset -c} takes them; a
 * client's JMH forks inherit its list. Unset, every JVM runs wherever the OS puts it. One mixin, so that a pair,
 * run-all and ab take the same two options.
 */
public final class CpuPinning {

    public static final String SERVER_CPUS = "--server-cpus";
    public static final String CLIENT_CPUS = "--client-cpus";
    private static final Duration TASKSET_TIMEOUT = Duration.ofSeconds(10);

    @Option(names = SERVER_CPUS, paramLabel = "cpus", description = "run every server on these CPUs, as taskset -c"
            + " takes them (1, 0-3, 0,2); default: anywhere")
    String serverCpus;

    @Option(names = CLIENT_CPUS, paramLabel = "cpus", description = "the same for every client and its JMH forks")
    String clientCpus;

    /** The servers' CPU list, or null: anywhere. */
    public String serverCpus() {
        return serverCpus;
    }

    /** The clients' CPU list, or null: anywhere. */
    public String clientCpus() {
        return clientCpus;
    }

    /** Whether either side is pinned. */
    public boolean pinned() {
        return serverCpus != null || clientCpus != null;
    }

    /** The options as given, to pass on to another launcher. */
    public List<String> args() {
        List<String> args = new ArrayList<>();
        if (serverCpus != null) {
            args.addAll(List.of(SERVER_CPUS, serverCpus));
        }
        if (clientCpus != null) {
            args.addAll(List.of(CLIENT_CPUS, clientCpus));
        }
        return args;
    }

    /**
     * Checks each list by pinning a no-op to it, so a list taskset or this machine would refuse is refused before
     * anything starts, with taskset's own words.
     *
     * @throws IllegalArgumentException naming the option and why
     */
    public void check() throws InterruptedException {
        check(SERVER_CPUS, serverCpus);
        check(CLIENT_CPUS, clientCpus);
    }

    public static void check(String option, String cpus) throws InterruptedException {
        if (cpus == null) {
            return;
        }
        if (!cpus.matches("\\d+(-\\d+)?(,\\d+(-\\d+)?)*")) {
            throw new IllegalArgumentException("option " + option + ": '" + cpus + "' is not a CPU list such as 1,"
                    + " 0-3 or 0,2");
        }
        List<String> noOp = new ArrayList<>(tasksetPrefix(cpus));
        noOp.add("true");
        Optional<ShortCommand.Outcome> outcome;
        try {
            outcome = ShortCommand.run(noOp, true, TASKSET_TIMEOUT);
        } catch (IOException e) {
            throw new IllegalArgumentException("option " + option + " runs the JVMs under taskset, which is not"
                    + " installed (" + e.getMessage() + "): install util-linux");
        }
        if (outcome.isEmpty()) {
            throw new IllegalArgumentException("option " + option + ": taskset did not answer in "
                    + TASKSET_TIMEOUT.toSeconds() + " s");
        }
        if (!outcome.get().succeeded()) {
            throw new IllegalArgumentException("option " + option + ": taskset refuses CPUs " + cpus + " here ("
                    + outcome.get().output().replace('\n', ' ') + ")");
        }
    }

    /** The command-line prefix that starts a program on these CPUs. */
    static List<String> tasksetPrefix(String cpus) {
        return List.of("taskset", "-c", cpus);
    }
}
