package org.rpcbench.client.options.values;

import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;

/** Plain seconds, as the community suite takes them, or a JMH time value ("500ms", "2s"): for every load's times. */
public final class TimeConverter implements ITypeConverter<JmhTime> {

    @Override
    public JmhTime convert(String value) {
        try {
            return JmhTime.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
