package io.stagebench.session;

import io.stagebench.clock.ClockBinding;
import picocli.CommandLine;

/** Converts a clock binding name given on the command line, listing the valid ones when it is unknown. */
public final class ClockBindingConverter implements CommandLine.ITypeConverter<ClockBinding> {

    @Override
    public ClockBinding convert(String value) {
        try {
            return ClockBinding.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
