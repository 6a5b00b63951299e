package io.stagebench.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code stagebench demo}: runs, for real, a failure the harness exists to avoid, and shows what a careless harness
 * would have reported beside what stagebench reports.
 */
@Command(
        name = "demo",
        mixinStandardHelpOptions = true,
        description = "Demonstrate a measurement failure stagebench avoids (see its subcommands).",
        subcommands = {CoordinatedOmissionDemo.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:demonstrated", "1:no result", "2:bad usage"})
public final class DemoCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(
                spec.commandLine(),
                "choose a demonstration: "
                        + String.join(", ", spec.subcommands().keySet()));
    }
}
