package io.stagebench.runner;

import io.stagebench.fork.JvmFork;
import io.stagebench.json.Json;
import io.stagebench.store.AtomicFiles;
import io.stagebench.system.CpuList;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The parent side of a run: for each benchmark, N forks one after another (the parent
 * waits idle, off the measuring CPU), then merges what the forks wrote. A fork that
 * crashes, hangs past its timeout or writes an unreadable result is reported and the
 * others are kept.
 */
public final class Runner {

    private final RunConfig config;
    private final BenchmarkRegistry registry;
    private final CpuList serviceCpus;
    private final ForkLauncher launcher;
    private final PrintStream progress;

    public Runner(RunConfig config, BenchmarkRegistry registry, CpuList serviceCpus, ForkLauncher launcher,
                  PrintStream progress) {
        this.config = config;
        this.registry = registry;
        this.serviceCpus = serviceCpus;
        this.launcher = launcher;
        this.progress = progress;
    }

    /** Runs every benchmark of the config; returns their merged outcomes in order. */
    public List<BenchmarkOutcome> run() throws IOException {
        List<BenchmarkOutcome> outcomes = new ArrayList<>();
        for (String name : config.benchmarks()) {
            outcomes.add(runBenchmark(registry.get(name)));
        }
        return outcomes;
    }

    private BenchmarkOutcome runBenchmark(BenchmarkDescriptor descriptor) throws IOException {
        Path forkDir = config.runDir().resolve("forks").resolve(descriptor.name());
        Files.createDirectories(forkDir);
        List<ForkResult> results = new ArrayList<>();
        List<Map<String, double[]>> series = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (int fork = 1; fork <= config.forks(); fork++) {
            String label = descriptor.name() + " fork " + fork + "/" + config.forks();
            progress.println("[run] " + label + ": starting a fresh JVM");
            ForkSpec spec = config.forkSpec(descriptor.name(), fork, forkDir);
            Path specFile = forkDir.resolve("fork-" + fork + ".spec.json");
            AtomicFiles.writeString(specFile, Json.write(spec));
            JvmFork.Outcome outcome = launcher.launch(specFile, config.jvmFlags(), serviceCpus,
                    Duration.ofSeconds(config.forkTimeoutS()));
            if (!outcome.succeeded()) {
                failures.add(label + " " + outcome.failure() + " (its output is above; the other forks are kept)");
                progress.println("[run] " + label + ": FAILED, " + outcome.failure());
                continue;
            }
            try {
                ForkResult result = Json.mapper().readValue(forkDir.resolve(spec.resultFileName()).toFile(), ForkResult.class);
                RawStamps raw = RawStamps.read(forkDir.resolve(result.rawFile()));
                series.add(LatencySeries.compute(raw, result.stages(), result.overhead().minTicks(),
                        result.calibration().ticksPerNs()));
                results.add(result);
            } catch (IOException | RuntimeException e) {
                failures.add(label + " wrote an unreadable result: " + e.getMessage());
            }
        }
        return BenchmarkOutcome.merge(descriptor, results, series, failures);
    }
}
