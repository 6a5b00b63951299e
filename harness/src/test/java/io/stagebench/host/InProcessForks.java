package io.stagebench.host;

import io.stagebench.forked.ForkExecution;
import io.stagebench.json.Json;
import io.stagebench.link.ForkSpec;
import io.stagebench.process.JvmFork;
import io.stagebench.registry.BenchmarkRegistry;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * Forks run inside the test's JVM instead of a fresh one: fast, and the fork still writes its
 * {@code fork-N.json} and raw stamps where the runner reads them. Each fork runs on a thread
 * of its own, so the pinning it does ends with it.
 */
public final class InProcessForks {

    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    private InProcessForks() {
    }

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
            Thread fork = new Thread(() -> {
                try {
                    new ForkExecution(spec, registry.get(spec.benchmark()), QUIET).run();
                } catch (Throwable t) {
                    failure[0] = t;
                }
            }, "in-process fork " + spec.fork());
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
}
