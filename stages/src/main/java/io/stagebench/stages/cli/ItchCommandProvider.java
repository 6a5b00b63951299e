package io.stagebench.stages.cli;

import io.stagebench.extension.CommandProvider;

/** Contributes {@code stagebench itch} to the command line. */
public final class ItchCommandProvider implements CommandProvider {

    @Override
    public Object newCommand() {
        return new ItchCommand();
    }
}
