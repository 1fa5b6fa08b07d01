package org.rpcbench.contract;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** What the gate's commands (compare, ab, history) check alike in their options. */
public final class GateOptions {

    private GateOptions() {
    }

    /** A threshold option's value: a percentage of 0 or more, else a usage error naming the option. */
    public static void checkPercentage(CommandSpec spec, String option, double value) {
        if (!Double.isFinite(value) || value < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "option " + option + ": " + value
                    + " is not a percentage of 0 or more");
        }
    }
}
