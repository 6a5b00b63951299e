package io.stagebench.cli;

import io.stagebench.config.UsageException;
import io.stagebench.json.Json;
import io.stagebench.output.ReadinessText;
import io.stagebench.system.CpuSelection;
import io.stagebench.system.ReadinessCheck;
import io.stagebench.system.SystemFiles;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code stagebench check}: is this machine ready to measure? Governor, turbo, SMT siblings, CPU isolation, irqbalance,
 * huge pages, clocksource, TSC, hypervisor, swap and load, each OK or WARN with the command that would fix it (see
 * {@link ReadinessCheck}).
 */
@Command(
        name = "check",
        mixinStandardHelpOptions = true,
        description = {
            "Say whether this machine is ready to measure, with the fix for each problem.",
            "Checks governor, turbo/boost, SMT",
            "siblings of the measuring CPU, isolcpus / nohz_full / rcu_nocbs, irqbalance,",
            "transparent huge pages, clocksource, invariant TSC, hypervisor, swap and",
            "load; each OK or WARN with the command that would fix it. Changes nothing."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:checked (warnings or not, unless --strict)",
            "1:something warned and --strict was given",
            "2:bad usage, or nothing to check (/proc/cpuinfo unreadable): never a pass"
        })
public final class CheckCommand implements Callable<Integer> {

    private static final String CPUINFO = "/proc/cpuinfo";

    /** Schema of {@code --json}. */
    public static final String SCHEMA = "stagebench.check/1";

    @Option(
            names = "--cpu",
            paramLabel = "N",
            description = "The measuring CPU (default: an isolated CPU, else the highest one).")
    Integer cpu;

    @Option(names = "--strict", description = "Exit 1 when anything warns.")
    boolean strict;

    @Option(names = "--json", description = "Print JSON (schema " + SCHEMA + ").")
    boolean json;

    @Option(names = "--root", hidden = true, paramLabel = "DIR", description = "Read /proc and /sys under DIR (tests).")
    Path root;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        SystemFiles files = root != null ? new SystemFiles(root) : SystemFiles.host();
        if (files.read(CPUINFO).isEmpty()) {
            // most items would read "OK" for lack of data: a check of nothing is not a pass
            throw new UsageException("cannot check " + (root != null ? "the machine under " + root : "this machine")
                    + ": " + CPUINFO + " cannot be read, so the CPU, its counter and any hypervisor are unknown");
        }
        int measuringCpu;
        try {
            measuringCpu = CpuSelection.choose(cpu == null ? OptionalInt.empty() : OptionalInt.of(cpu), files);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--cpu: " + e.getMessage());
        }
        ReadinessCheck check = new ReadinessCheck(files, measuringCpu);
        List<ReadinessCheck.Item> items = check.items();
        PrintWriter out = spec.commandLine().getOut();
        out.print(
                json
                        ? Json.write(check.document(SCHEMA, items)) + System.lineSeparator()
                        : ReadinessText.render(check.cpu(), items) + "kernel timestamps: "
                                + check.ptp().detail() + System.lineSeparator());
        out.flush();
        boolean warned = items.stream().anyMatch(i -> i.status() == ReadinessCheck.Status.WARN);
        return strict && warned ? 1 : 0;
    }
}
