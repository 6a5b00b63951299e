package io.stagebench.stages.cli;

import io.stagebench.extension.CommandProvider;

/** Contributes {@code stagebench crosscheck} to the command line. */
public final class CrosscheckCommandProvider implements CommandProvider {

    @Override
    public Object newCommand() {
        return new CrosscheckCommand();
    }
}
