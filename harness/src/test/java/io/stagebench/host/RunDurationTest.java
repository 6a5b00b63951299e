package io.stagebench.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stagebench.config.RunConfig;
import io.stagebench.link.Warmup;
import io.stagebench.registry.BenchmarkDescriptor;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunDurationTest {

    private static final List<BenchmarkDescriptor> ENCODE =
            List.of(new BenchmarkDescriptor("encode", List.of("encode"), "d", "x.Encode"));

    private static RunConfig quick(int forks) {
        return RunConfig.builder(List.of("encode"), 1, Path.of("."))
                .forks(forks)
                .messages(20_000)
                .warmup(Warmup.ofMessages(100_000))
                .replicas(1)
                .build();
    }

    @Test
    void shouldSayBeforeItStartsThatAHundredThousandForksTakeDays() {
        assertEquals(
                Optional.of("[run] 100,000 forks will take at least 2.9 days (2.5 s a fork before it measures, JVM"
                        + " start and calibration); stop it with Ctrl-C, or ask for fewer forks (-f)"),
                RunDuration.line(quick(100_000), ENCODE));
    }

    @Test
    void shouldSayNothingOfARunUnderAnHour() {
        assertEquals(Optional.empty(), RunDuration.line(quick(1_000), ENCODE));
        assertEquals("1.0 h", RunDuration.duration(3_600));
    }
}
