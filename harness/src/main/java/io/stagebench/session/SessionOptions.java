package io.stagebench.session;

import io.stagebench.clock.Calibration;
import io.stagebench.clock.ClockBinding;
import io.stagebench.config.MeasureDefaults;
import io.stagebench.config.RunConfig;
import io.stagebench.host.ForkLaunchers;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The options of the {@link MeasurementSession} every measuring command opens ({@code run}, {@code ab}, {@code demo
 * co}, {@code crosscheck}): where the forks measure (CPU), with which clock and calibration, whether they lock their
 * memory, how long they may take, and where the run is stored. Their defaults do not depend on the command, so they are
 * declared once, here; how much is measured (forks, messages, warm-up, rate) does, and stays with each command.
 */
public final class SessionOptions {

    @Option(
            names = "--cpu",
            paramLabel = "N",
            description = "CPU to measure on (default: an isolated CPU, else the highest one).")
    Integer cpu;

    @Option(
            names = "--clock",
            paramLabel = "BINDING",
            converter = ClockBindingConverter.class,
            description = "Clock binding: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    ClockBinding clock = ClockBinding.FFM;

    @Option(
            names = "--calibration-ms",
            paramLabel = "MS",
            description = "Calibration round per fork, 200 to 10000 ms (default: ${DEFAULT-VALUE}).")
    long calibrationMs = Calibration.DEFAULT_INTERVAL_MS;

    @Option(
            names = "--fork-timeout-s",
            paramLabel = "S",
            description = "Kill a fork after this long (default: ${DEFAULT-VALUE}).")
    long forkTimeoutS = MeasureDefaults.FORK_TIMEOUT_S;

    @Option(names = "--results", paramLabel = "DIR", description = "Results folder (default: the project's results/).")
    Path results;

    @Option(names = "--no-mlock", description = "Do not lock the forks' memory (mlockall).")
    boolean noMlock;

    @Option(
            names = "--aslr",
            description = "Leave address-space layout randomisation on in the forks (default: off, so"
                    + " forks of the same code land in the same layout and --layout-seed varies it on purpose).")
    boolean aslr;

    @Option(
            names = "--layout-seed",
            paramLabel = "N",
            description = "First layout seed; from 4 forks on each seed is measured by two forks,"
                    + " and fork i of either side of ab gets the same one (default: ${DEFAULT-VALUE}).")
    long layoutSeed;

    @Option(
            names = "--no-wait",
            description =
                    "When another stagebench measures on the CPU, stop (exit 2) instead of" + " waiting for it to end.")
    boolean noWait;

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec mixee;

    /**
     * Checks the calibration length and the fork timeout now, and returns what these options change in a run's
     * configuration: clock, calibration (one round), memory locking, timeout.
     */
    public UnaryOperator<RunConfig.Builder> settings() {
        try {
            Calibration.checkInterval(calibrationMs);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(mixee.commandLine(), "--calibration-ms: " + e.getMessage());
        }
        if (forkTimeoutS < 1) {
            throw new CommandLine.ParameterException(mixee.commandLine(), "--fork-timeout-s must be at least 1");
        }
        if (layoutSeed < 0) {
            throw new CommandLine.ParameterException(
                    mixee.commandLine(), "--layout-seed must not be negative, got " + layoutSeed);
        }
        return builder -> builder.binding(clock)
                .calibration(calibrationMs, MeasureDefaults.CALIBRATION_ROUNDS)
                .lockMemory(!noMlock)
                .forkTimeoutS(forkTimeoutS)
                .layout(!aslr, layoutSeed);
    }

    /**
     * @return the session on {@code --cpu} storing under {@code --results}, its forks started by {@link #launchers()};
     *     see {@link MeasurementSession#open}
     */
    public MeasurementSession open() {
        MeasurementSession session =
                MeasurementSession.open(cpu, results, mixee.commandLine().getErr(), launchers());
        session.lockCpu(commandText(mixee), !noWait);
        return session;
    }

    /**
     * @return the command line of {@code spec} as typed, for a launcher that waits for it: "stagebench run encode -f 3"
     */
    public static String commandText(CommandLine.Model.CommandSpec spec) {
        CommandLine root = spec.root().commandLine();
        List<String> args = root.getParseResult() == null
                ? List.of()
                : root.getParseResult().originalArgs();
        String text = "stagebench " + String.join(" ", args);
        return text.length() <= 160 ? text : text.substring(0, 157) + "...";
    }

    /**
     * @return how this command line's forks start: as its root command says ({@link ForkLaunchers.Chosen}, the seam a
     *     test runs forks in its own JVM through), else in fresh JVMs
     */
    public ForkLaunchers launchers() {
        return mixee.root().userObject() instanceof ForkLaunchers.Chosen chosen
                ? chosen.forkLaunchers()
                : ForkLaunchers.jvm();
    }

    /** @return the calibration round length asked for, in ms */
    public long calibrationMs() {
        return calibrationMs;
    }
}
