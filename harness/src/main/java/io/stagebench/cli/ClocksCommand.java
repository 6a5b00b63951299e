package io.stagebench.cli;

import io.stagebench.clock.Calibration;
import io.stagebench.clock.ClockBinding;
import io.stagebench.clock.ProbeOverhead;
import io.stagebench.host.ClockProbes;
import io.stagebench.host.CpuLock;
import io.stagebench.json.Json;
import io.stagebench.output.ClocksText;
import io.stagebench.probe.ClocksReport;
import io.stagebench.session.ClockBindingConverter;
import io.stagebench.session.SessionOptions;
import io.stagebench.system.CpuInfo;
import io.stagebench.system.CpuList;
import io.stagebench.system.CpuSelection;
import io.stagebench.system.KernelTsc;
import io.stagebench.system.ReadinessCheck;
import io.stagebench.system.SystemFiles;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code stagebench clocks}: calibrates the counter and measures every clock binding, each in a fresh JVM pinned to the
 * measuring CPU, against the C floor measured in the same JVM.
 */
@Command(
        name = "clocks",
        mixinStandardHelpOptions = true,
        description = {
            "Measure each clock binding's probe overhead, step and read cost against the C floor.",
            "Calibrates the counter first; each binding runs in a fresh JVM pinned to the measuring CPU."
        })
public final class ClocksCommand implements Callable<Integer> {

    @Option(
            names = {"-b", "--binding"},
            split = ",",
            paramLabel = "NAME",
            converter = ClockBindingConverter.class,
            description = "Bindings to measure (default: all): ${COMPLETION-CANDIDATES}")
    List<ClockBinding> bindings = List.of(ClockBinding.values());

    @Option(
            names = "--calibration-ms",
            paramLabel = "MS",
            description = "Length of one calibration round, " + Calibration.MIN_INTERVAL_MS + " to "
                    + Calibration.MAX_INTERVAL_MS + " ms (default: ${DEFAULT-VALUE}).")
    long calibrationMs = Calibration.DEFAULT_INTERVAL_MS;

    @Option(
            names = "--rounds",
            paramLabel = "N",
            description = "Calibration rounds, 1 to 100 (default: ${DEFAULT-VALUE}).")
    int rounds = Calibration.DEFAULT_ROUNDS;

    @Option(
            names = "--pairs",
            paramLabel = "N",
            description =
                    "Back-to-back probe pairs, at least " + ProbeOverhead.MIN_PAIRS + " (default: ${DEFAULT-VALUE}).")
    int pairs = ProbeOverhead.DEFAULT_PAIRS;

    @Option(
            names = "--cpu",
            paramLabel = "N",
            description = "CPU to measure on (default: an isolated CPU, else the highest one).")
    Integer cpu;

    @Option(
            names = "--timeout-s",
            paramLabel = "S",
            description = "Kill a binding's JVM after this long (default: ${DEFAULT-VALUE}).")
    int timeoutS = 120;

    @Option(names = "--json", description = "Print JSON instead of the table.")
    boolean json;

    @Option(
            names = "--no-wait",
            description =
                    "When another stagebench measures on the CPU, stop (exit 2) instead of" + " waiting for it to end.")
    boolean noWait;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        validate();
        SystemFiles files = SystemFiles.host();
        int measuredCpu = CpuSelection.choose(cpu == null ? OptionalInt.empty() : OptionalInt.of(cpu), files);
        CpuList serviceCpus = CpuSelection.online(files).without(measuredCpu);
        // a probe shares the CPU with no other measurement: held until the command ends (Main.run)
        List<String> lockWarnings = new ArrayList<>();
        CpuLock.acquire(
                measuredCpu,
                SessionOptions.commandText(spec),
                !noWait,
                spec.commandLine().getErr(),
                lockWarnings);
        lockWarnings.forEach(w -> spec.commandLine().getErr().println("*** WARNING: " + w));

        ClockProbes.Measured probes = ClockProbes.measure(
                bindings,
                new ClockProbes.Settings(calibrationMs, rounds, pairs, Duration.ofSeconds(timeoutS)),
                measuredCpu,
                serviceCpus);
        CpuInfo cpuInfo = CpuInfo.read(files);
        List<String> counterWarnings = new ReadinessCheck(files, measuredCpu)
                .counterWarnings().stream().map(ReadinessCheck.Item::asWarning).toList();
        ClocksReport report = new ClocksReport(
                cpuInfo, KernelTsc.read(files, cpuInfo), probes.measurements(), probes.failures(), counterWarnings);
        if (json) {
            spec.commandLine().getOut().println(Json.write(report.toJson()));
        } else {
            spec.commandLine().getOut().print(ClocksText.render(report));
        }
        spec.commandLine().getOut().flush();
        return probes.measurements().isEmpty() ? 1 : 0;
    }

    private void validate() {
        try {
            Calibration.checkInterval(calibrationMs);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--calibration-ms: " + e.getMessage());
        }
        if (rounds < 1 || rounds > 100) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--rounds: " + rounds + " is out of range [1, 100]");
        }
        if (pairs < ProbeOverhead.MIN_PAIRS) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--pairs: " + pairs + " is below the minimum of " + ProbeOverhead.MIN_PAIRS);
        }
        if (timeoutS < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--timeout-s: must be at least 1");
        }
        if (cpu != null) {
            CpuList online = CpuSelection.online(SystemFiles.host());
            if (!online.contains(cpu)) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(), "--cpu: CPU " + cpu + " does not exist (available: " + online + ")");
            }
        }
    }
}
