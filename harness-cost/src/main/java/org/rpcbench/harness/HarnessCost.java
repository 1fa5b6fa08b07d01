package org.rpcbench.harness;

import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.rpcbench.contract.JvmRole;

/**
 * JMH's own command line, with each fork given the suite's fork flags (the one {@code --add-opens} list among
 * them, which kryo needs), as the benchmark client's forks are.
 */
public final class HarnessCost {

    private HarnessCost() {
    }

    public static void main(String[] args) throws Exception {
        new Runner(new OptionsBuilder().parent(new CommandLineOptions(args))
                .jvmArgs(JvmRole.FORK.jvmArgs().toArray(String[]::new)).build()).run();
    }
}
