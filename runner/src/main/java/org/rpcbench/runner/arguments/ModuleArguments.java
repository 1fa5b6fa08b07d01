package org.rpcbench.runner.arguments;

import java.util.Stack;

import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * Takes the next word as {@code -a}'s value even when it looks like an option: {@code -a --help} is the module's
 * help and {@code -a -h} the module's, never the launcher's.
 */
public final class ModuleArguments implements IParameterConsumer {

    @Override
    public void consumeParameters(Stack<String> args, ArgSpec argSpec, CommandSpec commandSpec) {
        if (args.isEmpty()) {
            throw new ParameterException(commandSpec.commandLine(),
                    "option '-a' needs the module's arguments, e.g. -a \"--threads 8\"");
        }
        argSpec.setValue(args.pop());
    }
}
