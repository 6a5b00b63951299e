package io.stagebench.host;

import io.stagebench.forked.ForkExecution;
import io.stagebench.forked.ForkMain;
import io.stagebench.json.Json;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.ProgressChannel;
import io.stagebench.process.JvmFork;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.system.CpuList;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

/**
 * Forks run inside the test's JVM instead of a fresh one: fast, and the fork still writes its {@code fork-N.json} and
 * raw stamps where the runner reads them. Each fork runs on a thread of its own, so the pinning it does ends with it.
 *
 * <p>{@link #LAUNCHERS} is the seam a command line takes ({@code Main.run(args, out, err, InProcessForks.LAUNCHERS)}):
 * the command's own benchmarks and a project's {@code --classpath} run here through {@link ForkMain#execute}, exactly
 * the code a fresh fork runs after reading its spec, with its exit codes (a full disk, a refused declaration) and its
 * progress lines passed to the launcher as a fork's stdout would be. Another build of the project still starts a JVM.
 * The test's JVM is not moved off the measuring CPU. What an in-process fork cannot show: its JVM flags (heap,
 * {@code -Xbatch}, address randomisation), a crash, a timeout, a signal; tests of those start real forks.
 */
public final class InProcessForks {

    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    /** A command line's forks, in this JVM (see the class comment). */
    public static final ForkLaunchers LAUNCHERS = new ForkLaunchers() {
        @Override
        public ForkLauncher own() {
            return inProcess(List.of());
        }

        @Override
        public ForkLauncher project(String forkClassPath, List<String> benchmarkEntries) {
            return inProcess(benchmarkEntries);
        }

        @Override
        public boolean movesLauncherOffMeasuringCpu() {
            return false;
        }
    };

    private InProcessForks() {}

    /** @return a launcher that runs every fork here and reports it succeeded */
    public static ForkLauncher launcher(BenchmarkRegistry registry) {
        return (specFile, flags, cpus, timeout) -> {
            run(specFile, registry);
            return succeeded();
        };
    }

    /** @return how a fork that exited 0 ends */
    public static JvmFork.Exit succeeded() {
        return new JvmFork.Exit(List.of("in-process"), 0, false, "", 5, null);
    }

    /** Runs the fork {@code specFile} describes, on a thread of its own; returns its spec. */
    public static ForkSpec run(Path specFile, BenchmarkRegistry registry) {
        try {
            ForkSpec spec = Json.mapper().readValue(specFile.toFile(), ForkSpec.class);
            Throwable[] failure = new Throwable[1];
            Thread fork = new Thread(
                    () -> {
                        try {
                            new ForkExecution(spec, registry.get(spec.job().benchmark()), QUIET).run();
                        } catch (Throwable t) {
                            failure[0] = t;
                        }
                    },
                    "in-process fork " + spec.job().fork());
            fork.start();
            fork.join();
            if (failure[0] != null) {
                throw new AssertionError(failure[0]);
            }
            return spec;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** @return forks of this JVM's benchmarks and of {@code benchmarkEntries}, run by {@link ForkMain#execute} here */
    private static ForkLauncher inProcess(List<String> benchmarkEntries) {
        List<String> entries = List.copyOf(benchmarkEntries);
        return new ForkLauncher() {
            @Override
            public List<String> benchmarkClassPath() {
                return entries;
            }

            @Override
            public JvmFork.Exit launch(Path specFile, List<String> jvmFlags, CpuList serviceCpus, Duration timeout) {
                return launch(specFile, jvmFlags, serviceCpus, timeout, null);
            }

            @Override
            public JvmFork.Exit launch(
                    Path specFile,
                    List<String> jvmFlags,
                    CpuList serviceCpus,
                    Duration timeout,
                    Consumer<String> progressLines) {
                return execute(specFile, progressLines, InputStream.nullInputStream());
            }

            @Override
            public JvmFork.Exit launch(
                    Path specFile,
                    List<String> jvmFlags,
                    CpuList serviceCpus,
                    Duration timeout,
                    Consumer<String> progressLines,
                    Consumer<OutputStream> stdin) {
                // the fork's stdin, as a fresh JVM's would carry its turns: a pipe from the launcher's side
                try (PipedInputStream turns = new PipedInputStream()) {
                    stdin.accept(new PipedOutputStream(turns));
                    return execute(specFile, progressLines, turns);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }

            @Override
            public boolean takesTurns() {
                return true;
            }
        };
    }

    /**
     * Runs {@link ForkMain#execute} on a thread of its own; its progress lines go to {@code progressLines} as they
     * come, framed as a fork frames them on its stdout ({@link ProgressChannel}).
     */
    private static JvmFork.Exit execute(Path specFile, Consumer<String> progressLines, InputStream turns) {
        long startNs = System.nanoTime();
        Deque<String> tail = new ArrayDeque<>();
        OutputStream stdout = new LineSplitter(line -> {
            if (progressLines != null) {
                progressLines.accept(line);
            }
            tail.addLast(line);
            if (tail.size() > JvmFork.STDOUT_TAIL_LINES) {
                tail.removeFirst();
            }
        });
        int[] code = {1};
        try {
            ForkSpec spec = Json.mapper().readValue(specFile.toFile(), ForkSpec.class);
            PrintStream progress = spec.job().progressToken() == null
                    ? new PrintStream(stdout, true, StandardCharsets.UTF_8)
                    : ProgressChannel.open(spec.job().progressToken(), stdout);
            Thread fork = new Thread(
                    () -> code[0] = ForkMain.execute(spec, progress, turns),
                    "in-process fork " + spec.job().fork());
            fork.start();
            fork.join();
            progress.flush();
        } catch (Exception e) {
            throw new AssertionError("in-process fork of " + specFile + ": " + e, e);
        }
        return new JvmFork.Exit(
                List.of("in-process", specFile.toString()),
                code[0],
                false,
                "",
                (System.nanoTime() - startNs) / 1_000_000,
                null,
                List.copyOf(tail));
    }

    /** Bytes to lines, each passed on as it ends. */
    private static final class LineSplitter extends OutputStream {
        private final Consumer<String> lines;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        LineSplitter(Consumer<String> lines) {
            this.lines = lines;
        }

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                lines.accept(line.toString(StandardCharsets.UTF_8));
                line.reset();
            } else {
                line.write(b);
            }
        }
    }
}
