package io.stagebench.stages.cli;

import io.stagebench.extension.CommandProvider;
import picocli.CommandLine;

/**
 * Contributes {@code stagebench jmh} to the command line, with every argument after it - options included - left to
 * JMH.
 */
public final class JmhCommandProvider implements CommandProvider {

    @Override
    public Object newCommand() {
        return new CommandLine(new JmhCommand()).setUnmatchedOptionsArePositionalParams(true);
    }
}
