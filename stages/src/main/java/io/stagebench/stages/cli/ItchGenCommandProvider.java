package io.stagebench.stages.cli;

import io.stagebench.extension.CommandProvider;

/** Contributes {@code stagebench itch-gen} to the command line. */
public final class ItchGenCommandProvider implements CommandProvider {

    @Override
    public Object newCommand() {
        return new ItchGenCommand();
    }
}
