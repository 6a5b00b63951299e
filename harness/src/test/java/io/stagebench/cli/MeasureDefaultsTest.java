package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.config.MeasureDefaults;
import io.stagebench.config.RunConfig;
import io.stagebench.link.Warmup;
import io.stagebench.session.SessionOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** The measuring commands' defaults come from one place, {@link MeasureDefaults}, and so do their help texts. */
class MeasureDefaultsTest {

    @TempDir
    Path dir;

    @Command(name = "probe")
    static final class Probe {
        @Mixin
        MeasurementOptions measurement;

        @Mixin
        SessionOptions session;
    }

    private RunConfig configured(int forks, int replicas, boolean quick, String... args) {
        Probe probe = new Probe();
        new CommandLine(probe).parseArgs(args);
        return probe.measurement
                .settings(probe.session, forks, replicas, quick)
                .apply(RunConfig.builder(List.of("spin"), 1, dir))
                .build();
    }

    @Test
    void shouldMeasureWhatTheDefaultsSayUnlessTheOptionsOrQuickSayOtherwise() {
        RunConfig run = configured(MeasureDefaults.RUN_FORKS, MeasureDefaults.RUN_REPLICAS, false);
        assertEquals(List.of(5, 2, 200_000), List.of(run.forks(), run.replicas(), run.messages()));
        assertEquals(Warmup.ofMessages(200_000), run.warmup());

        RunConfig quick = configured(MeasureDefaults.QUICK_FORKS, MeasureDefaults.COMPARE_REPLICAS, true);
        assertEquals(List.of(1, 1, 20_000), List.of(quick.forks(), quick.replicas(), quick.messages()));
        assertEquals(Warmup.ofMessages(100_000), quick.warmup());

        RunConfig given = configured(
                MeasureDefaults.RUN_FORKS,
                MeasureDefaults.COMPARE_REPLICAS,
                true,
                "-f",
                "3",
                "-r",
                "6",
                "-n",
                "5000",
                "-w",
                "2s");
        assertEquals(List.of(3, 6, 5_000), List.of(given.forks(), given.replicas(), given.messages()));
        assertEquals(Warmup.ofTime(Duration.ofSeconds(2)), given.warmup());

        RunConfig builder = RunConfig.builder(List.of("spin"), 1, dir).build();
        assertEquals(
                List.of(MeasureDefaults.MESSAGES, MeasureDefaults.WARMUP_MESSAGES),
                List.of(builder.messages(), builder.warmup().warmupMessages()),
                "the builder starts where the commands do");
    }

    @Test
    void shouldNameTheDefaultsInEveryMeasuringCommandsHelp() {
        for (Object command : List.of(new RunCommand(), new AbCommand(), new BisectCommand())) {
            // help wraps its lines: read as one
            String help = new CommandLine(command).getUsageMessage().replaceAll("\\s+", " ");
            assertTrue(
                    help.contains("default: 200000; --quick: 100000")
                            && help.contains("default: 200000; --quick: 20000")
                            && help.contains("(default: run 2, ab and bisect 4, --quick 1)"),
                    help);
        }
    }
}
