package io.stagebench.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.config.RunConfig;
import io.stagebench.config.UsageException;
import io.stagebench.link.Warmup;
import io.stagebench.registry.BenchmarkDescriptor;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ForkHeapTest {

    private static final long MACHINE_BYTES = 24_105L << 20;
    private static final BenchmarkDescriptor ENCODE =
            new BenchmarkDescriptor("encode", List.of("encode"), "d", "x.Encode");

    private static RunConfig config(int messages, List<String> jvmArgs) {
        return RunConfig.builder(List.of("encode"), 1, Path.of("."))
                .forks(1)
                .messages(messages)
                .warmup(Warmup.ofMessages(200_000))
                .jvmFlags(jvmArgs)
                .build();
    }

    @Test
    void shouldSizeTheHeapOfTenMillionMessagesAndSayHowInOneLine() {
        ForkHeap.Plan plan = ForkHeap.plan(config(10_000_000, List.of()), List.of(ENCODE), MACHINE_BYTES);

        assertTrue(plan.sized());
        assertEquals(
                1_792, plan.heapMib()); // encode at 10,000,000 messages ran out of 512 MiB and measured in 1,024 MiB
        assertEquals(List.of("-Xms1792m", "-Xmx1792m"), plan.flags());
        assertEquals(
                "[run] fork heap 1,792 MiB (-Xmx1792m), sized from the stream: 163 MiB of stamp arrays for 10,000,000"
                        + " messages a fork ('encode') and 128 B a message for the benchmark's data over 10,200,000 messages"
                        + " replayed (--jvm-arg=-Xmx... to set it)",
                plan.line().orElseThrow());
    }

    @Test
    void shouldKeepTheDefaultHeapForTheDefaultStream() {
        ForkHeap.Plan plan = ForkHeap.plan(config(200_000, List.of()), List.of(ENCODE), MACHINE_BYTES);

        assertFalse(plan.sized());
        assertEquals(512, plan.heapMib());
        assertEquals(List.of(), plan.flags());
    }

    @Test
    void shouldRefuseInOneLineWhatTheMachineCannotHold() {
        UsageException refused = assertThrows(
                UsageException.class,
                () -> ForkHeap.plan(config(10_000_000, List.of()), List.of(ENCODE), 2_048L << 20));

        assertTrue(
                refused.getMessage().startsWith("the forks would need a heap of ~1,792 MiB ("), refused.getMessage());
        assertTrue(
                refused.getMessage()
                        .endsWith("more than three quarters of this machine's 2,048 MiB; fix: fewer messages"
                                + " (-n, -w), or set the heap yourself with --jvm-arg=-Xmx...; no fork was started"),
                refused.getMessage());
    }

    @Test
    void shouldCheckAGivenHeapAgainstTheStampArraysOnly() {
        UsageException refused = assertThrows(
                UsageException.class,
                () -> ForkHeap.plan(config(10_000_000, List.of("-Xmx256m")), List.of(ENCODE), MACHINE_BYTES));
        assertEquals(
                "benchmark 'encode': 10,000,000 messages a fork need 163 MiB of stamp arrays, more than half the"
                        + " fork's heap of 256 MiB (-Xmx given); fix: a larger heap, e.g. --jvm-arg=-Xmx768m (this machine has"
                        + " 24,105 MiB), or fewer messages (-n); no fork was started",
                refused.getMessage());

        ForkHeap.Plan given =
                ForkHeap.plan(config(10_000_000, List.of("-XX:MaxHeapSize=1g")), List.of(ENCODE), MACHINE_BYTES);
        assertFalse(given.sized());
        assertEquals(1_024, given.heapMib());
    }
}
