package io.stagebench.forked;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.config.RunConfig;
import io.stagebench.link.ForkEntry;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.LinkVersion;
import io.stagebench.link.Warmup;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ForkMainTest {

    @Test
    void shouldWarnOfAClassArchiveItsJvmDidNotMap() {
        List<String> given = List.of("-Xmx512m", "-XX:AOTCache=/cache/k.aot");

        Optional<String> unmapped = ForkExecution.classCacheWarning(given, "mixed mode");

        assertTrue(unmapped.orElseThrow().contains("/cache/k.aot was not mapped"), unmapped.toString());
        assertEquals(Optional.empty(), ForkExecution.classCacheWarning(given, "mixed mode, sharing"));
        assertEquals(
                Optional.empty(), ForkExecution.classCacheWarning(List.of("-Xmx512m"), "mixed mode"), "none given");
    }

    @Test
    void shouldNameTheBenchmarksOwnFrameWhereverTheTraceBegins() {
        IllegalStateException thrown = new IllegalStateException("no buffer");
        thrown.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("org.lib.Buffer", "wrap", "Buffer.java", 90),
            new StackTraceElement("com.acme.bench.Codec", "encode", "Codec.java", 12),
            new StackTraceElement("com.acme.bench.EncodeBenchmark", "setup", "EncodeBenchmark.java", 31)
        });
        RuntimeException wrapped = new RuntimeException("setup threw", thrown);
        wrapped.setStackTrace(new StackTraceElement[] {new StackTraceElement("io.stagebench.x.Y", "z", "Y.java", 1)});

        assertEquals(
                "com.acme.bench.Codec",
                ForkMain.benchmarkFrame(wrapped, "com.acme.bench.EncodeBenchmark")
                        .orElseThrow()
                        .getClassName(),
                "the first frame of its package, through the causes");
        assertEquals(Optional.empty(), ForkMain.benchmarkFrame(wrapped, "com.other.Bench"));
        assertEquals(Optional.empty(), ForkMain.benchmarkFrame(wrapped, "Unpackaged"), "no package to tell it by");
    }

    private static ForkSpec spec() {
        RunConfig config = RunConfig.builder(List.of("encode"), -1, Path.of("unused"))
                .forks(1)
                .warmup(Warmup.ofMessages(200_000))
                .messages(10_000_000)
                .overheadPairs(20_000)
                .lockMemory(false)
                .jvmFlagsInsteadOfDefaults(List.of())
                .forkTimeoutS(120)
                .build();
        return config.forkSpec("encode", 1, Path.of("unused"));
    }

    @Test
    void shouldSayInOneLineThatASetupRanOutOfHeapWithTheHeapAndTheFlagThatFixesIt() {
        // a setup's reflective call wraps what it threw
        Throwable thrown = new IllegalStateException(
                "setup failed", new InvocationTargetException(new OutOfMemoryError("Java heap space")));

        String line = ForkMain.outOfHeap(spec(), thrown).orElseThrow();

        assertTrue(line.startsWith("benchmark 'encode' ran out of the fork's heap (max "), line);
        assertTrue(line.contains("Java heap space) with 10,000,000 messages a fork and 200,000 of warm-up"), line);
        assertTrue(
                line.matches(".*fix: a larger heap, e\\.g\\. --jvm-arg=-Xmx[0-9]+g \\(this machine has [0-9,]+ MiB\\),"
                        + " or fewer messages \\(-n\\)"),
                line);
        assertEquals(1, line.lines().count());
    }

    @Test
    void shouldLeaveAnyOtherFailureToTheFullTrace() {
        assertEquals(
                Optional.empty(), ForkMain.outOfHeap(spec(), new IllegalStateException("setup failed on purpose")));
    }

    @Test
    void shouldRefuseASpecOfANewerLinkInOneLineBeforeLoadingAnything() {
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        // a benchmark no registry has: only the refusal comes before looking it up
        ForkSpec newer = RunConfig.builder(List.of("no-such-benchmark"), -1, Path.of("unused"))
                .build()
                .forkSpec("no-such-benchmark", 1, Path.of("/nonexistent"))
                .withLinkVersion(LinkVersion.CURRENT + 1);

        int code = ForkMain.execute(newer, new PrintStream(progress, true, StandardCharsets.UTF_8), null);

        String line = progress.toString(StandardCharsets.UTF_8).strip();
        assertEquals(ForkEntry.EXIT_REFUSED, code);
        assertEquals(1, line.lines().count(), line);
        assertTrue(
                line.contains("its spec speaks link version " + (LinkVersion.CURRENT + 1) + ", newer than this build's "
                        + LinkVersion.CURRENT),
                line);
    }
}
