package io.stagebench.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "clocks", description = "Measure the clock bindings.")
final class ClocksCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        return 0;
    }
}
